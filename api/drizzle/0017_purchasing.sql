CREATE TABLE "purchasing_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"received_quantity" bigint DEFAULT 0 NOT NULL,
	"unit_price" numeric(13, 4) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchasing_order_lines_quantity_positive" CHECK ("purchasing_order_lines"."quantity" > 0),
	CONSTRAINT "purchasing_order_lines_received_nonnegative" CHECK ("purchasing_order_lines"."received_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchasing_order_numbers" (
	"warehouse_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "purchasing_order_numbers_warehouse_id_year_pk" PRIMARY KEY("warehouse_id","year")
);
--> statement-breakpoint
CREATE TABLE "purchasing_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"supplier_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"expected_at" date,
	"note" varchar(1000),
	"created_by" integer,
	"ordered_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchasing_orders_status_valid" CHECK ("purchasing_orders"."status" IN ('draft', 'ordered', 'partially_received', 'received', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "purchasing_supplier_prices" (
	"article_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_sku" varchar(64),
	"unit_price" numeric(13, 4) NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchasing_supplier_prices_article_id_supplier_id_pk" PRIMARY KEY("article_id","supplier_id"),
	CONSTRAINT "purchasing_supplier_prices_pack_size_valid" CHECK ("purchasing_supplier_prices"."pack_size" >= 1)
);
--> statement-breakpoint
CREATE TABLE "purchasing_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254),
	"phone" varchar(50),
	"address" varchar(500),
	"customer_number" varchar(64),
	"lead_time_days" integer DEFAULT 7 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchasing_suppliers_lead_time_valid" CHECK ("purchasing_suppliers"."lead_time_days" BETWEEN 0 AND 365)
);
--> statement-breakpoint
ALTER TABLE "stock_articles" ADD COLUMN "on_order" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "purchase_order_id" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "unit_cost" numeric(13, 4);--> statement-breakpoint
ALTER TABLE "purchasing_order_lines" ADD CONSTRAINT "purchasing_order_lines_order_id_purchasing_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchasing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchasing_order_lines" ADD CONSTRAINT "purchasing_order_lines_article_id_stock_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."stock_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchasing_order_numbers" ADD CONSTRAINT "purchasing_order_numbers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchasing_orders" ADD CONSTRAINT "purchasing_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchasing_orders" ADD CONSTRAINT "purchasing_orders_supplier_id_purchasing_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."purchasing_suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchasing_orders" ADD CONSTRAINT "purchasing_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchasing_supplier_prices" ADD CONSTRAINT "purchasing_supplier_prices_article_id_stock_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."stock_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchasing_supplier_prices" ADD CONSTRAINT "purchasing_supplier_prices_supplier_id_purchasing_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."purchasing_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchasing_suppliers" ADD CONSTRAINT "purchasing_suppliers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchasing_order_lines_order_idx" ON "purchasing_order_lines" USING btree ("order_id","position","id");--> statement-breakpoint
CREATE INDEX "purchasing_order_lines_article_idx" ON "purchasing_order_lines" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchasing_orders_warehouse_number_unique" ON "purchasing_orders" USING btree ("warehouse_id","number");--> statement-breakpoint
CREATE INDEX "purchasing_orders_warehouse_id_idx" ON "purchasing_orders" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "purchasing_orders_warehouse_status_idx" ON "purchasing_orders" USING btree ("warehouse_id","status","id");--> statement-breakpoint
CREATE INDEX "purchasing_orders_supplier_idx" ON "purchasing_orders" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchasing_supplier_prices_preferred_unique" ON "purchasing_supplier_prices" USING btree ("article_id") WHERE "purchasing_supplier_prices"."preferred";--> statement-breakpoint
CREATE INDEX "purchasing_supplier_prices_supplier_idx" ON "purchasing_supplier_prices" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchasing_suppliers_warehouse_name_unique" ON "purchasing_suppliers" USING btree ("warehouse_id",lower("name"));--> statement-breakpoint
ALTER TABLE "stock_articles" ADD CONSTRAINT "stock_articles_on_order_nonnegative" CHECK ("stock_articles"."on_order" >= 0);--> statement-breakpoint
-- Written by hand (the stock module's tables.ts cannot import purchasing, which builds on it): a
-- receipt's journal row names its purchase order.
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_purchase_order_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchasing_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_purchase_order_idx" ON "stock_movements" USING btree ("purchase_order_id") WHERE "stock_movements"."purchase_order_id" IS NOT NULL;--> statement-breakpoint
-- The four purchasing permissions (ids 14..17, in the order of @lager/contract's
-- PURCHASING_PERMISSION_NAMES); the owner role holds them all.
INSERT INTO permissions (id, name, description_de, description_en) VALUES
  (14, 'view_purchasing', 'Einkauf ansehen', 'View purchasing'),
  (15, 'manage_suppliers', 'Lieferanten verwalten', 'Manage suppliers'),
  (16, 'manage_purchase_orders', 'Bestellungen verwalten', 'Manage purchase orders'),
  (17, 'receive_goods', 'Wareneingang buchen', 'Receive goods');--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id) SELECT 1, id FROM permissions WHERE id BETWEEN 14 AND 17;

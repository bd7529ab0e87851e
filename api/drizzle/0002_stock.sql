CREATE TABLE "stock_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"sku" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"unit" varchar(8) NOT NULL,
	"description" text,
	"barcode" varchar(64),
	"min_stock" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_articles_quantity_nonnegative" CHECK ("stock_articles"."quantity" >= 0),
	CONSTRAINT "stock_articles_min_stock_nonnegative" CHECK ("stock_articles"."min_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"request_hash" char(64) NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"delta" bigint NOT NULL,
	"quantity_after" bigint NOT NULL,
	"reason" varchar(32),
	"note" varchar(500),
	"reference" varchar(100),
	"user_id" integer,
	"user_name" varchar(255) NOT NULL,
	"transfer_id" uuid,
	"reverses_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind_valid" CHECK ("stock_movements"."kind" IN ('in', 'out', 'correction', 'transfer_out', 'transfer_in', 'reversal')),
	CONSTRAINT "stock_movements_quantity_after_nonnegative" CHECK ("stock_movements"."quantity_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_articles" ADD CONSTRAINT "stock_articles_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_idempotency_keys" ADD CONSTRAINT "stock_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_article_id_stock_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."stock_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reverses_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."stock_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_articles_warehouse_sku_unique" ON "stock_articles" USING btree ("warehouse_id",lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "stock_articles_warehouse_barcode_unique" ON "stock_articles" USING btree ("warehouse_id","barcode") WHERE "stock_articles"."barcode" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_articles_warehouse_name_idx" ON "stock_articles" USING btree ("warehouse_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "stock_articles_warehouse_quantity_idx" ON "stock_articles" USING btree ("warehouse_id","quantity","id");--> statement-breakpoint
CREATE INDEX "stock_articles_warehouse_updated_idx" ON "stock_articles" USING btree ("warehouse_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "stock_articles_low_idx" ON "stock_articles" USING btree ("warehouse_id","id") WHERE "stock_articles"."quantity" <= "stock_articles"."min_stock" AND "stock_articles"."min_stock" > 0 AND "stock_articles"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_idempotency_keys_created_idx" ON "stock_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_reverses_unique" ON "stock_movements" USING btree ("reverses_id") WHERE "stock_movements"."reverses_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_created_idx" ON "stock_movements" USING btree ("warehouse_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_article_created_idx" ON "stock_movements" USING btree ("article_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_user_created_idx" ON "stock_movements" USING btree ("warehouse_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_transfer_idx" ON "stock_movements" USING btree ("transfer_id") WHERE "stock_movements"."transfer_id" IS NOT NULL;
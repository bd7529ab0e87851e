CREATE TABLE "stock_default_locations" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_location_quantities" (
	"location_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_location_quantities_location_id_article_id_pk" PRIMARY KEY("location_id","article_id"),
	CONSTRAINT "stock_location_quantities_nonnegative" CHECK ("stock_location_quantities"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100),
	"parent_id" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_locations_code_valid" CHECK ("stock_locations"."code" ~ '^[A-Z0-9./-]{1,32}$')
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_valid";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "location_quantity_after" bigint;--> statement-breakpoint
ALTER TABLE "stock_default_locations" ADD CONSTRAINT "stock_default_locations_article_id_stock_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."stock_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_default_locations" ADD CONSTRAINT "stock_default_locations_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_location_quantities" ADD CONSTRAINT "stock_location_quantities_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_location_quantities" ADD CONSTRAINT "stock_location_quantities_article_id_stock_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."stock_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_location_quantities" ADD CONSTRAINT "stock_location_quantities_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_default_locations_location_idx" ON "stock_default_locations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "stock_location_quantities_article_idx" ON "stock_location_quantities" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "stock_location_quantities_stocked_idx" ON "stock_location_quantities" USING btree ("location_id","article_id") WHERE "stock_location_quantities"."quantity" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_warehouse_code_unique" ON "stock_locations" USING btree ("warehouse_id",lower("code"));--> statement-breakpoint
CREATE INDEX "stock_locations_parent_idx" ON "stock_locations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "stock_movements_location_created_idx" ON "stock_movements" USING btree ("location_id","created_at","id") WHERE "stock_movements"."location_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_valid" CHECK ("stock_movements"."kind" IN ('in', 'out', 'correction', 'transfer_out', 'transfer_in', 'reversal', 'relocation'));--> statement-breakpoint
-- Written by hand below (stock-spec-2.md §1). stock_movements cannot name stock_locations in
-- drizzle (the stock module does not import the locations module), so its foreign key is here.
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every warehouse gets its STANDARD location; every existing stock moves there. The migrator runs
-- each pending migration inside one transaction: all of it or none.
INSERT INTO "stock_locations" ("warehouse_id", "code") SELECT "id", 'STANDARD' FROM "warehouses";--> statement-breakpoint
INSERT INTO "stock_location_quantities" ("location_id", "article_id", "warehouse_id", "quantity")
  SELECT l."id", a."id", a."warehouse_id", a."quantity"
  FROM "stock_articles" a JOIN "stock_locations" l ON l."warehouse_id" = a."warehouse_id" AND l."code" = 'STANDARD'
  WHERE a."quantity" > 0;--> statement-breakpoint
-- stock-spec-2.md's permission (id 13, after the six of 0003); the owner role holds it.
INSERT INTO "permissions" ("id", "name", "description_de", "description_en") VALUES
  (13, 'manage_locations', 'Lagerplätze verwalten', 'Manage storage locations');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id") VALUES (1, 13);

CREATE TABLE "stock_article_deletions" (
	"warehouse_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_article_deletions_warehouse_id_article_id_pk" PRIMARY KEY("warehouse_id","article_id")
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_article_deletions" ADD CONSTRAINT "stock_article_deletions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_article_deletions_deleted_idx" ON "stock_article_deletions" USING btree ("warehouse_id","deleted_at");
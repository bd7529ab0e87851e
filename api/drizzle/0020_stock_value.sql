CREATE TABLE "stock_count_lines" (
	"session_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"lot" varchar(40) DEFAULT '' NOT NULL,
	"expected" bigint NOT NULL,
	"counted" bigint,
	"counted_by" varchar(255),
	"counted_at" timestamp with time zone,
	"difference" bigint,
	CONSTRAINT "stock_count_lines_session_id_article_id_location_id_lot_pk" PRIMARY KEY("session_id","article_id","location_id","lot")
);
--> statement-breakpoint
CREATE TABLE "stock_count_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"location_id" integer,
	"blind" boolean DEFAULT false NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"opened_after_id" bigint NOT NULL,
	"opened_by" varchar(255) NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" varchar(255),
	"closed_at" timestamp with time zone,
	CONSTRAINT "stock_count_sessions_status_valid" CHECK ("stock_count_sessions"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "stock_articles" ADD COLUMN "average_cost" numeric(13, 4);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "average_cost_after" numeric(13, 4);--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_session_id_stock_count_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."stock_count_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_article_id_stock_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."stock_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_sessions" ADD CONSTRAINT "stock_count_sessions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_count_sessions_warehouse_idx" ON "stock_count_sessions" USING btree ("warehouse_id","id");--> statement-breakpoint
-- Written by hand (stock-spec-3 §3): the moving average (gleitender Durchschnitt) per article, which
-- is per warehouse. One BEFORE INSERT trigger on the journal sets each row's `unit_cost` and
-- `average_cost_after` and keeps `stock_articles.average_cost`, so every booking path (stock_book,
-- stock_book_lot, the statement path, receipts, counts) values its rows in its own transaction, under
-- the article row lock the booking already holds. Exact numeric, half-up (round() on positive
-- numerics) to 4 places.
--   priced goods-in / receipt / transfer-in of q at c: avg = (stock × avg + q × c) / (stock + q);
--     into empty stock (or stock with no average yet): avg = c
--   transfer-in without a price: c = the sending warehouse's average (its transfer_out row)
--   unpriced goods-in, correction up, positive reversal: the current average (unit_cost = avg)
--   goods-out, correction down, negative reversal, relocation: the average is left (unit_cost = avg)
CREATE FUNCTION "stock_movement_value"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_avg numeric(13, 4);
  v_new numeric(13, 4);
  v_before bigint;
BEGIN
  SELECT average_cost INTO v_avg FROM stock_articles WHERE id = NEW.article_id;
  IF NEW.kind = 'transfer_in' AND NEW.unit_cost IS NULL AND NEW.transfer_id IS NOT NULL THEN
    SELECT m.average_cost_after INTO NEW.unit_cost FROM stock_movements m
      WHERE m.transfer_id = NEW.transfer_id AND m.kind = 'transfer_out' ORDER BY m.id LIMIT 1;
  END IF;
  v_before := NEW.quantity_after - NEW.delta;
  IF NEW.delta > 0 AND NEW.kind IN ('in', 'transfer_in') AND NEW.unit_cost IS NOT NULL THEN
    IF v_before <= 0 OR v_avg IS NULL THEN
      v_new := NEW.unit_cost;
    ELSE
      v_new := round((v_before::numeric * v_avg + NEW.delta::numeric * NEW.unit_cost) / (v_before + NEW.delta), 4);
    END IF;
  ELSE
    v_new := v_avg;
    NEW.unit_cost := v_avg;
  END IF;
  NEW.average_cost_after := v_new;
  IF v_new IS DISTINCT FROM v_avg THEN
    UPDATE stock_articles SET average_cost = v_new WHERE id = NEW.article_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_value" BEFORE INSERT ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "stock_movement_value"();--> statement-breakpoint
-- The two value permissions of stock-spec-3 §3 (ids 18, 19; stock group, after manage_locations in
-- @lager/contract's STOCK_PERMISSION_NAMES); the owner role holds them.
INSERT INTO permissions (id, name, description_de, description_en) VALUES
  (18, 'view_stock_value', 'Bestandswert und Einstandspreise sehen', 'See stock value and costs'),
  (19, 'manage_counts', 'Inventuren durchführen', 'Run stock counts');--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id) SELECT 1, id FROM permissions WHERE id IN (18, 19);

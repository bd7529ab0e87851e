CREATE TABLE "stock_lot_quantities" (
	"lot_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_lot_quantities_lot_id_location_id_pk" PRIMARY KEY("lot_id","location_id"),
	CONSTRAINT "stock_lot_quantities_nonnegative" CHECK ("stock_lot_quantities"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"best_before" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_articles" ADD COLUMN "tracking" varchar(8) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_articles" ADD COLUMN "expiry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "lot" varchar(40);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "serial" varchar(64);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "best_before" date;--> statement-breakpoint
ALTER TABLE "stock_lot_quantities" ADD CONSTRAINT "stock_lot_quantities_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_article_id_stock_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."stock_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_lot_quantities_article_location_idx" ON "stock_lot_quantities" USING btree ("article_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lots_article_code_unique" ON "stock_lots" USING btree ("article_id","code");--> statement-breakpoint
CREATE INDEX "stock_lots_warehouse_best_before_idx" ON "stock_lots" USING btree ("warehouse_id","best_before","id");--> statement-breakpoint
CREATE INDEX "stock_movements_article_lot_idx" ON "stock_movements" USING btree ("article_id","lot","id") WHERE "stock_movements"."lot" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_article_serial_idx" ON "stock_movements" USING btree ("article_id","serial","id") WHERE "stock_movements"."serial" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_lot_idx" ON "stock_movements" USING btree ("warehouse_id","lot","created_at","id") WHERE "stock_movements"."lot" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_articles" ADD CONSTRAINT "stock_articles_tracking_valid" CHECK ("stock_articles"."tracking" IN ('none', 'lot', 'serial'));--> statement-breakpoint
-- Written by hand: the lot stock lies at a storage location (modules/locations; stock/tables.ts cannot import it).
ALTER TABLE "stock_lot_quantities" ADD CONSTRAINT "stock_lot_quantities_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- stock-spec-3 §2: `stock_book` (migrations 0012/0015) books untracked articles only. A lot or serial article
-- (tracking <> 'none') is handed back (LG000, nothing written) to the statement-by-statement path, which
-- books its lots (stock/lots.ts). The condition sits in the statements that already read the article row.
CREATE OR REPLACE FUNCTION "stock_book"(
  p_user_id integer, p_key uuid, p_hash char(64), p_ttl_hours integer,
  p_warehouse_id integer, p_article_id integer, p_kind varchar, p_amount bigint, p_location_id integer,
  p_reason varchar, p_note varchar, p_reference varchar, p_user_name varchar, p_occurred_at timestamptz,
  p_max bigint, p_whole_units varchar[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_stored record;
  v_place record;
  v_article stock_articles;
  v_movement stock_movements;
  v_delta bigint;
  v_there bigint;
  v_after bigint;
  v_status integer := 201;
  v_answer jsonb;
BEGIN
  INSERT INTO stock_idempotency_keys AS k (user_id, key, request_hash) VALUES (p_user_id, p_key, p_hash)
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = excluded.request_hash, status_code = NULL, response = NULL, created_at = now()
      WHERE k.created_at < now() - make_interval(hours => p_ttl_hours);
  IF NOT FOUND THEN
    SELECT request_hash, status_code, response INTO v_stored
      FROM stock_idempotency_keys WHERE user_id = p_user_id AND key = p_key;
    IF NOT FOUND OR v_stored.request_hash <> p_hash THEN
      RETURN jsonb_build_object('mismatch', true);
    END IF;
    RETURN jsonb_build_object('replayed', true, 'status', coalesce(v_stored.status_code, 201), 'body', v_stored.response);
  END IF;

  IF p_location_id IS NOT NULL THEN
    SELECT id, code, archived_at INTO v_place FROM stock_locations
      WHERE id = p_location_id AND warehouse_id = p_warehouse_id FOR SHARE;
  ELSE
    SELECT l.id, l.code, l.archived_at INTO v_place FROM stock_locations l
      WHERE l.warehouse_id = p_warehouse_id AND l.id = coalesce(
        (SELECT d.location_id FROM stock_default_locations d WHERE d.article_id = p_article_id),
        (SELECT s.id FROM stock_locations s WHERE s.warehouse_id = p_warehouse_id AND lower(s.code) = lower('STANDARD')));
    -- STANDARD is never archived and not locked (every booking naming no location would share it).
    IF FOUND AND upper(v_place.code) <> 'STANDARD' THEN
      SELECT id, code, archived_at INTO v_place FROM stock_locations WHERE id = v_place.id FOR SHARE;
    END IF;
  END IF;
  IF NOT FOUND OR v_place.archived_at IS NOT NULL THEN
    RAISE EXCEPTION 'stock_book: location' USING ERRCODE = 'LG000';
  END IF;

  IF p_kind = 'correction' THEN
    -- The counted quantity replaces the stock at the place; the locked row makes the difference exact.
    SELECT * INTO v_article FROM stock_articles
      WHERE id = p_article_id AND warehouse_id = p_warehouse_id AND archived_at IS NULL AND tracking = 'none' FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'stock_book: article' USING ERRCODE = 'LG000';
    END IF;
    SELECT quantity INTO v_there FROM stock_location_quantities
      WHERE location_id = v_place.id AND article_id = p_article_id;
    v_delta := p_amount - coalesce(v_there, 0);
    IF v_delta = 0 THEN
      v_status := 200;
      v_answer := jsonb_build_object('article', to_jsonb(v_article), 'movement', NULL, 'location_code', NULL);
    END IF;
  ELSIF p_kind = 'in' THEN
    v_delta := p_amount;
  ELSE
    v_delta := -p_amount;
  END IF;

  IF v_answer IS NULL THEN
    UPDATE stock_articles SET quantity = quantity + v_delta, updated_at = now()
      WHERE id = p_article_id AND warehouse_id = p_warehouse_id AND archived_at IS NULL AND tracking = 'none'
        AND quantity + v_delta >= 0 AND (v_delta <= 0 OR quantity + v_delta <= p_max)
        AND (v_delta % 1000 = 0 OR unit <> ALL (p_whole_units))
      RETURNING * INTO v_article;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'stock_book: article' USING ERRCODE = 'LG000';
    END IF;
    IF v_delta >= 0 THEN
      INSERT INTO stock_location_quantities AS q (location_id, article_id, warehouse_id, quantity)
        VALUES (v_place.id, p_article_id, p_warehouse_id, v_delta)
        ON CONFLICT (location_id, article_id) DO UPDATE SET quantity = q.quantity + excluded.quantity
        RETURNING quantity INTO v_after;
    ELSE
      UPDATE stock_location_quantities SET quantity = quantity + v_delta
        WHERE location_id = v_place.id AND article_id = p_article_id AND quantity + v_delta >= 0
        RETURNING quantity INTO v_after;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'stock_book: location stock' USING ERRCODE = 'LG000';
      END IF;
    END IF;
    INSERT INTO stock_movements (warehouse_id, article_id, kind, delta, quantity_after, reason, note, reference,
        user_id, user_name, occurred_at, location_id, location_quantity_after)
      VALUES (p_warehouse_id, p_article_id, p_kind, v_delta, v_article.quantity, p_reason, p_note, p_reference,
        p_user_id, p_user_name, p_occurred_at, v_place.id, v_after)
      RETURNING * INTO v_movement;
    v_answer := jsonb_build_object('article', to_jsonb(v_article), 'movement', to_jsonb(v_movement), 'location_code', v_place.code);
  END IF;

  -- The key's row exists (claimed above, locked by this call): the conflict on (user_id, key) finds it through
  -- the unique index whatever the planner thinks of the table, and this sets the answer on it.
  INSERT INTO stock_idempotency_keys AS k (user_id, key, request_hash, status_code, response)
    VALUES (p_user_id, p_key, p_hash, v_status, jsonb_build_object('$booking', v_answer))
    ON CONFLICT (user_id, key) DO UPDATE SET status_code = excluded.status_code, response = excluded.response;
  RETURN jsonb_build_object('status', v_status, 'booking', v_answer);
END
$$;

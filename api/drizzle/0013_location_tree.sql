-- Issue 28, the location tree list (stock-spec-2.md §5, 20 000 nodes in one answer):
-- * articles per location of one warehouse come from an index-only scan of its stocked rows in
--   location order, merged with the warehouse's locations read in id order (no hash of every
--   location and every stock row);
-- * each location keeps the start of its node's JSON (id, code, name, parent_id) in a generated
--   column, so the list concatenates 3 pieces per node instead of 9.
-- Written by hand: drizzle-kit has no functions. to_json of text depends on no setting (unlike
-- to_json of a timestamp) but is declared STABLE; a generated column needs an IMMUTABLE one.
CREATE FUNCTION "stock_json_text"(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT to_json(value)::text $$;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD COLUMN "list_head" text GENERATED ALWAYS AS ('{"id":' || id::text || ',"code":"' || code::text || '","name":' || coalesce(stock_json_text(name), 'null') || ',"parent_id":' || coalesce(parent_id::text, 'null')) STORED;--> statement-breakpoint
CREATE INDEX "stock_location_quantities_warehouse_stocked_idx" ON "stock_location_quantities" USING btree ("warehouse_id","location_id") WHERE "stock_location_quantities"."quantity" > 0;--> statement-breakpoint
CREATE INDEX "stock_locations_warehouse_idx" ON "stock_locations" USING btree ("warehouse_id","id");
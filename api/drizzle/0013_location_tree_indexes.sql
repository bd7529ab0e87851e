-- Issue 28, the location tree list (stock-spec-2.md §5, 20 000 nodes): articles per location of one
-- warehouse come from an index-only scan of the stocked rows in location order, merged with the
-- warehouse's locations read in id order (no hash of every location and every stock row).
CREATE INDEX "stock_location_quantities_warehouse_stocked_idx" ON "stock_location_quantities" USING btree ("warehouse_id","location_id") WHERE "stock_location_quantities"."quantity" > 0;--> statement-breakpoint
CREATE INDEX "stock_locations_warehouse_idx" ON "stock_locations" USING btree ("warehouse_id","id");
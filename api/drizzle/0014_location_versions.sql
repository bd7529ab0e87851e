-- Issue 28, the location tree list (stock-spec-2.md §5): a version per warehouse that changes with
-- every statement that writes any of its locations, so the API can keep the part of the list that
-- only the locations' own fields make (id, code, name, parent_id, archived_at, standard) and read
-- just the article counts per request. Statement triggers (one row per statement and warehouse, not
-- per location: a bulk insert of 20 000 locations renews it once); a random uuid, never reused, so
-- a process cannot mistake a version after a TRUNCATE, a restore or a recreated database for the one
-- it kept. Bookings do not write stock_locations (they lock theirs FOR SHARE): they never touch it.
-- The triggers and the function are written by hand: drizzle-kit has none.
CREATE TABLE "stock_location_versions" (
	"warehouse_id" integer PRIMARY KEY NOT NULL,
	"version" uuid NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "stock_locations_changed"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE stock_location_versions SET version = gen_random_uuid();
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO stock_location_versions (warehouse_id, version)
      SELECT w, gen_random_uuid() FROM (SELECT DISTINCT warehouse_id AS w FROM new_rows) changed
      ON CONFLICT (warehouse_id) DO UPDATE SET version = excluded.version;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO stock_location_versions (warehouse_id, version)
      SELECT w, gen_random_uuid()
      FROM (SELECT warehouse_id AS w FROM old_rows UNION SELECT warehouse_id FROM new_rows) changed
      ON CONFLICT (warehouse_id) DO UPDATE SET version = excluded.version;
  ELSE
    INSERT INTO stock_location_versions (warehouse_id, version)
      SELECT w, gen_random_uuid() FROM (SELECT DISTINCT warehouse_id AS w FROM old_rows) changed
      ON CONFLICT (warehouse_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_locations_inserted" AFTER INSERT ON "stock_locations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_locations_changed();--> statement-breakpoint
CREATE TRIGGER "stock_locations_updated" AFTER UPDATE ON "stock_locations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_locations_changed();--> statement-breakpoint
CREATE TRIGGER "stock_locations_deleted" AFTER DELETE ON "stock_locations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_locations_changed();--> statement-breakpoint
CREATE TRIGGER "stock_locations_truncated" AFTER TRUNCATE ON "stock_locations"
  FOR EACH STATEMENT EXECUTE FUNCTION stock_locations_changed();--> statement-breakpoint
INSERT INTO "stock_location_versions" ("warehouse_id", "version")
  SELECT w, gen_random_uuid() FROM (SELECT DISTINCT warehouse_id AS w FROM stock_locations) existing;

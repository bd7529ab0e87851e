ALTER TABLE "roles" DROP CONSTRAINT "roles_warehouse_name_unique";--> statement-breakpoint
ALTER TABLE "warehouses" DROP CONSTRAINT "warehouses_owner_name_unique";--> statement-breakpoint
-- Names that differ only in case were allowed until now: keep the oldest, the others get their id appended.
UPDATE "roles" SET "name" = left("name", 240) || ' (' || "id" || ')' WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "warehouse_id", lower("name") ORDER BY "id") AS "n" FROM "roles") AS "ranked" WHERE "n" > 1);--> statement-breakpoint
UPDATE "warehouses" SET "name" = left("name", 240) || ' (' || "id" || ')' WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "owner_id", lower("name") ORDER BY "id") AS "n" FROM "warehouses") AS "ranked" WHERE "n" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "roles_warehouse_name_unique" ON "roles" USING btree ("warehouse_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_owner_name_unique" ON "warehouses" USING btree ("owner_id",lower("name"));

/**
 * Storage locations (stock-spec-2.md §1): a tree per warehouse, the stock of each article at each
 * location (its sum is the article's `quantity`), and an article's default location. Quantities are
 * integer thousandths like the stock module's (see stock/quantity.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { warehouses } from '../../platform/tenancy/tables';
import { stockArticles } from '../stock';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const stockLocations = pgTable(
  'stock_locations',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }),
    parentId: integer('parent_id'),
    archivedAt: tz('archived_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /**
     * The start of the node's JSON in the tree list (repository.ts `readTree`), `{"id":…,"code":"…",
     * "name":…,"parent_id":…`, written by PostgreSQL whenever the row changes: the list of 20 000 nodes
     * then concatenates 3 pieces per node instead of 9 (stock-spec-2.md §5). Codes need no escaping
     * (their CHECK), names go through `stock_json_text` (migration 0013: `to_json` of text, which is
     * immutable for text but not declared so).
     */
    listHead: text('list_head').generatedAlwaysAs(
      sql`'{"id":' || id::text || ',"code":"' || code::text || '","name":' || coalesce(stock_json_text(name), 'null') || ',"parent_id":' || coalesce(parent_id::text, 'null')`,
    ),
  },
  (t) => [
    // A parent is deleted only without children (the service refuses before; NO ACTION is the last line).
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'stock_locations_parent_fk' }),
    uniqueIndex('stock_locations_warehouse_code_unique').on(t.warehouseId, sql`lower(${t.code})`),
    index('stock_locations_parent_idx').on(t.parentId),
    // The tree list walks a warehouse's locations in id order (a merge join with the counts below).
    index('stock_locations_warehouse_idx').on(t.warehouseId, t.id),
    check('stock_locations_code_valid', sql`${t.code} ~ '^[A-Z0-9./-]{1,32}$'`),
  ],
);

/**
 * One random version per warehouse, new whenever a statement inserts, updates or deletes any of its
 * locations (statement triggers of migration 0014; TRUNCATE renews all). The tree list keeps the
 * part of its answer that only the locations' own fields make (repository.ts `listLocationsJson`)
 * as long as this version and the session's TimeZone are the same. Bookings never write locations,
 * so they never touch this row.
 */
export const stockLocationVersions = pgTable('stock_location_versions', {
  warehouseId: integer('warehouse_id').primaryKey(),
  version: uuid('version').notNull(),
});

/** How much of an article lies at a location. Rows that reach 0 stay (they hold nothing). */
export const stockLocationQuantities = pgTable(
  'stock_location_quantities',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => stockArticles.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.articleId] }),
    check('stock_location_quantities_nonnegative', sql`${t.quantity} >= 0`),
    index('stock_location_quantities_article_idx').on(t.articleId),
    // What lies at a location, paged by article id.
    index('stock_location_quantities_stocked_idx').on(t.locationId, t.articleId).where(sql`${t.quantity} > 0`),
    // Articles per location of one warehouse (the tree list): an index-only scan in location order.
    index('stock_location_quantities_warehouse_stocked_idx')
      .on(t.warehouseId, t.locationId)
      .where(sql`${t.quantity} > 0`),
  ],
);

/** An article's default location: where bookings that name none go (else STANDARD). */
export const stockDefaultLocations = pgTable(
  'stock_default_locations',
  {
    articleId: integer('article_id')
      .primaryKey()
      .references(() => stockArticles.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'cascade' }),
  },
  (t) => [index('stock_default_locations_location_idx').on(t.locationId)],
);

export type LocationRow = typeof stockLocations.$inferSelect;

/**
 * Stock tables (stock-spec.md "Data"). drizzle-kit reads this file (schema glob
 * `./src/**\/schema.ts`) to generate the migration.
 *
 * Quantities are stored as integer thousandths (`bigint`, "milli-units"): exact decimal
 * arithmetic with three places, no float rounding in JavaScript and a plain integer
 * `quantity + delta >= 0` in the atomic booking update. The API speaks decimals (12.5);
 * see ./quantity.ts for the conversion.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users, warehouses } from '../../platform/tenancy/tables';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const milli = (name: string) => bigint(name, { mode: 'number' });

/** What `q` searches, one expression for the trigram index and the query alike. */
export const searchText = (t: { sku: unknown; name: unknown; barcode: unknown }) =>
  sql`lower(${t.sku} || ' ' || ${t.name} || ' ' || coalesce(${t.barcode}, ''))`;

export const stockArticles = pgTable(
  'stock_articles',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    sku: varchar('sku', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    unit: varchar('unit', { length: 8 }).notNull(),
    description: text('description'),
    barcode: varchar('barcode', { length: 64 }),
    minStock: milli('min_stock').notNull().default(0),
    /** Order up to this (stock-spec-2 §4); null: suggest twice the reorder level. */
    maxStock: milli('max_stock'),
    quantity: milli('quantity').notNull().default(0),
    /**
     * Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1), kept by
     * the purchasing module through `addOnOrder` in the transactions that change it.
     */
    onOrder: milli('on_order').notNull().default(0),
    /**
     * stock-spec-3 §2: `none` (default), `lot` (stock per lot) or `serial` (each unit a serial), and
     * whether goods-in needs a best-before date. Changed only while the quantity is 0.
     */
    tracking: varchar('tracking', { length: 8 }).notNull().default('none'),
    expiry: boolean('expiry').notNull().default(false),
    /**
     * stock-spec-3 §3: the moving average cost (exact decimal, half-up to 4 places), kept by the
     * journal trigger of migration 0020 on every booking path; null until a priced goods-in.
     */
    averageCost: numeric('average_cost', { precision: 13, scale: 4 }),
    archivedAt: tz('archived_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The database is the last line of defence behind the conditional booking update.
    check('stock_articles_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('stock_articles_on_order_nonnegative', sql`${t.onOrder} >= 0`),
    check('stock_articles_tracking_valid', sql`${t.tracking} IN ('none', 'lot', 'serial')`),
    check('stock_articles_min_stock_nonnegative', sql`${t.minStock} >= 0`),
    check('stock_articles_max_stock_at_least_min', sql`${t.maxStock} IS NULL OR ${t.maxStock} >= ${t.minStock}`),
    // SKU unique per warehouse ignoring case; also the keyset index for sort=sku.
    uniqueIndex('stock_articles_warehouse_sku_unique').on(t.warehouseId, sql`lower(${t.sku})`),
    uniqueIndex('stock_articles_warehouse_barcode_unique')
      .on(t.warehouseId, t.barcode)
      .where(sql`${t.barcode} IS NOT NULL`),
    // Keyset indexes for the other sorts (key, id); updated is read backwards (newest first).
    index('stock_articles_warehouse_name_idx').on(t.warehouseId, sql`lower(${t.name})`, t.id),
    index('stock_articles_warehouse_quantity_idx').on(t.warehouseId, t.quantity, t.id),
    index('stock_articles_warehouse_updated_idx').on(t.warehouseId, t.updatedAt, t.id),
    // Search as you type: substring of SKU, name or barcode via trigrams (pg_trgm, schema public;
    // the opclass is qualified so per-schema test databases find it too). Must equal searchText.
    index('stock_articles_search_trgm_idx').using('gin', sql`${searchText(t)} public.gin_trgm_ops`),
    // Low-stock count for the summary and the low=1 filter.
    index('stock_articles_low_idx')
      .on(t.warehouseId, t.id)
      .where(sql`${t.quantity} <= ${t.minStock} AND ${t.minStock} > 0 AND ${t.archivedAt} IS NULL`),
  ],
);

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    // NO ACTION (checked at statement end): deleting an article with movements fails, while
    // deleting the warehouse removes articles and journal in the same statement.
    articleId: integer('article_id')
      .notNull()
      .references(() => stockArticles.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    delta: milli('delta').notNull(),
    quantityAfter: milli('quantity_after').notNull(),
    reason: varchar('reason', { length: 32 }),
    note: varchar('note', { length: 500 }),
    reference: varchar('reference', { length: 100 }),
    // The account may be deleted; the journal keeps the name.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: varchar('user_name', { length: 255 }).notNull(),
    transferId: uuid('transfer_id'),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    // When it happened on the device (a booking made offline and sent later); null when the
    // booking named no time. The journal still sorts by created_at: the order stock changed.
    occurredAt: tz('occurred_at'),
    // Where it was booked (stock-spec-2.md §1) and the stock of the article at that location after
    // it; null on rows from before locations. The foreign key to stock_locations (modules/locations)
    // is added by migration 0010: this file cannot import that module (it builds on this one).
    locationId: integer('location_id'),
    locationQuantityAfter: milli('location_quantity_after'),
    // A receipt of a purchase order (stock-spec-3 §1): the order, and the line's unit price it was
    // valued at (exact decimal). The foreign key to purchasing_orders is added by migration 0017.
    purchaseOrderId: integer('purchase_order_id'),
    unitCost: numeric('unit_cost', { precision: 13, scale: 4 }),
    // stock-spec-3 §3: the article's moving average after this row (set with unit_cost by the trigger
    // of migration 0020 in the booking's transaction).
    averageCostAfter: numeric('average_cost_after', { precision: 13, scale: 4 }),
    // stock-spec-3 §2: the lot (lot articles) or the serial (serial articles, one row per unit) the row
    // booked, and that lot's best-before date; null for untracked articles.
    lot: varchar('lot', { length: 40 }),
    serial: varchar('serial', { length: 64 }),
    bestBefore: date('best_before', { mode: 'string' }),
  },
  (t) => [
    foreignKey({ columns: [t.reversesId], foreignColumns: [t.id], name: 'stock_movements_reverses_fk' }),
    check(
      'stock_movements_kind_valid',
      sql`${t.kind} IN ('in', 'out', 'correction', 'transfer_out', 'transfer_in', 'reversal', 'relocation')`,
    ),
    check('stock_movements_quantity_after_nonnegative', sql`${t.quantityAfter} >= 0`),
    // A movement is reversed at most once, even under concurrency.
    uniqueIndex('stock_movements_reverses_unique').on(t.reversesId).where(sql`${t.reversesId} IS NOT NULL`),
    // Journal newest first (keyset on created_at, id), per warehouse, per article, per user.
    // Ascending on purpose: scanned backwards they give ORDER BY … DESC (NULLS FIRST) exactly.
    index('stock_movements_warehouse_created_idx').on(t.warehouseId, t.createdAt, t.id),
    index('stock_movements_article_created_idx').on(t.articleId, t.createdAt, t.id),
    index('stock_movements_user_created_idx').on(t.warehouseId, t.userId, t.createdAt, t.id),
    index('stock_movements_location_created_idx')
      .on(t.locationId, t.createdAt, t.id)
      .where(sql`${t.locationId} IS NOT NULL`),
    // The recall trace and the journal's lot filter.
    index('stock_movements_article_lot_idx').on(t.articleId, t.lot, t.id).where(sql`${t.lot} IS NOT NULL`),
    index('stock_movements_article_serial_idx').on(t.articleId, t.serial, t.id).where(sql`${t.serial} IS NOT NULL`),
    index('stock_movements_warehouse_lot_idx')
      .on(t.warehouseId, t.lot, t.createdAt, t.id)
      .where(sql`${t.lot} IS NOT NULL`),
    index('stock_movements_transfer_idx').on(t.transferId).where(sql`${t.transferId} IS NOT NULL`),
  ],
);

/**
 * A lot of a lot-tracked article, or one unit of a serial-tracked one (stock-spec-3 §2): its code
 * (lot 1–40 of `A-Z a-z 0-9 - . /`, serial 1–64), its first best-before date, and when it first came in
 * (FEFO's second key). Made at the first goods-in, never deleted while the article lives.
 */
export const stockLots = pgTable(
  'stock_lots',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => stockArticles.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 64 }).notNull(),
    bestBefore: date('best_before', { mode: 'string' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_lots_article_code_unique').on(t.articleId, t.code),
    index('stock_lots_warehouse_best_before_idx').on(t.warehouseId, t.bestBefore, t.id),
  ],
);

/**
 * Stock per lot and location (stock-spec-3 §2), below `stock_location_quantities`: for a tracked article
 * the rows of one location sum to its quantity there. Changed only while the article row is locked.
 * The foreign key to stock_locations is added by the migration (this module cannot import that one).
 */
export const stockLotQuantities = pgTable(
  'stock_lot_quantities',
  {
    lotId: integer('lot_id')
      .notNull()
      .references(() => stockLots.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').notNull(),
    articleId: integer('article_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    quantity: milli('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.lotId, t.locationId] }),
    check('stock_lot_quantities_nonnegative', sql`${t.quantity} >= 0`),
    index('stock_lot_quantities_article_location_idx').on(t.articleId, t.locationId),
  ],
);

/**
 * Articles deleted (only ever without movements), so the offline article index, which asks
 * what changed since its last refresh (`updated_since`), learns which ids to drop. The warehouse's
 * deletion takes these rows with it.
 */
export const stockArticleDeletions = pgTable(
  'stock_article_deletions',
  {
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').notNull(),
    deletedAt: tz('deleted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.articleId] }),
    index('stock_article_deletions_deleted_idx').on(t.warehouseId, t.deletedAt),
  ],
);

/**
 * `Idempotency-Key` per user: the first successful answer of a booking, kept 8 days. The row is
 * written in the booking's transaction, so a failed booking leaves no key behind.
 */
export const stockIdempotencyKeys = pgTable(
  'stock_idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    requestHash: char('request_hash', { length: 64 }).notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('stock_idempotency_keys_created_idx').on(t.createdAt)],
);

export type ArticleRow = typeof stockArticles.$inferSelect;
export type MovementRow = typeof stockMovements.$inferSelect;
export type LotRow = typeof stockLots.$inferSelect;

/**
 * Year-end count sessions (stock-spec-3 §3, Inventur): a count of the warehouse or one location
 * subtree (`location_id`), the journal's last id at opening (`opened_after_id`: movements after it
 * happened during the count), and the close's answer. One open session per subtree is checked
 * under the warehouse's row lock when opening.
 */
export const stockCountSessions = pgTable(
  'stock_count_sessions',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    locationId: integer('location_id'),
    blind: boolean('blind').notNull().default(false),
    status: varchar('status', { length: 8 }).notNull().default('open'),
    openedAfterId: bigint('opened_after_id', { mode: 'number' }).notNull(),
    openedBy: varchar('opened_by', { length: 255 }).notNull(),
    openedAt: tz('opened_at').notNull().defaultNow(),
    closedBy: varchar('closed_by', { length: 255 }),
    closedAt: tz('closed_at'),
  },
  (t) => [
    check('stock_count_sessions_status_valid', sql`${t.status} IN ('open', 'closed')`),
    index('stock_count_sessions_warehouse_idx').on(t.warehouseId, t.id),
  ],
);

/**
 * A count line: what was expected at opening at (article, location, lot; '' without a lot), and what was
 * counted. For a serial article `lot` holds the serial (one line per unit, 1–64 characters).
 */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => stockCountSessions.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => stockArticles.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').notNull(),
    lot: varchar('lot', { length: 64 }).notNull().default(''),
    expected: milli('expected').notNull(),
    counted: milli('counted'),
    countedBy: varchar('counted_by', { length: 255 }),
    countedAt: tz('counted_at'),
    /** At closing: counted − (expected + movements there between opening and counting). */
    difference: milli('difference'),
    /** At closing: the article's average cost after the corrections, so the signed-off list keeps its values. */
    averageCost: numeric('average_cost', { precision: 13, scale: 4 }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.articleId, t.locationId, t.lot] })],
);

/**
 * Purchasing (stock-spec-3.md §1): suppliers, their prices per article, purchase orders with their
 * lines and the per-warehouse, per-year order number counter. Quantities are integer thousandths
 * like the stock module's (stock/quantity.ts); money is `numeric(13,4)`, exact, read as strings.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users, warehouses } from '../../platform/tenancy/tables';
import { stockArticles } from '../stock';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const milli = (name: string) => bigint(name, { mode: 'number' });
/** 0 to 999 999 999.9999, exact. */
const money = (name: string) => numeric(name, { precision: 13, scale: 4 });

export const ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const purchasingSuppliers = pgTable(
  'purchasing_suppliers',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 50 }),
    address: varchar('address', { length: 500 }),
    customerNumber: varchar('customer_number', { length: 64 }),
    leadTimeDays: integer('lead_time_days').notNull().default(7),
    archivedAt: tz('archived_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchasing_suppliers_warehouse_name_unique').on(t.warehouseId, sql`lower(${t.name})`),
    check('purchasing_suppliers_lead_time_valid', sql`${t.leadTimeDays} BETWEEN 0 AND 365`),
  ],
);

/** What a supplier charges for an article; at most one preferred supplier per article. */
export const purchasingSupplierPrices = pgTable(
  'purchasing_supplier_prices',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => stockArticles.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => purchasingSuppliers.id, { onDelete: 'cascade' }),
    supplierSku: varchar('supplier_sku', { length: 64 }),
    unitPrice: money('unit_price').notNull(),
    packSize: integer('pack_size').notNull().default(1),
    preferred: boolean('preferred').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.supplierId] }),
    uniqueIndex('purchasing_supplier_prices_preferred_unique').on(t.articleId).where(sql`${t.preferred}`),
    index('purchasing_supplier_prices_supplier_idx').on(t.supplierId),
    check('purchasing_supplier_prices_pack_size_valid', sql`${t.packSize} >= 1`),
  ],
);

export const purchasingOrders = pgTable(
  'purchasing_orders',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 20 }).notNull(),
    // RESTRICT: a supplier with orders is archived, never deleted (409 supplier.has_orders).
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => purchasingSuppliers.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    expectedAt: date('expected_at', { mode: 'string' }),
    note: varchar('note', { length: 1000 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    orderedAt: tz('ordered_at'),
    emailedAt: tz('emailed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchasing_orders_warehouse_number_unique').on(t.warehouseId, t.number),
    index('purchasing_orders_warehouse_id_idx').on(t.warehouseId, t.id),
    index('purchasing_orders_warehouse_status_idx').on(t.warehouseId, t.status, t.id),
    index('purchasing_orders_supplier_idx').on(t.supplierId, t.id),
    check(
      'purchasing_orders_status_valid',
      sql`${t.status} IN ('draft', 'ordered', 'partially_received', 'received', 'cancelled')`,
    ),
  ],
);

export const purchasingOrderLines = pgTable(
  'purchasing_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchasingOrders.id, { onDelete: 'cascade' }),
    // NO ACTION: an article on an order cannot be deleted (it has movements once received anyway).
    articleId: integer('article_id')
      .notNull()
      .references(() => stockArticles.id),
    quantity: milli('quantity').notNull(),
    receivedQuantity: milli('received_quantity').notNull().default(0),
    unitPrice: money('unit_price').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('purchasing_order_lines_order_idx').on(t.orderId, t.position, t.id),
    index('purchasing_order_lines_article_idx').on(t.articleId),
    check('purchasing_order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('purchasing_order_lines_received_nonnegative', sql`${t.receivedQuantity} >= 0`),
  ],
);

/**
 * The last order number per warehouse and year. Taken with `INSERT … ON CONFLICT DO UPDATE SET
 * last = last + 1` in the creating transaction: parallel creates queue on the row, a rolled back
 * create gives its number back — gap-free.
 */
export const purchasingOrderNumbers = pgTable(
  'purchasing_order_numbers',
  {
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.year] })],
);

export type SupplierRow = typeof purchasingSuppliers.$inferSelect;
export type OrderRow = typeof purchasingOrders.$inferSelect;
export type OrderLineRow = typeof purchasingOrderLines.$inferSelect;

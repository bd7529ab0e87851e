/** Purchasing rows: reads and the JSON the API answers. The rules are in service.ts. */
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { decodeCursor, encodeCursor, fromMilli, stockArticles, type Tx } from '../stock';
import { fromCents4, lineTotal, moneyText } from './money';
import {
  purchasingOrderLines as l,
  type OrderRow,
  type OrderStatus,
  purchasingOrders as o,
  purchasingSupplierPrices as p,
  type SupplierRow,
  purchasingSuppliers as s,
} from './tables';

/** Warehouses have no currency of their own yet (the "Value" issue adds it): every amount is EUR. */
const CURRENCY = 'EUR';

const supplierNotFound = () => new AppError(404, 'purchasing.supplierNotFound', 'supplier.not_found');
const orderNotFound = () => new AppError(404, 'purchasing.orderNotFound', 'purchase_order.not_found');

export function supplierJson(row: SupplierRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    customer_number: row.customerNumber,
    lead_time_days: row.leadTimeDays,
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The supplier of this warehouse, or 404 (also for an id of another warehouse). */
export async function findSupplier(db: Db | Tx, warehouseId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(s)
    .where(and(eq(s.id, id), eq(s.warehouseId, warehouseId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw supplierNotFound();
  return row;
}

export async function listSuppliers(db: Db, warehouseId: number, archived: boolean) {
  const rows = await db
    .select()
    .from(s)
    .where(and(eq(s.warehouseId, warehouseId), archived ? undefined : sql`${s.archivedAt} IS NULL`))
    .orderBy(asc(sql`lower(${s.name})`), asc(s.id));
  return rows.map(supplierJson);
}

/** An article's supplier prices, preferred first, then as they were listed. */
export async function supplierPrices(db: Db | Tx, articleId: number) {
  const rows = await db
    .select({ price: p, supplier: s })
    .from(p)
    .innerJoin(s, eq(s.id, p.supplierId))
    .where(eq(p.articleId, articleId))
    .orderBy(desc(p.preferred), asc(p.position), asc(s.id));
  return rows.map(({ price, supplier }) => ({
    supplier_id: supplier.id,
    supplier_name: supplier.name,
    supplier_archived: supplier.archivedAt !== null,
    supplier_sku: price.supplierSku,
    unit_price: moneyText(price.unitPrice),
    pack_size: price.packSize,
    preferred: price.preferred,
  }));
}

/** The order of this warehouse, or 404; `lock` takes its row lock (receipts, status changes). */
export async function findOrder(db: Db | Tx, warehouseId: number, id: number, lock = false): Promise<OrderRow> {
  const query = db
    .select()
    .from(o)
    .where(and(eq(o.id, id), eq(o.warehouseId, warehouseId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw orderNotFound();
  return row;
}

export async function orderLines(db: Db | Tx, order: Pick<OrderRow, 'id' | 'supplierId'>) {
  return db
    .select({
      line: l,
      sku: stockArticles.sku,
      name: stockArticles.name,
      barcode: stockArticles.barcode,
      unit: stockArticles.unit,
      supplierSku: p.supplierSku,
    })
    .from(l)
    .innerJoin(stockArticles, eq(stockArticles.id, l.articleId))
    .leftJoin(p, and(eq(p.articleId, l.articleId), eq(p.supplierId, order.supplierId)))
    .where(eq(l.orderId, order.id))
    .orderBy(asc(l.position), asc(l.id));
}
export type LineWithArticle = Awaited<ReturnType<typeof orderLines>>[number];

function orderFields(row: OrderRow, supplierName: string, total: bigint) {
  return {
    id: row.id,
    number: row.number,
    supplier_id: row.supplierId,
    supplier_name: supplierName,
    status: row.status as OrderStatus,
    expected_at: row.expectedAt,
    note: row.note,
    total: fromCents4(total),
    currency: CURRENCY,
    ordered_at: row.orderedAt?.toISOString() ?? null,
    emailed_at: row.emailedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function orderJson(row: OrderRow, supplierName: string, lines: LineWithArticle[]) {
  const total = lines.reduce((sum, { line }) => sum + lineTotal(line.quantity, line.unitPrice), 0n);
  return {
    ...orderFields(row, supplierName, total),
    lines: lines.map(({ line, sku, name, barcode, unit, supplierSku }) => ({
      id: line.id,
      article_id: line.articleId,
      article_sku: sku,
      article_name: name,
      article_barcode: barcode,
      unit,
      supplier_sku: supplierSku ?? null,
      quantity: fromMilli(line.quantity),
      received_quantity: fromMilli(line.receivedQuantity),
      open_quantity: fromMilli(Math.max(0, line.quantity - line.receivedQuantity)),
      unit_price: moneyText(line.unitPrice),
      total: fromCents4(lineTotal(line.quantity, line.unitPrice)),
    })),
  };
}
export type OrderJson = ReturnType<typeof orderJson>;

/** The order as the API answers it, read fresh (inside the caller's transaction when given). */
export async function loadOrder(db: Db | Tx, warehouseId: number, id: number) {
  const row = await findOrder(db, warehouseId, id);
  const [supplier] = await db.select({ name: s.name }).from(s).where(eq(s.id, row.supplierId));
  return orderJson(row, supplier!.name, await orderLines(db, row));
}

export interface OrderFilter {
  status?: OrderStatus;
  supplier_id?: number;
  cursor?: string;
  limit?: number;
}

/** Newest first (by id), keyset-paged; totals summed exactly in numeric by the database. */
export async function orderPage(db: Db, warehouseId: number, filter: OrderFilter) {
  const limit = filter.limit ?? 50;
  const cursor = decodeCursor(filter.cursor, (key, id) => key === 0 && id > 0);
  const where: (SQL | undefined)[] = [
    eq(o.warehouseId, warehouseId),
    filter.status ? eq(o.status, filter.status) : undefined,
    filter.supplier_id ? eq(o.supplierId, filter.supplier_id) : undefined,
    cursor ? lt(o.id, cursor[1]) : undefined,
  ];
  const rows = await db
    .select({ order: o, supplierName: s.name })
    .from(o)
    .innerJoin(s, eq(s.id, o.supplierId))
    .where(and(...where))
    .orderBy(desc(o.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((r) => r.order.id);
  const lines = ids.length
    ? await db
        .select({ orderId: l.orderId, quantity: l.quantity, unitPrice: l.unitPrice })
        .from(l)
        .where(inArray(l.orderId, ids))
    : [];
  const totals = new Map<number, { total: bigint; count: number }>();
  for (const line of lines) {
    const known = totals.get(line.orderId) ?? { total: 0n, count: 0 };
    totals.set(line.orderId, {
      total: known.total + lineTotal(line.quantity, line.unitPrice),
      count: known.count + 1,
    });
  }
  return {
    orders: page.map(({ order, supplierName }) => ({
      ...orderFields(order, supplierName, totals.get(order.id)?.total ?? 0n),
      line_count: totals.get(order.id)?.count ?? 0,
    })),
    next_cursor: rows.length > limit ? encodeCursor([0, page[page.length - 1]!.order.id]) : null,
  };
}

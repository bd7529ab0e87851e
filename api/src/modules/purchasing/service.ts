/** Purchasing rules (stock-spec-3.md §1): suppliers, prices, orders and their status, receipts. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { AppError, type FieldErrors, validationError } from '../../platform/errors';
import type { Language } from '../../platform/i18n';
import { translate } from '../../platform/i18n';
import {
  addOnOrder,
  type Booker,
  bookReceipt,
  findArticle,
  formatQuantity,
  quantityField,
  reorderList,
  stockArticles,
  type Tx,
} from '../stock';
import { moneyField } from './money';
import { findOrder, findSupplier, loadOrder, orderLines, supplierJson, supplierPrices } from './repository';
import type { OrderInput, SupplierInput, SupplierPricesInput } from './schemas';
import {
  purchasingOrderLines as l,
  purchasingOrderNumbers as n,
  type OrderRow,
  type OrderStatus,
  purchasingOrders as o,
  purchasingSupplierPrices as p,
  purchasingSuppliers as s,
} from './tables';

const clean = (text: string | null | undefined) => text?.trim() || null;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---------------------------------------------------------------------------------------------
// Suppliers

function normalizeSupplier(input: SupplierInput) {
  const errors: FieldErrors = {};
  const name = input.name.trim();
  if (!name) errors.name = [{ key: 'validation.required', vars: { field: 'name' } }];
  const email = clean(input.email);
  if (email && !EMAIL.test(email)) errors.email = [{ key: 'validation.invalid', vars: { field: 'email' } }];
  if (Object.keys(errors).length) throw validationError(errors);
  return {
    name,
    email,
    phone: clean(input.phone),
    address: clean(input.address),
    customerNumber: clean(input.customer_number),
    leadTimeDays: input.lead_time_days ?? 7,
  };
}

const nameTaken = () => validationError({ name: [{ key: 'purchasing.supplierNameTaken' }] }, 'supplier.name_taken');

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'purchasing_suppliers_warehouse_name_unique')) throw nameTaken();
    throw error;
  }
}

export async function createSupplier(db: Db, warehouseId: number, input: SupplierInput) {
  const values = normalizeSupplier(input);
  const [row] = await uniqueName(() =>
    db
      .insert(s)
      .values({ ...values, warehouseId })
      .returning(),
  );
  return supplierJson(row!);
}

export async function updateSupplier(db: Db, warehouseId: number, id: number, input: SupplierInput) {
  await findSupplier(db, warehouseId, id);
  const values = normalizeSupplier(input);
  const [row] = await uniqueName(() =>
    db
      .update(s)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(s.id, id))
      .returning(),
  );
  return supplierJson(row!);
}

/** DELETE: only a supplier without orders (409 `supplier.has_orders`: archive it instead). */
export async function deleteSupplier(db: Db, warehouseId: number, id: number) {
  await db.transaction(async (tx) => {
    await findSupplier(tx, warehouseId, id, true);
    const [order] = await tx.select({ id: o.id }).from(o).where(eq(o.supplierId, id)).limit(1);
    if (order) throw new AppError(409, 'purchasing.supplierHasOrders', 'supplier.has_orders');
    await tx.delete(s).where(eq(s.id, id));
  });
}

export async function setSupplierArchived(db: Db, warehouseId: number, id: number, archived: boolean) {
  await findSupplier(db, warehouseId, id);
  const [row] = await db
    .update(s)
    .set({ archivedAt: archived ? sql`coalesce(${s.archivedAt}, now())` : null, updatedAt: sql`now()` })
    .where(eq(s.id, id))
    .returning();
  return supplierJson(row!);
}

// ---------------------------------------------------------------------------------------------
// Supplier prices per article

/** PUT: the whole list replaces the article's prices; at most one preferred, each supplier once. */
export async function replaceSupplierPrices(db: Db, warehouseId: number, articleId: number, list: SupplierPricesInput) {
  const article = await findArticle(db, warehouseId, articleId);
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  list.forEach((entry, i) => {
    moneyField(errors, `${i}.unit_price`, entry.unit_price);
    if (seen.has(entry.supplier_id)) errors[`${i}.supplier_id`] = [{ key: 'purchasing.supplierTwice' }];
    seen.add(entry.supplier_id);
  });
  const preferred = list.map((e, i) => (e.preferred ? i : -1)).filter((i) => i >= 0);
  if (preferred.length > 1) errors[`${preferred[1]}.preferred`] = [{ key: 'purchasing.preferredTwice' }];
  if (Object.keys(errors).length) throw validationError(errors);
  const ids = [...seen];
  const known = ids.length
    ? await db
        .select({ id: s.id })
        .from(s)
        .where(and(eq(s.warehouseId, warehouseId), inArray(s.id, ids)))
    : [];
  const knownIds = new Set(known.map((r) => r.id));
  // A supplier of another warehouse is as unknown as one that does not exist.
  if (ids.some((id) => !knownIds.has(id))) {
    const i = list.findIndex((e) => !knownIds.has(e.supplier_id));
    throw validationError({ [`${i}.supplier_id`]: [{ key: 'purchasing.supplierNotFound' }] }, 'supplier.not_found');
  }
  return db.transaction(async (tx) => {
    await tx.delete(p).where(eq(p.articleId, article.id));
    if (list.length) {
      await tx.insert(p).values(
        list.map((entry, position) => ({
          articleId: article.id,
          supplierId: entry.supplier_id,
          supplierSku: clean(entry.supplier_sku),
          unitPrice: entry.unit_price,
          packSize: entry.pack_size ?? 1,
          preferred: entry.preferred ?? false,
          position,
        })),
      );
    }
    return supplierPrices(tx, article.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Purchase orders

const statusText = (lang: Language, status: string) => translate(lang, `purchasing.status.${status}` as never);

const wrongStatus =
  (key: 'purchasing.onlyDraft' | 'purchasing.notReceivable' | 'purchasing.notCancellable') =>
  (order: OrderRow, lang: Language) =>
    new AppError(409, key, 'purchase_order.wrong_status', {
      vars: { number: order.number, status: statusText(lang, order.status) },
    });
const onlyDraft = wrongStatus('purchasing.onlyDraft');
const notReceivable = wrongStatus('purchasing.notReceivable');
const notCancellable = wrongStatus('purchasing.notCancellable');

function isIsoDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

interface NewLine {
  articleId: number;
  quantity: number;
  unitPrice: string;
}

/**
 * What an order body means: its supplier (404 when not of this warehouse, 422 when archived),
 * the lines' articles (404 likewise, 409 archived), quantities (thousandths, > 0, whole for whole
 * units) and prices (given, else the supplier's price of the article, else 422).
 */
async function normalizeOrder(tx: Tx, warehouseId: number, input: OrderInput) {
  const errors: FieldErrors = {};
  const supplier = await findSupplier(tx, warehouseId, input.supplier_id);
  if (supplier.archivedAt) {
    errors.supplier_id = [{ key: 'purchasing.supplierArchived', vars: { name: supplier.name } }];
  }
  const expectedAt = input.expected_at ? input.expected_at : null;
  if (expectedAt && !isIsoDate(expectedAt))
    errors.expected_at = [{ key: 'validation.invalid', vars: { field: 'expected at' } }];
  const ids = [...new Set(input.lines.map((line) => line.article_id))];
  const articles = ids.length
    ? await tx
        .select()
        .from(stockArticles)
        .where(and(eq(stockArticles.warehouseId, warehouseId), inArray(stockArticles.id, ids)))
    : [];
  const byId = new Map(articles.map((a) => [a.id, a]));
  if (ids.some((id) => !byId.has(id))) await findArticle(tx, warehouseId, ids.find((id) => !byId.has(id))!);
  const prices = ids.length
    ? await tx
        .select()
        .from(p)
        .where(and(eq(p.supplierId, supplier.id), inArray(p.articleId, ids)))
    : [];
  const priceOf = new Map(prices.map((price) => [price.articleId, price.unitPrice]));
  const lines: NewLine[] = input.lines.map((line, i) => {
    const article = byId.get(line.article_id)!;
    if (article.archivedAt) throw new AppError(409, 'stock.articleArchived', 'article.archived');
    const quantity = quantityField(errors, `lines.${i}.quantity`, line.quantity, article.unit, { positive: true });
    let unitPrice = line.unit_price ?? priceOf.get(article.id) ?? null;
    if (line.unit_price !== undefined) moneyField(errors, `lines.${i}.unit_price`, line.unit_price);
    if (unitPrice === null) {
      errors[`lines.${i}.unit_price`] = [{ key: 'purchasing.priceRequired' }];
      unitPrice = '0';
    }
    return { articleId: article.id, quantity, unitPrice };
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return { supplier, expectedAt, note: clean(input.note), lines };
}

/**
 * The next number of the warehouse's year: the counter row is inserted or incremented in the
 * creating transaction, so parallel creates queue on it and a rolled back create leaves no gap.
 */
async function nextNumber(tx: Tx, warehouseId: number) {
  const [row] = await tx
    .insert(n)
    .values({ warehouseId, year: sql`extract(year from now())::int`, last: 1 })
    .onConflictDoUpdate({ target: [n.warehouseId, n.year], set: { last: sql`${n.last} + 1` } })
    .returning({ year: n.year, last: n.last });
  return `PO-${row!.year}-${String(row!.last).padStart(4, '0')}`;
}

async function insertLines(tx: Tx, orderId: number, lines: NewLine[]) {
  if (!lines.length) return;
  await tx.insert(l).values(
    lines.map((line, position) => ({
      orderId,
      articleId: line.articleId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      position,
    })),
  );
}

async function insertOrder(
  tx: Tx,
  warehouseId: number,
  userId: number,
  order: { supplierId: number; expectedAt: string | null; note: string | null; lines: NewLine[] },
) {
  const number = await nextNumber(tx, warehouseId);
  const [row] = await tx
    .insert(o)
    .values({
      warehouseId,
      number,
      supplierId: order.supplierId,
      expectedAt: order.expectedAt,
      note: order.note,
      createdBy: userId,
    })
    .returning();
  await insertLines(tx, row!.id, order.lines);
  return row!;
}

export async function createOrder(db: Db, warehouseId: number, userId: number, input: OrderInput) {
  return db.transaction(async (tx) => {
    const order = await normalizeOrder(tx, warehouseId, input);
    const row = await insertOrder(tx, warehouseId, userId, { ...order, supplierId: order.supplier.id });
    return loadOrder(tx, warehouseId, row.id);
  });
}

/** PUT: a draft only (409 otherwise); the lines are replaced by the body's. */
export async function updateOrder(db: Db, warehouseId: number, id: number, input: OrderInput, lang: Language) {
  return db.transaction(async (tx) => {
    const row = await findOrder(tx, warehouseId, id, true);
    if (row.status !== 'draft') throw onlyDraft(row, lang);
    const order = await normalizeOrder(tx, warehouseId, input);
    await tx
      .update(o)
      .set({ supplierId: order.supplier.id, expectedAt: order.expectedAt, note: order.note, updatedAt: sql`now()` })
      .where(eq(o.id, id));
    await tx.delete(l).where(eq(l.orderId, id));
    await insertLines(tx, id, order.lines);
    return loadOrder(tx, warehouseId, id);
  });
}

/** DELETE: a draft only (409 otherwise). Its number is not given out again. */
export async function deleteOrder(db: Db, warehouseId: number, id: number, lang: Language) {
  await db.transaction(async (tx) => {
    const row = await findOrder(tx, warehouseId, id, true);
    if (row.status !== 'draft') throw onlyDraft(row, lang);
    await tx.delete(o).where(eq(o.id, id));
  });
}

/** Changes the lines' articles' on_order, in article id order (the lock order of every writer). */
async function moveOnOrder(tx: Tx, warehouseId: number, changes: { articleId: number; delta: number }[]) {
  const sum = new Map<number, number>();
  for (const change of changes) sum.set(change.articleId, (sum.get(change.articleId) ?? 0) + change.delta);
  for (const [articleId, delta] of [...sum].sort(([x], [y]) => x - y)) {
    if (delta !== 0) await addOnOrder(tx, warehouseId, articleId, delta);
  }
}

/**
 * draft → ordered: the lines go on order. With `sendEmail` the supplier needs an address (422
 * otherwise, nothing changed); the mail itself is sent by the caller after the commit.
 */
export async function placeOrder(db: Db, warehouseId: number, id: number, sendEmail: boolean, lang: Language) {
  return db.transaction(async (tx) => {
    const row = await findOrder(tx, warehouseId, id, true);
    if (row.status !== 'draft') throw onlyDraft(row, lang);
    const lines = await tx.select().from(l).where(eq(l.orderId, id));
    if (!lines.length) throw new AppError(409, 'purchasing.empty', 'purchase_order.empty');
    const supplier = await findSupplier(tx, warehouseId, row.supplierId);
    if (sendEmail && !supplier.email) {
      throw validationError(
        { send_email: [{ key: 'purchasing.noEmail', vars: { name: supplier.name } }] },
        'purchase_order.no_email',
      );
    }
    await tx.update(o).set({ status: 'ordered', orderedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(o.id, id));
    await moveOnOrder(
      tx,
      warehouseId,
      lines.map((line) => ({ articleId: line.articleId, delta: line.quantity })),
    );
    return { supplier, order: await loadOrder(tx, warehouseId, id) };
  });
}

export async function markEmailed(db: Db, id: number) {
  await db.update(o).set({ emailedAt: sql`now()` }).where(eq(o.id, id));
}

/** A draft, or an ordered order with nothing received, is cancelled; its open lines leave on_order. */
export async function cancelOrder(db: Db, warehouseId: number, id: number, lang: Language) {
  return db.transaction(async (tx) => {
    const row = await findOrder(tx, warehouseId, id, true);
    if (row.status !== 'draft' && row.status !== 'ordered') throw notCancellable(row, lang);
    const lines = await tx.select().from(l).where(eq(l.orderId, id));
    if (lines.some((line) => line.receivedQuantity > 0)) throw notCancellable(row, lang);
    await tx.update(o).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(o.id, id));
    if (row.status === 'ordered') {
      await moveOnOrder(
        tx,
        warehouseId,
        lines.map((line) => ({ articleId: line.articleId, delta: -line.quantity })),
      );
    }
    return loadOrder(tx, warehouseId, id);
  });
}

// ---------------------------------------------------------------------------------------------
// Receiving

export interface ReceiptLine {
  line_id: number;
  quantity: number;
  location_id?: number | null;
  lot?: string | null;
  best_before?: string | null;
  serials?: string[] | null;
}

const open = (line: { quantity: number; receivedQuantity: number }) =>
  Math.max(0, line.quantity - line.receivedQuantity);

/**
 * One receipt, inside the caller's (idempotent) transaction: the order row is locked first, so
 * receipts of one order queue and each sees what the one before it received; then per line a
 * goods-in through the stock module (reason `purchase`, the order on the journal row, valued at
 * the line's price), `received_quantity` grows, on_order shrinks by what was open, the status follows.
 */
export async function receive(
  tx: Tx,
  booker: Booker,
  orderId: number,
  input: { lines: ReceiptLine[]; allow_over?: boolean },
) {
  const order = await findOrder(tx, booker.warehouseId, orderId, true);
  if (order.status !== 'ordered' && order.status !== 'partially_received') throw notReceivable(order, booker.lang);
  const lines = await orderLines(tx, order);
  const byId = new Map(lines.map((entry) => [entry.line.id, entry]));

  const errors: FieldErrors = {};
  let over = false;
  const planned = new Map<number, number>();
  const bookings = input.lines.map((wanted, i) => {
    const entry = byId.get(wanted.line_id);
    if (!entry) {
      errors[`lines.${i}.line_id`] = [{ key: 'purchasing.lineUnknown' }];
      return null;
    }
    const amount = quantityField(errors, `lines.${i}.quantity`, wanted.quantity, entry.unit, { positive: true });
    const before = planned.get(entry.line.id) ?? 0;
    const left = open(entry.line) - before;
    if (amount > left && !input.allow_over && !errors[`lines.${i}.quantity`]) {
      over = true;
      errors[`lines.${i}.quantity`] = [
        { key: 'purchasing.overReceipt', vars: { open: formatQuantity(booker.lang, Math.max(0, left), entry.unit) } },
      ];
    }
    planned.set(entry.line.id, before + amount);
    return { entry, wanted, amount };
  });
  if (Object.keys(errors).length) throw validationError(errors, over ? 'purchasing.over_receipt' : undefined);

  // One set of statements for the whole receipt (bench: a 50-line receipt), rows in the order sent.
  const received = new Map(lines.map((e) => [e.line.id, { ...e.line }]));
  const onOrder = new Map<number, number>();
  for (const { entry, amount } of bookings.map((b) => b!)) {
    const line = received.get(entry.line.id)!;
    const wasOpen = open(line);
    line.receivedQuantity += amount;
    onOrder.set(line.articleId, (onOrder.get(line.articleId) ?? 0) - (wasOpen - open(line)));
  }
  const movements = await bookReceipt(
    tx,
    booker,
    bookings.map((b, i) => ({
      articleId: b!.entry.line.articleId,
      quantity: b!.amount,
      locationId: b!.wanted.location_id ?? null,
      reference: order.number,
      receipt: { purchaseOrderId: order.id, unitCost: b!.entry.line.unitPrice },
      // stock-spec-3 §2: the stock module checks them against the article's tracking (422 on lines.i.*).
      lots: {
        field: `lines.${i}.`,
        lot: b!.wanted.lot ?? null,
        serials: b!.wanted.serials ?? null,
        best_before: b!.wanted.best_before ?? null,
      },
    })),
    onOrder,
  );
  const changed = [...received.values()].filter(
    (line) => line.receivedQuantity !== byId.get(line.id)!.line.receivedQuantity,
  );
  if (changed.length) {
    const values = sql.join(
      changed.map((line) => sql`(${line.id}::integer, ${line.receivedQuantity}::bigint)`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE purchasing_order_lines AS t SET received_quantity = v.received
      FROM (VALUES ${values}) AS v(id, received) WHERE t.id = v.id`);
  }
  const done = [...received.values()].every((line) => line.receivedQuantity >= line.quantity);
  const status: OrderStatus = done ? 'received' : 'partially_received';
  await tx.update(o).set({ status, updatedAt: sql`now()` }).where(eq(o.id, order.id));
  return {
    statusCode: 201,
    body: { order: await loadOrder(tx, booker.warehouseId, order.id), movements },
  };
}

// ---------------------------------------------------------------------------------------------
// Drafts from the reorder list

/**
 * One draft per preferred supplier for the articles on the reorder list (all of them, or those
 * named), each line the suggestion (on_order already subtracted) rounded up to the pack size.
 */
export async function draftsFromReorder(db: Db, warehouseId: number, userId: number, articleIds?: number[]) {
  const list = await reorderList(db, warehouseId, {});
  const wanted = articleIds ? new Set(articleIds) : null;
  const skipped: { article_id: number; reason: 'no_supplier' | 'not_low' }[] = [];
  const candidates = list.filter((line) => (!wanted || wanted.has(line.id)) && line.suggested > 0);
  if (wanted) {
    const onList = new Set(candidates.map((line) => line.id));
    for (const id of wanted) if (!onList.has(id)) skipped.push({ article_id: id, reason: 'not_low' });
  }
  const ids = candidates.map((line) => line.id);
  const preferred = ids.length
    ? await db
        .select({ price: p })
        .from(p)
        .innerJoin(s, eq(s.id, p.supplierId))
        .where(and(inArray(p.articleId, ids), eq(p.preferred, true), sql`${s.archivedAt} IS NULL`))
    : [];
  const priceOf = new Map(preferred.map(({ price }) => [price.articleId, price]));
  const bySupplier = new Map<number, NewLine[]>();
  for (const line of candidates) {
    const price = priceOf.get(line.id);
    if (!price) {
      skipped.push({ article_id: line.id, reason: 'no_supplier' });
      continue;
    }
    const suggested = Math.round(line.suggested * 1000);
    const pack = price.packSize * 1000;
    const lines = bySupplier.get(price.supplierId) ?? [];
    lines.push({ articleId: line.id, quantity: Math.ceil(suggested / pack) * pack, unitPrice: price.unitPrice });
    bySupplier.set(price.supplierId, lines);
  }
  const orders = await db.transaction(async (tx) => {
    const made = [];
    for (const [supplierId, lines] of [...bySupplier].sort(([x], [y]) => x - y)) {
      const row = await insertOrder(tx, warehouseId, userId, { supplierId, expectedAt: null, note: null, lines });
      made.push(await loadOrder(tx, warehouseId, row.id));
    }
    return made;
  });
  return { orders, skipped };
}

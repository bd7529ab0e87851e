import { randomUUID } from 'node:crypto';
import { PURCHASING_PERMISSION_NAMES, STOCK_PERMISSION_NAMES } from '@lager/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, loggedIn, useOwnerApp } from '../../../test/helpers';
import { book, createArticle, stockUp } from '../../../test/stock/helpers';
import type { OutboxMail } from '../../platform/mail/transport';
import { memberships, users } from '../../platform/tenancy/tables';
import { stockMovements } from '../stock';
import { purchasingOrderLines, purchasingOrders } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let sent: OutboxMail[];
let warehouseId: number;
let otherWarehouseId: number;

// A pool as large as the bursts, so on PostgreSQL the requests really run side by side.
useOwnerApp(__filename, (t) => ({ app, owner, sent, warehouseId, firstWarehouseId: otherWarehouseId } = t), {
  warehouses: ['Außenlager', 'Hauptlager'],
  poolSize: 20,
});

const PERMISSION_IDS: Record<string, number> = Object.fromEntries([
  ...STOCK_PERMISSION_NAMES.map((name, i) => [name, i < 7 ? 7 + i : 11 + i]),
  ...PURCHASING_PERMISSION_NAMES.map((name, i) => [name, 14 + i]),
]);
let roles = 0;
/** A verified member of the owner's current warehouse whose role holds exactly `permissions`. */
async function memberWith(permissions: string[]) {
  const res = await owner.post('/api/admin/createrole', {
    name: `purchasing-role-${++roles}`,
    permissions: permissions.map((p) => PERMISSION_IDS[p]),
    warehouse_id: warehouseId,
  });
  expect(res.statusCode).toBe(201);
  const { user, client } = await loggedIn(app);
  await app.ctx.db.insert(memberships).values({ userId: user.id, warehouseId, roleId: res.json().role.id });
  await app.ctx.db.update(users).set({ currentWarehouseId: warehouseId }).where(eq(users.id, user.id));
  return client;
}

let suppliers = 0;
async function supplier(fields: Record<string, unknown> = {}, client = owner) {
  const res = await client.post('/api/purchasing/suppliers', { name: `Lieferant ${++suppliers}`, ...fields });
  expect(res.statusCode).toBe(201);
  return res.json().supplier as { id: number; name: string; email: string | null };
}
async function draft(supplierId: number, lines: { article_id: number; quantity: number; unit_price?: string }[]) {
  const res = await owner.post('/api/purchasing/orders', { supplier_id: supplierId, lines });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}
async function ordered(supplierId: number, lines: { article_id: number; quantity: number; unit_price?: string }[]) {
  const order = await draft(supplierId, lines);
  const res = await owner.post(`/api/purchasing/orders/${order.id}/order`, {});
  expect(res.statusCode).toBe(200);
  return res.json().order as Order;
}
interface Order {
  id: number;
  number: string;
  status: string;
  total: string;
  lines: {
    id: number;
    article_id: number;
    quantity: number;
    received_quantity: number;
    unit_price: string;
    total: string;
  }[];
}
const receipt = (orderId: number, body: unknown, key: string | null = randomUUID(), client = owner) =>
  book(client, `/api/purchasing/orders/${orderId}/receipts`, body, key);
const article = async (id: number) => (await owner.get(`/api/stock/articles/${id}`)).json().article;

describe('suppliers', () => {
  it('creates, edits, archives and restores; names unique per warehouse ignoring case; fields checked', async () => {
    const made = await supplier({ name: 'Nordwerk', email: 'a@nordwerk.example', lead_time_days: 3 });
    expect(made).toMatchObject({ name: 'Nordwerk', email: 'a@nordwerk.example', archived_at: null });
    const taken = await owner.post('/api/purchasing/suppliers', { name: 'NORDWERK' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ code: 'supplier.name_taken', errors: { name: [expect.any(String)] } });
    const lead = await owner.post('/api/purchasing/suppliers', { name: 'X', lead_time_days: 366 });
    expect(lead.statusCode).toBe(422);
    const mail = await owner.post('/api/purchasing/suppliers', { name: 'Y', email: 'not-an-address' });
    expect(mail.statusCode).toBe(422);
    expect(mail.json().errors.email).toBeDefined();
    const put = await owner.put(`/api/purchasing/suppliers/${made.id}`, { name: 'Nordwerk GmbH', lead_time_days: 0 });
    expect(put.json().supplier).toMatchObject({ name: 'Nordwerk GmbH', lead_time_days: 0, email: null });
    const archived = await owner.post(`/api/purchasing/suppliers/${made.id}/archive`);
    expect(archived.json().supplier.archived_at).not.toBeNull();
    const list = (await owner.get('/api/purchasing/suppliers')).json().suppliers.map((s: { id: number }) => s.id);
    expect(list).not.toContain(made.id);
    const all = (await owner.get('/api/purchasing/suppliers?archived=1'))
      .json()
      .suppliers.map((s: { id: number }) => s.id);
    expect(all).toContain(made.id);
    expect((await owner.post(`/api/purchasing/suppliers/${made.id}/restore`)).json().supplier.archived_at).toBeNull();
  });

  it('deletes a supplier without orders (204); one with orders is 409 and stays', async () => {
    const free = await supplier();
    expect((await owner.delete(`/api/purchasing/suppliers/${free.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/purchasing/suppliers/${free.id}`)).statusCode).toBe(404);
    const busy = await supplier();
    const a = await createArticle(owner);
    await draft(busy.id, [{ article_id: a.id, quantity: 1, unit_price: '1' }]);
    const res = await owner.delete(`/api/purchasing/suppliers/${busy.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('supplier.has_orders');
    expect((await owner.get(`/api/purchasing/suppliers/${busy.id}`)).statusCode).toBe(200);
  });
});

describe('supplier prices', () => {
  it('keeps the whole list, preferred first; money exact as strings; at most one preferred', async () => {
    const a = await createArticle(owner);
    const [one, two] = [await supplier(), await supplier()];
    const res = await owner.put(`/api/stock/articles/${a.id}/suppliers`, [
      { supplier_id: one.id, unit_price: '12.5000', supplier_sku: ' X-1 ' },
      { supplier_id: two.id, unit_price: '0.0345', pack_size: 6, preferred: true },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ supplier_id: two.id, unit_price: '0.0345', pack_size: 6, preferred: true }),
      expect.objectContaining({ supplier_id: one.id, unit_price: '12.5', supplier_sku: 'X-1', preferred: false }),
    ]);
    expect((await owner.get(`/api/stock/articles/${a.id}/suppliers`)).json()).toEqual(res.json());

    const twice = await owner.put(`/api/stock/articles/${a.id}/suppliers`, [
      { supplier_id: one.id, unit_price: '1', preferred: true },
      { supplier_id: two.id, unit_price: '1', preferred: true },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toHaveProperty(['1.preferred']);
    for (const unit_price of ['12.34567', '-1', '1000000000', '1e3', '']) {
      const bad = await owner.put(`/api/stock/articles/${a.id}/suppliers`, [{ supplier_id: one.id, unit_price }]);
      expect(bad.statusCode).toBe(422);
    }
    const number = await owner.put(`/api/stock/articles/${a.id}/suppliers`, [
      { supplier_id: one.id, unit_price: 12.5 },
    ]);
    expect(number.statusCode).toBe(422);
    // Nothing changed by the refusals.
    expect((await owner.get(`/api/stock/articles/${a.id}/suppliers`)).json()).toEqual(res.json());
    expect((await owner.put(`/api/stock/articles/${a.id}/suppliers`, [])).json()).toEqual([]);
  });
});

describe('purchase orders', () => {
  it('numbers PO-<year>-0001…, totals exact, prices default to the supplier price; PUT/DELETE only in draft', async () => {
    const s = await supplier();
    const [a, b] = [await createArticle(owner), await createArticle(owner, { unit: 'kg' })];
    await owner.put(`/api/stock/articles/${a.id}/suppliers`, [{ supplier_id: s.id, unit_price: '0.0345' }]);
    const order = await draft(s.id, [
      { article_id: a.id, quantity: 1000 },
      { article_id: b.id, quantity: 0.3, unit_price: '0.1' },
      { article_id: b.id, quantity: 3, unit_price: '0.1' },
    ]);
    expect(order.number).toMatch(new RegExp(`^PO-${new Date().getUTCFullYear()}-\\d{4}$`));
    expect(order.status).toBe('draft');
    // 1000 × 0.0345 + 0.3 × 0.1 + 3 × 0.1 = 34.5 + 0.03 + 0.3 (no 34.830000000000005).
    expect(order.lines.map((l) => [l.unit_price, l.total])).toEqual([
      ['0.0345', '34.5'],
      ['0.1', '0.03'],
      ['0.1', '0.3'],
    ]);
    expect(order.total).toBe('34.83');
    const noPrice = await owner.post('/api/purchasing/orders', {
      supplier_id: s.id,
      lines: [{ article_id: b.id, quantity: 1 }],
    });
    expect(noPrice.statusCode).toBe(422);
    expect(noPrice.json().errors).toHaveProperty(['lines.0.unit_price']);
    const whole = await owner.post('/api/purchasing/orders', {
      supplier_id: s.id,
      lines: [{ article_id: a.id, quantity: 1.5 }],
    });
    expect(whole.statusCode).toBe(422);
    expect(whole.json().errors).toHaveProperty(['lines.0.quantity']);

    const put = await owner.put(`/api/purchasing/orders/${order.id}`, {
      supplier_id: s.id,
      expected_at: '2030-02-28',
      note: 'Rampe 2',
      lines: [{ article_id: a.id, quantity: 2, unit_price: '999999999.9999' }],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().order).toMatchObject({ expected_at: '2030-02-28', note: 'Rampe 2', total: '1999999999.9998' });
    expect(
      (
        await owner.put(`/api/purchasing/orders/${order.id}`, {
          supplier_id: s.id,
          expected_at: '2030-02-30',
          lines: [],
        })
      ).statusCode,
    ).toBe(422);

    const placed = await owner.post(`/api/purchasing/orders/${order.id}/order`, {});
    expect(placed.json()).toMatchObject({ order: { status: 'ordered' }, email_sent: false });
    for (const res of [
      await owner.put(`/api/purchasing/orders/${order.id}`, { supplier_id: s.id, lines: [] }),
      await owner.delete(`/api/purchasing/orders/${order.id}`),
      await owner.post(`/api/purchasing/orders/${order.id}/order`, {}),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('purchase_order.wrong_status');
    }
    const other = await draft(s.id, []);
    expect((await owner.post(`/api/purchasing/orders/${other.id}/order`, {})).json().code).toBe('purchase_order.empty');
    expect((await owner.delete(`/api/purchasing/orders/${other.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/purchasing/orders/${other.id}`)).statusCode).toBe(404);
    // The database holds exact numerics (numeric(13,4), read back as the same digits).
    const stored = await app.ctx.db
      .select()
      .from(purchasingOrderLines)
      .where(eq(purchasingOrderLines.orderId, order.id));
    expect(stored.map((line) => line.unitPrice)).toEqual(['999999999.9999']);
  });

  it('lists newest first with status and supplier filters, cursor-paged', async () => {
    const s = await supplier();
    const a = await createArticle(owner);
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await draft(s.id, [{ article_id: a.id, quantity: 1, unit_price: '2' }]));
    await owner.post(`/api/purchasing/orders/${made[0]!.id}/order`, {});
    const first = (await owner.get(`/api/purchasing/orders?supplier_id=${s.id}&limit=2`)).json();
    expect(first.orders.map((o: Order) => o.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(first.orders[0]).toMatchObject({ total: '2', line_count: 1, supplier_name: s.name });
    const second = (
      await owner.get(`/api/purchasing/orders?supplier_id=${s.id}&limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(second).toMatchObject({ orders: [{ id: made[0]!.id }], next_cursor: null });
    const byStatus = (await owner.get(`/api/purchasing/orders?supplier_id=${s.id}&status=ordered`)).json();
    expect(byStatus.orders.map((o: Order) => o.id)).toEqual([made[0]!.id]);
    expect((await owner.get('/api/purchasing/orders?cursor=bogus')).statusCode).toBe(422);
  });

  it('mails the supplier the order as PDF through the outbox; without an address 422 and still a draft', async () => {
    const withMail = await supplier({ name: 'Mailbar', email: 'orders@mailbar.example' });
    const a = await createArticle(owner, { name: 'Schrauben Ø 5 mm – ÄÖÜß' });
    const order = await draft(withMail.id, [{ article_id: a.id, quantity: 12, unit_price: '1.25' }]);
    const before = sent.length;
    const res = await owner.post(`/api/purchasing/orders/${order.id}/order`, { send_email: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email_sent: true,
      order: { status: 'ordered', emailed_at: expect.any(String) },
    });
    const mail = sent.slice(before).find((m) => m.to === 'orders@mailbar.example')!;
    expect(mail.subject).toContain(order.number);
    expect(mail.attachments).toEqual([
      { filename: `${order.number}.pdf`, contentType: 'application/pdf', content: expect.any(String) },
    ]);
    expect(Buffer.from(mail.attachments![0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const silent = await supplier({ name: 'Ohne Mail' });
    const other = await draft(silent.id, [{ article_id: a.id, quantity: 1, unit_price: '1' }]);
    const refused = await owner.post(`/api/purchasing/orders/${other.id}/order`, { send_email: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'purchase_order.no_email',
      errors: { send_email: [expect.any(String)] },
    });
    expect((await owner.get(`/api/purchasing/orders/${other.id}`)).json().order.status).toBe('draft');

    const pdf = await owner.get(`/api/purchasing/orders/${order.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('cancels a draft or an ordered order with nothing received (on_order back); else 409', async () => {
    const s = await supplier();
    const a = await createArticle(owner);
    const order = await ordered(s.id, [{ article_id: a.id, quantity: 7, unit_price: '1' }]);
    expect((await article(a.id)).on_order).toBe(7);
    const cancelled = await owner.post(`/api/purchasing/orders/${order.id}/cancel`);
    expect(cancelled.json().order.status).toBe('cancelled');
    expect((await article(a.id)).on_order).toBe(0);
    expect((await owner.post(`/api/purchasing/orders/${order.id}/cancel`)).statusCode).toBe(409);
    expect((await receipt(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] })).statusCode).toBe(409);

    const part = await ordered(s.id, [{ article_id: a.id, quantity: 7, unit_price: '1' }]);
    expect((await receipt(part.id, { lines: [{ line_id: part.lines[0]!.id, quantity: 1 }] })).statusCode).toBe(201);
    const refused = await owner.post(`/api/purchasing/orders/${part.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('purchase_order.wrong_status');
    const d = await draft(s.id, [{ article_id: a.id, quantity: 1, unit_price: '1' }]);
    expect((await receipt(d.id, { lines: [{ line_id: d.lines[0]!.id, quantity: 1 }] })).json().code).toBe(
      'purchase_order.wrong_status',
    );
    expect((await owner.post(`/api/purchasing/orders/${d.id}/cancel`)).json().order.status).toBe('cancelled');
  });
});

describe('receiving', () => {
  it('books goods-in per line (reason purchase, the order and its price on the journal row); status follows', async () => {
    const s = await supplier();
    const [a, b] = [await createArticle(owner), await createArticle(owner)];
    const order = await ordered(s.id, [
      { article_id: a.id, quantity: 10, unit_price: '2.5' },
      { article_id: b.id, quantity: 4, unit_price: '0.0001' },
    ]);
    const first = await receipt(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 6 }] });
    expect(first.statusCode).toBe(201);
    expect(first.json().order).toMatchObject({ status: 'partially_received' });
    expect(first.json().order.lines[0]).toMatchObject({ received_quantity: 6, open_quantity: 4 });
    expect(first.json().movements).toEqual([
      expect.objectContaining({
        kind: 'in',
        reason: 'purchase',
        delta: 6,
        reference: order.number,
        purchase_order_id: order.id,
      }),
    ]);
    expect(await article(a.id)).toMatchObject({ quantity: 6, on_order: 4 });
    const rows = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderId, order.id));
    expect(rows.map((r) => [r.articleId, r.delta, r.unitCost])).toEqual([[a.id, 6000, '2.5000']]);

    const over = await receipt(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 5 }] });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'purchasing.over_receipt',
      errors: { 'lines.0.quantity': [expect.stringContaining('4')] },
    });
    const lot = await receipt(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 1, lot: '24-117' }] });
    expect(lot.statusCode).toBe(422);
    expect(lot.json().errors).toHaveProperty(['lines.0.lot']);
    const foreign = await receipt(order.id, { lines: [{ line_id: 2147483647, quantity: 1 }] });
    expect(foreign.json().errors).toHaveProperty(['lines.0.line_id']);
    expect(await article(a.id)).toMatchObject({ quantity: 6, on_order: 4 });

    const rest = await receipt(order.id, {
      allow_over: true,
      lines: [
        { line_id: order.lines[0]!.id, quantity: 5 },
        { line_id: order.lines[1]!.id, quantity: 4 },
      ],
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().order.status).toBe('received');
    expect(await article(a.id)).toMatchObject({ quantity: 11, on_order: 0 });
    expect(await article(b.id)).toMatchObject({ quantity: 4, on_order: 0 });
    expect((await receipt(order.id, { lines: [{ line_id: order.lines[1]!.id, quantity: 1 }] })).statusCode).toBe(409);
  });

  it('one receipt with two lines of one article and a named location: every journal row its own stock after it', async () => {
    const s = await supplier();
    const a = await createArticle(owner);
    await stockUp(owner, a.id, 2);
    const shelf = (await owner.post('/api/stock/locations', { code: 'WE-1' })).json().location.id as number;
    const order = await ordered(s.id, [
      { article_id: a.id, quantity: 3, unit_price: '1' },
      { article_id: a.id, quantity: 5, unit_price: '2' },
    ]);
    const unknown = await receipt(order.id, {
      lines: [{ line_id: order.lines[0]!.id, quantity: 1, location_id: 2147483647 }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await article(a.id)).toMatchObject({ quantity: 2, on_order: 8 });
    const res = await receipt(order.id, {
      lines: [
        { line_id: order.lines[0]!.id, quantity: 3 },
        { line_id: order.lines[1]!.id, quantity: 1, location_id: shelf },
        { line_id: order.lines[1]!.id, quantity: 4 },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .movements.map(
          (m: { delta: number; quantity_after: number; location_code: string; location_quantity_after: number }) => [
            m.delta,
            m.quantity_after,
            m.location_code,
            m.location_quantity_after,
          ],
        ),
    ).toEqual([
      [3, 5, 'STANDARD', 5],
      [1, 6, 'WE-1', 1],
      [4, 10, 'STANDARD', 9],
    ]);
    expect(res.json().order.status).toBe('received');
    expect(await article(a.id)).toMatchObject({ quantity: 10, on_order: 0 });
    const rows = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderId, order.id));
    expect(rows.map((r) => r.unitCost).sort()).toEqual(['1.0000', '2.0000', '2.0000']);
  });

  it('the same Idempotency-Key twice books once and answers the same', async () => {
    const s = await supplier();
    const a = await createArticle(owner);
    const order = await ordered(s.id, [{ article_id: a.id, quantity: 4, unit_price: '1' }]);
    const key = randomUUID();
    const body = { lines: [{ line_id: order.lines[0]!.id, quantity: 3 }] };
    const [one, two] = await Promise.all([receipt(order.id, body, key), receipt(order.id, body, key)]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(two.json()).toEqual(one.json());
    const again = await receipt(order.id, body, key);
    expect(again.json()).toEqual(one.json());
    expect(await article(a.id)).toMatchObject({ quantity: 3, on_order: 1 });
    const rows = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderId, order.id));
    expect(rows).toHaveLength(1);
    expect((await receipt(order.id, body, null)).statusCode).toBe(422);
  });
});

describe('on order and the reorder suggestion', () => {
  it('on_order is the open quantity of ordered lines; the suggestion subtracts it, never below 0', async () => {
    const s = await supplier();
    const a = await createArticle(owner, { min_stock: 10, max_stock: 30 });
    await stockUp(owner, a.id, 5);
    const line = async () =>
      (
        (await owner.get('/api/stock/reorder')).json().articles as { id: number; suggested: number; on_order: number }[]
      ).find((l) => l.id === a.id);
    expect(await line()).toMatchObject({ suggested: 25, on_order: 0 });
    await draft(s.id, [{ article_id: a.id, quantity: 10, unit_price: '1' }]);
    expect(await line()).toMatchObject({ suggested: 25, on_order: 0 });
    const order = await ordered(s.id, [{ article_id: a.id, quantity: 10, unit_price: '1' }]);
    expect(await line()).toMatchObject({ suggested: 15, on_order: 10 });
    await receipt(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 4 }] });
    expect(await article(a.id)).toMatchObject({ quantity: 9, on_order: 6 });
    expect(await line()).toMatchObject({ suggested: 15, on_order: 6 });
    await ordered(s.id, [{ article_id: a.id, quantity: 100, unit_price: '1' }]);
    expect(await line()).toMatchObject({ suggested: 0, on_order: 106 });
    const list = (await owner.get(`/api/stock/articles?q=${a.sku}`)).json().articles;
    expect(list[0]).toMatchObject({ id: a.id, on_order: 106 });
  });

  it('from-reorder drafts one order per preferred supplier, rounded up to the pack size; skips the rest', async () => {
    // Earlier tests left low articles of their own: name ours.
    const [north, south] = [await supplier(), await supplier()];
    const a = await createArticle(owner, { min_stock: 10, max_stock: 23 }); // suggests 23
    const b = await createArticle(owner, { min_stock: 4 }); // suggests 8
    const c = await createArticle(owner, { min_stock: 2 }); // no supplier
    const d = await createArticle(owner, { min_stock: 2 }); // not low
    await stockUp(owner, d.id, 50);
    await owner.put(`/api/stock/articles/${a.id}/suppliers`, [
      { supplier_id: north.id, unit_price: '1.1', pack_size: 5, preferred: true },
      { supplier_id: south.id, unit_price: '0.9' },
    ]);
    await owner.put(`/api/stock/articles/${b.id}/suppliers`, [
      { supplier_id: south.id, unit_price: '3', preferred: true },
    ]);
    await owner.put(`/api/stock/articles/${c.id}/suppliers`, [{ supplier_id: south.id, unit_price: '3' }]);
    const res = await owner.post('/api/purchasing/orders/from-reorder', { article_ids: [a.id, b.id, c.id, d.id] });
    expect(res.statusCode).toBe(201);
    const { orders, skipped } = res.json();
    expect(
      orders.map((o: Order & { supplier_id: number }) => [
        o.supplier_id,
        o.status,
        o.lines.map((l) => [l.article_id, l.quantity, l.unit_price]),
      ]),
    ).toEqual([
      [north.id, 'draft', [[a.id, 25, '1.1']]],
      [south.id, 'draft', [[b.id, 8, '3']]],
    ]);
    expect(skipped).toEqual(
      expect.arrayContaining([
        { article_id: c.id, reason: 'no_supplier' },
        { article_id: d.id, reason: 'not_low' },
      ]),
    );
    expect(skipped).toHaveLength(2);
  });
});

describe('warehouses and permissions', () => {
  it('an order, supplier or article of another warehouse is 404 everywhere', async () => {
    const s = await supplier();
    const a = await createArticle(owner);
    const order = await ordered(s.id, [{ article_id: a.id, quantity: 2, unit_price: '1' }]);
    // The owner switches to the other warehouse: the same ids are not found there.
    await app.ctx.db.update(users).set({ currentWarehouseId: otherWarehouseId }).where(sql`true`);
    try {
      for (const res of [
        await owner.get(`/api/purchasing/orders/${order.id}`),
        await owner.get(`/api/purchasing/orders/${order.id}/pdf`),
        await owner.post(`/api/purchasing/orders/${order.id}/cancel`),
        await receipt(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] }),
        await owner.get(`/api/purchasing/suppliers/${s.id}`),
        await owner.get(`/api/stock/articles/${a.id}/suppliers`),
        await owner.post('/api/purchasing/orders', { supplier_id: s.id, lines: [] }),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      const list = (await owner.get('/api/purchasing/orders')).json();
      expect(list.orders).toEqual([]);
    } finally {
      await app.ctx.db.update(users).set({ currentWarehouseId: warehouseId }).where(sql`true`);
    }
    expect((await owner.get(`/api/purchasing/orders/${order.id}`)).statusCode).toBe(200);
  });

  it('each call needs its permission (403); receiving needs no stock permission', async () => {
    const s = await supplier({ email: 'p@example.test' });
    const a = await createArticle(owner);
    const order = await ordered(s.id, [{ article_id: a.id, quantity: 5, unit_price: '1' }]);
    const stockOnly = await memberWith([...STOCK_PERMISSION_NAMES]);
    expect((await stockOnly.get('/api/purchasing/orders')).statusCode).toBe(403);
    expect((await stockOnly.get(`/api/stock/articles/${a.id}/suppliers`)).statusCode).toBe(403);
    const viewer = await memberWith(['view_purchasing']);
    expect((await viewer.get('/api/purchasing/orders')).statusCode).toBe(200);
    expect((await viewer.post('/api/purchasing/suppliers', { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.put(`/api/stock/articles/${a.id}/suppliers`, [])).statusCode).toBe(403);
    expect((await viewer.post('/api/purchasing/orders', { supplier_id: s.id, lines: [] })).statusCode).toBe(403);
    expect((await viewer.post(`/api/purchasing/orders/${order.id}/cancel`)).statusCode).toBe(403);
    const body = { lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] };
    expect((await receipt(order.id, body, randomUUID(), viewer)).statusCode).toBe(403);
    const receiver = await memberWith(['view_purchasing', 'receive_goods']);
    expect((await receiver.get('/api/stock/articles')).statusCode).toBe(403);
    const res = await receipt(order.id, body, randomUUID(), receiver);
    expect(res.statusCode).toBe(201);
    expect(await article(a.id)).toMatchObject({ quantity: 1, on_order: 4 });
    const buyer = await memberWith(['view_purchasing', 'manage_purchase_orders']);
    expect((await buyer.post('/api/purchasing/orders', { supplier_id: s.id, lines: [] })).statusCode).toBe(201);
    expect((await buyer.post('/api/purchasing/suppliers', { name: 'Nope' })).statusCode).toBe(403);
    const manager = await memberWith(['view_purchasing', 'manage_suppliers']);
    expect((await manager.post('/api/purchasing/suppliers', { name: 'Yes' })).statusCode).toBe(201);
  });
});

describe('concurrency', () => {
  it('8 parallel creates get 8 gap-free numbers', async () => {
    const s = await supplier();
    const a = await createArticle(owner);
    const before = (
      await app.ctx.db.select().from(purchasingOrders).where(eq(purchasingOrders.warehouseId, warehouseId))
    ).map((o) => Number(o.number.slice(-4)));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        owner.post('/api/purchasing/orders', {
          supplier_id: s.id,
          lines: [{ article_id: a.id, quantity: 1, unit_price: '1' }],
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = answers.map((r) => Number(r.json().order.number.slice(-4))).sort((x, y) => x - y);
    const last = Math.max(0, ...before);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => last + 1 + i));
  });

  it('20 parallel receipts of 1 on an open line of 4: exactly 4 booked, 16 refused', async () => {
    const s = await supplier();
    const a = await createArticle(owner);
    const order = await ordered(s.id, [{ article_id: a.id, quantity: 4, unit_price: '1.5' }]);
    const body = { lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] };
    const answers = await Promise.all(Array.from({ length: 20 }, () => receipt(order.id, body)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((x) => x === 201)).toHaveLength(4);
    // Once the line is full the order is `received`: later receipts are 409, none gets through.
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(16);
    for (const res of refused) {
      expect([409, 422]).toContain(res.statusCode);
      expect(['purchase_order.wrong_status', 'purchasing.over_receipt']).toContain(res.json().code);
    }
    expect(await article(a.id)).toMatchObject({ quantity: 4, on_order: 0 });
    const final = (await owner.get(`/api/purchasing/orders/${order.id}`)).json().order;
    expect(final).toMatchObject({ status: 'received', lines: [{ received_quantity: 4 }] });
    const rows = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderId, order.id));
    expect(rows).toHaveLength(4);
  });
});

describe('receipts and value (stock-spec-3 §3)', () => {
  it("a receipt is valued at its line's unit price: the article's moving average follows it", async () => {
    const s = await supplier();
    const a = await createArticle(owner);
    await book(owner, '/api/stock/movements', { article_id: a.id, kind: 'in', quantity: 3, unit_cost: '0.1' });
    const order = await ordered(s.id, [{ article_id: a.id, quantity: 3, unit_price: '0.2' }]);
    const res = await receipt(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 3 }] });
    expect(res.statusCode).toBe(201);
    expect(await article(a.id)).toMatchObject({ quantity: 6, average_cost: '0.15', value: '0.90' });
    const journal = (await owner.get(`/api/stock/movements?article_id=${a.id}`)).json().movements;
    expect(journal[0]).toMatchObject({ purchase_order_id: order.id, unit_cost: '0.2', average_cost_after: '0.15' });
  });
});

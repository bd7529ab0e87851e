import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, useOwnerApp } from '../../../test/helpers';
import { book, createArticle, move } from '../../../test/stock/helpers';
import { pgErrorCode } from '../../platform/db/pg-errors';
import { stockLotQuantities, stockMovements } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;

useOwnerApp(__filename, (t) => ({ app, owner } = t), { owner: { name: 'Olga Owner' } });

const lotArticle = (fields = {}) => createArticle(owner, { tracking: 'lot', expiry: true, ...fields });
const receive = (id: number, quantity: number, lot: string, best_before: string | null, fields = {}) =>
  move(owner, id, 'in', quantity, { reason: 'purchase', lot, best_before, ...fields });
const lotsOf = async (id: number) => (await owner.get(`/api/stock/articles/${id}/lots`)).json().lots;
const journalOf = (id: number) =>
  app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, id)).orderBy(stockMovements.id);

describe('lot and serial rules (stock-spec-3 §2)', () => {
  it('refuses a tracked booking without lot, serials or best-before with 422 and the spec codes, nothing booked', async () => {
    const lot = await lotArticle();
    const noLot = await move(owner, lot.id, 'in', 5, { best_before: '2027-01-31' });
    expect(noLot.statusCode).toBe(422);
    expect(noLot.json()).toMatchObject({ code: 'lot.required', errors: { lot: [expect.any(String)] } });
    const noDate = await move(owner, lot.id, 'in', 5, { lot: 'L-1' });
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json()).toMatchObject({
      code: 'best_before.required',
      errors: { best_before: [expect.any(String)] },
    });
    owner.lang = 'de';
    const de = await move(owner, lot.id, 'in', 5, {});
    owner.lang = 'en';
    expect(de.json().message).toMatch(/^Dieser Artikel wird nach Charge geführt: Die Charge ist erforderlich\./);
    const badLot = await move(owner, lot.id, 'in', 5, { lot: 'L 1!', best_before: '2027-01-31' });
    expect(badLot.json().errors).toHaveProperty('lot');
    const badDate = await move(owner, lot.id, 'in', 5, { lot: 'L-1', best_before: '2027-02-30' });
    expect(badDate.json().errors).toHaveProperty('best_before');

    const serial = await createArticle(owner, { tracking: 'serial' });
    const noSerials = await move(owner, serial.id, 'in', 1, {});
    expect(noSerials.statusCode).toBe(422);
    expect(noSerials.json()).toMatchObject({ code: 'serials.required' });
    const wrongCount = await move(owner, serial.id, 'in', 3, { serials: ['S1', 'S2'] });
    expect(wrongCount.json().errors).toHaveProperty('quantity');
    const untracked = await createArticle(owner);
    const notTracked = await move(owner, untracked.id, 'in', 1, { lot: 'L-1' });
    expect(notTracked.statusCode).toBe(422);
    expect(notTracked.json()).toMatchObject({ code: 'lot.not_tracked', errors: { lot: [expect.any(String)] } });
    for (const a of [lot, serial, untracked]) expect(await journalOf(a.id)).toHaveLength(0);
  });

  it('keeps a lot’s first best-before, and a serial in stock cannot come in again while one that left may', async () => {
    const lot = await lotArticle();
    expect((await receive(lot.id, 5, '24-117', '2027-03-01')).statusCode).toBe(201);
    const other = await receive(lot.id, 5, '24-117', '2027-04-01');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'lot.best_before_mismatch',
      message: 'Lot 24-117 already has the best-before date 2027-03-01.',
    });
    expect((await receive(lot.id, 2, '24-117', '2027-03-01')).statusCode).toBe(201);
    expect(await lotsOf(lot.id)).toEqual([
      { lot: '24-117', best_before: '2027-03-01', quantity: 7, locations: [expect.objectContaining({ quantity: 7 })] },
    ]);

    const serial = await createArticle(owner, { tracking: 'serial' });
    const first = await move(owner, serial.id, 'in', 2, { serials: ['SN-1', 'SN-2'] });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ serials: ['SN-1', 'SN-2'], article: { quantity: 2 } });
    expect(first.json().movements.map((m: { serial: string; delta: number }) => [m.serial, m.delta])).toEqual([
      ['SN-1', 1],
      ['SN-2', 1],
    ]);
    const again = await move(owner, serial.id, 'in', 1, { serials: ['SN-2'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'serial.in_stock', message: 'Serial number SN-2 is already in stock.' });
    const out = await move(owner, serial.id, 'out', 1, { reason: 'sale', serials: ['SN-2'] });
    expect(out.statusCode).toBe(201);
    const missing = await move(owner, serial.id, 'out', 1, { reason: 'sale', serials: ['SN-2'] });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toMatch(/^Serial number SN-2 is not in stock at location STANDARD/);
    const back = await move(owner, serial.id, 'in', 1, { reason: 'return', serials: ['SN-2'] });
    expect(back.statusCode).toBe(201);
    expect(back.json().article.quantity).toBe(2);
  });

  it('takes a named lot only, and names it when it is short (409)', async () => {
    const lot = await lotArticle();
    await receive(lot.id, 3, 'A', '2027-01-01');
    await receive(lot.id, 10, 'B', '2027-06-01');
    const short = await move(owner, lot.id, 'out', 4, { reason: 'sale', lot: 'A' });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      code: 'stock.insufficient',
      message: 'Not enough stock of lot A at location STANDARD: 3 pcs available.',
    });
    owner.lang = 'de';
    const de = await move(owner, lot.id, 'out', 4, { reason: 'sale', lot: 'A' });
    owner.lang = 'en';
    expect(de.json().message).toBe('Nicht genug Bestand der Charge A am Lagerplatz STANDARD: 3 Stk. verfügbar.');
    const fromB = await move(owner, lot.id, 'out', 4, { reason: 'sale', lot: 'B' });
    expect(fromB.statusCode).toBe(201);
    expect(fromB.json()).toMatchObject({ lots: [{ lot: 'B', quantity: 4 }], movement: { lot: 'B', delta: -4 } });
  });

  it('goods-out without a lot is FEFO: earliest best-before first, then oldest receipt, split with lots in the answer', async () => {
    const lot = await lotArticle();
    await receive(lot.id, 5, 'LATE', '2027-09-01');
    await receive(lot.id, 2, 'EARLY-2', '2027-02-01');
    await receive(lot.id, 3, 'EARLY-1', '2027-02-01');
    await receive(lot.id, 4, 'SOON', '2027-01-15');
    const out = await move(owner, lot.id, 'out', 8, { reason: 'sale' });
    expect(out.statusCode).toBe(201);
    // SOON (Jan 15) first, then the two of Feb 1 in receipt order, EARLY-2 first.
    expect(out.json().lots).toEqual([
      { lot: 'SOON', quantity: 4 },
      { lot: 'EARLY-2', quantity: 2 },
      { lot: 'EARLY-1', quantity: 2 },
    ]);
    expect(out.json().article.quantity).toBe(6);
    const rows = (await journalOf(lot.id)).filter((m) => m.kind === 'out');
    expect(rows.map((m) => [m.lot, m.delta / 1000, m.quantityAfter / 1000, m.bestBefore])).toEqual([
      ['SOON', -4, 10, '2027-01-15'],
      ['EARLY-2', -2, 8, '2027-02-01'],
      ['EARLY-1', -2, 6, '2027-02-01'],
    ]);
    expect((await lotsOf(lot.id)).map((l: { lot: string; quantity: number }) => [l.lot, l.quantity])).toEqual([
      ['EARLY-1', 1],
      ['LATE', 5],
    ]);
    const tooMuch = await move(owner, lot.id, 'out', 7, { reason: 'sale' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('stock.insufficient');
    // The journal filter and the lot columns of JSON and CSV.
    const journal = (await owner.get(`/api/stock/movements?lot=SOON`)).json().movements;
    expect(journal.map((m: { kind: string; lot: string }) => [m.kind, m.lot])).toEqual([
      ['out', 'SOON'],
      ['in', 'SOON'],
    ]);
    const csv = await owner.get(`/api/stock/movements.csv?lot=SOON`);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/,Lot,Serial,Best before,Location,Stock at the location after$/);
    expect(lines[1]).toMatch(/,SOON,,2027-01-15,[^,]*,[^,]*$/);
  });

  it('corrections, stocktakes, relocations and reversals carry the lot', async () => {
    const lot = await lotArticle();
    await receive(lot.id, 5, 'K-1', '2027-05-01');
    const noLot = await move(owner, lot.id, 'correction', 3, { reason: 'count' });
    expect(noLot.json().code).toBe('lot.required');
    const corrected = await move(owner, lot.id, 'correction', 3, { reason: 'count', lot: 'K-1' });
    expect(corrected.json()).toMatchObject({ movement: { lot: 'K-1', delta: -2 }, article: { quantity: 3 } });
    const counted = await book(owner, '/api/stock/counts', {
      lines: [{ article_id: lot.id, counted: 4, lot: 'K-2', best_before: '2027-08-01' }],
    });
    expect(counted.statusCode).toBe(201);
    expect(counted.json().movements).toEqual([expect.objectContaining({ lot: 'K-2', delta: 4, quantity_after: 7 })]);
    const reversed = await book(owner, `/api/stock/movements/${corrected.json().movement.id}/reverse`, {});
    expect(reversed.statusCode).toBe(201);
    expect(reversed.json().movement).toMatchObject({ lot: 'K-1', delta: 2 });
    const shelf = await owner.post('/api/stock/locations', { code: 'R-1', name: 'Regal 1' });
    expect(shelf.statusCode).toBe(201);
    const standard = (await lotsOf(lot.id))[0].locations[0].location_id;
    const moved = await book(owner, '/api/stock/relocations', {
      article_id: lot.id,
      from_location_id: standard,
      to_location_id: shelf.json().location.id,
      quantity: 6,
    });
    expect(moved.statusCode).toBe(201);
    // FEFO: all 5 of K-1 (May) and 1 of K-2 (August).
    expect(moved.json().movements.map((m: { lot: string; delta: number }) => [m.lot, m.delta])).toEqual([
      ['K-1', -5],
      ['K-2', -1],
      ['K-1', 5],
      ['K-2', 1],
    ]);
    const rows = await app.ctx.db.select().from(stockLotQuantities).where(eq(stockLotQuantities.articleId, lot.id));
    expect(rows.every((r) => r.quantity >= 0)).toBe(true);
    expect(rows.reduce((s, r) => s + r.quantity, 0)).toBe(9_000);
  });

  it('refuses changing tracking or expiry while in stock (409), allows it at 0', async () => {
    const article = await createArticle(owner, { sku: 'TRK-1' });
    const body = { sku: 'TRK-1', name: 'Tracked', unit: 'pcs', min_stock: 0 };
    await move(owner, article.id, 'in', 2);
    const refused = await owner.put(`/api/stock/articles/${article.id}`, { ...body, tracking: 'lot' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'article.tracking_locked',
      message: 'Tracking and best-before can only be changed while the stock is 0.',
    });
    // Other fields may still change while tracking stays.
    expect((await owner.put(`/api/stock/articles/${article.id}`, { ...body, name: 'Renamed' })).statusCode).toBe(200);
    await move(owner, article.id, 'out', 2, { reason: 'sale' });
    const allowed = await owner.put(`/api/stock/articles/${article.id}`, { ...body, tracking: 'lot', expiry: true });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().article).toMatchObject({ tracking: 'lot', expiry: true });
    // Now the fast path hands it back: a goods-in without a lot is refused.
    expect((await move(owner, article.id, 'in', 1)).json().code).toBe('lot.required');
  });

  it('lists lots across articles by best-before, and traces a lot oldest first with purchase order and supplier', async () => {
    const lot = await lotArticle({ sku: 'MILCH-1', name: 'Milch' });
    const supplier = (await owner.post('/api/purchasing/suppliers', { name: 'Molkerei Nord' })).json().supplier;
    const draft = await owner.post('/api/purchasing/orders', {
      supplier_id: supplier.id,
      lines: [{ article_id: lot.id, quantity: 10, unit_price: '0.89' }],
    });
    const order = draft.json().order;
    expect((await owner.post(`/api/purchasing/orders/${order.id}/order`, {})).statusCode).toBe(200);
    const line = order.lines[0].id;
    const noLot = await book(owner, `/api/purchasing/orders/${order.id}/receipts`, {
      lines: [{ line_id: line, quantity: 10 }],
    });
    expect(noLot.statusCode).toBe(422);
    expect(noLot.json()).toMatchObject({ code: 'lot.required', errors: { 'lines.0.lot': [expect.any(String)] } });
    const received = await book(owner, `/api/purchasing/orders/${order.id}/receipts`, {
      lines: [{ line_id: line, quantity: 10, lot: '24-117', best_before: '2026-12-05' }],
    });
    expect(received.statusCode).toBe(201);
    await receive(lot.id, 4, '24-200', '2027-03-01');
    await move(owner, lot.id, 'out', 3, { reason: 'sale', reference: 'Kunde Meier' });

    const across = (await owner.get('/api/stock/lots?expires_before=2027-01-01&q=milch')).json();
    expect(across.lots).toEqual([
      expect.objectContaining({ article_sku: 'MILCH-1', lot: '24-117', best_before: '2026-12-05', quantity: 7 }),
    ]);
    const paged = (await owner.get('/api/stock/lots?q=milch&limit=1')).json();
    expect(paged.lots[0].lot).toBe('24-117');
    const next = (await owner.get(`/api/stock/lots?q=milch&limit=1&cursor=${paged.next_cursor}`)).json();
    expect(next.lots.map((l: { lot: string }) => l.lot)).toEqual(['24-200']);
    expect((await owner.get('/api/stock/lots?expires_before=2027-02-30')).statusCode).toBe(422);

    const trace = await owner.get(`/api/stock/trace?article_id=${lot.id}&lot=24-117`);
    expect(trace.statusCode).toBe(200);
    expect(
      trace
        .json()
        .movements.map((m: Record<string, unknown>) => [
          m.kind,
          m.delta,
          m.purchase_order_number,
          m.supplier_name,
          m.reference,
        ]),
    ).toEqual([
      ['in', 10, order.number, 'Molkerei Nord', order.number],
      ['out', -3, null, null, 'Kunde Meier'],
    ]);
    owner.lang = 'de';
    const csv = await owner.get(`/api/stock/trace.csv?article_id=${lot.id}&lot=24-117`);
    owner.lang = 'en';
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\n');
    expect(lines[0]).toBe(
      'Zeitpunkt;Art;Artikelnummer;Artikel;Charge;Seriennummer;MHD;Menge;Einheit;Lagerplatz;Grund;Referenz;Bestellung;Lieferant;Benutzer',
    );
    expect(lines[1]).toContain(
      `;in;MILCH-1;Milch;24-117;;2026-12-05;10;pcs;STANDARD;purchase;${order.number};${order.number};Molkerei Nord;Olga Owner`,
    );
    expect(lines).toHaveLength(3);
    expect((await owner.get(`/api/stock/trace?article_id=${lot.id}`)).statusCode).toBe(422);
  });
});

describe('stock_book_lot: a lot article goods-in/out in one round trip (migration 0018)', () => {
  const call = (
    userId: number,
    warehouseId: number,
    articleId: number,
    kind: string,
    amount: number,
    lot: string | null,
  ) =>
    app.ctx.db.execute(sql`SELECT stock_book_lot(${userId}::integer, gen_random_uuid(), repeat('a', 64), 192,
      ${warehouseId}::integer, ${articleId}::integer, ${kind}::varchar, ${amount}::bigint, NULL, 'sale', NULL, NULL,
      'Direct', NULL, 99999999999999, '{pcs}', ${lot}::varchar, NULL) AS answer`);

  it('takes FEFO over the lots with one journal row each, and hands back (LG000, nothing written) what it does not book', async () => {
    const lot = await lotArticle();
    await receive(lot.id, 2, 'B', '2027-02-01');
    await receive(lot.id, 2, 'A', '2027-01-01');
    const [row] = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, lot.id)).limit(1);
    const { userId, warehouseId } = row!;
    const result = (await call(userId!, warehouseId, lot.id, 'out', 3000, null)) as unknown as {
      rows: { answer: { status: number; booking: { lots: { lot: string; quantity: number }[] } } }[];
    };
    expect(result.rows[0]!.answer.status).toBe(201);
    expect(result.rows[0]!.answer.booking.lots).toEqual([
      { lot: 'A', quantity: 2000 },
      { lot: 'B', quantity: 1000 },
    ]);
    const rows = (await journalOf(lot.id)).filter((m) => m.kind === 'out');
    expect(rows.map((m) => [m.lot, m.delta, m.quantityAfter, m.locationQuantityAfter, m.bestBefore])).toEqual([
      ['A', -2000, 2000, 2000, '2027-01-01'],
      ['B', -1000, 1000, 1000, '2027-02-01'],
    ]);
    const before = (await journalOf(lot.id)).length;
    const handedBack = (answer: Promise<unknown>) =>
      answer.then(
        () => 'booked',
        (error) => pgErrorCode(error),
      );
    // Not enough stock left, and a goods-in without a lot.
    expect(await handedBack(call(userId!, warehouseId, lot.id, 'out', 2000, null))).toBe('LG000');
    expect(await handedBack(call(userId!, warehouseId, lot.id, 'in', 1000, null))).toBe('LG000');
    expect(await journalOf(lot.id)).toHaveLength(before);
    // Through the API the same request gets the statement path's exact refusal.
    const short = await move(owner, lot.id, 'out', 2, { reason: 'sale' });
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('stock.insufficient');
  });
});

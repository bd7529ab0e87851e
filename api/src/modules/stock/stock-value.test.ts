import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Client } from '../../../test/helpers';
import { pdfText } from '../../../test/pdf-text';
import { book, createArticle, member, move, transfer, useSourceAndTarget } from '../../../test/stock/helpers';
import { memberships } from '../../platform/tenancy/tables';
import { stockArticles, stockMovements } from './tables';

/**
 * Stock value (stock-spec-3 §3): the moving average on every journal row, exact decimals, the valuation
 * as of the end of a past day from the journal, and costs only for view_stock_value.
 */
// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let source: number;
let target: number;

useSourceAndTarget(__filename, (t) => ({ app, owner, source, target } = t));

const goodsIn = async (articleId: number, quantity: number, unitCost?: string) => {
  const res = await move(owner, articleId, 'in', quantity, unitCost === undefined ? {} : { unit_cost: unitCost });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const rowsOf = (articleId: number) =>
  app.ctx.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.articleId, articleId))
    .orderBy(asc(stockMovements.id));
const averageOf = async (articleId: number) => (await owner.get(`/api/stock/articles/${articleId}`)).json().article;

describe('the moving average', () => {
  it('3 @ 0.1 + 3 @ 0.2 gives an average of 0.15 and a value of 0.90, exactly', async () => {
    const article = await createArticle(owner, { sku: 'V-EXACT' });
    const first = await goodsIn(article.id, 3, '0.1');
    expect(first.movement).toMatchObject({ unit_cost: '0.1', average_cost_after: '0.1' });
    const second = await goodsIn(article.id, 3, '0.2');
    expect(second.movement).toMatchObject({ unit_cost: '0.2', average_cost_after: '0.15' });
    expect(second.article).toMatchObject({ quantity: 6, average_cost: '0.15', value: '0.90' });
    expect(await averageOf(article.id)).toMatchObject({ average_cost: '0.15', value: '0.90' });
    const [stored] = await app.ctx.db.select().from(stockArticles).where(eq(stockArticles.id, article.id));
    expect(stored!.averageCost).toBe('0.1500');
    expect((await rowsOf(article.id)).map((r) => [r.unitCost, r.averageCostAfter])).toEqual([
      ['0.1000', '0.1000'],
      ['0.2000', '0.1500'],
    ]);
  });

  it('follows in, out, unpriced in, corrections, a transfer and reversals as the spec defines', async () => {
    const article = await createArticle(owner, { sku: 'V-RUN' });
    await goodsIn(article.id, 10, '2');
    expect((await goodsIn(article.id, 10, '3.5')).movement.average_cost_after).toBe('2.75');
    const out = await move(owner, article.id, 'out', 5, { reason: 'sale' });
    expect(out.json().movement).toMatchObject({ unit_cost: '2.75', average_cost_after: '2.75' });
    // Unpriced goods-in and a correction up take the current average, a correction down leaves it.
    expect((await goodsIn(article.id, 5)).movement).toMatchObject({ unit_cost: '2.75', average_cost_after: '2.75' });
    const up = await move(owner, article.id, 'correction', 25, { reason: 'count' });
    expect(up.json().movement).toMatchObject({ delta: 5, unit_cost: '2.75', average_cost_after: '2.75' });
    const down = await move(owner, article.id, 'correction', 23, { reason: 'count' });
    expect(down.json().movement).toMatchObject({ delta: -2, average_cost_after: '2.75' });
    // (23 × 2.75 + 3 × 1) / 26 = 2.548076… → 2.5481
    const cheap = await goodsIn(article.id, 3, '1');
    expect(cheap.movement.average_cost_after).toBe('2.5481');
    expect(cheap.article).toMatchObject({ quantity: 26, average_cost: '2.5481', value: '66.25' });

    // A transfer carries the sending warehouse's average into the (empty) target article.
    const sent = await transfer(owner, article.id, target, 6);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().out).toMatchObject({ unit_cost: '2.5481', average_cost_after: '2.5481' });
    expect(sent.json().in).toMatchObject({ unit_cost: '2.5481', average_cost_after: '2.5481' });
    const [there] = await app.ctx.db
      .select()
      .from(stockArticles)
      .where(and(eq(stockArticles.warehouseId, target), eq(stockArticles.sku, 'V-RUN')));
    expect(there!.averageCost).toBe('2.5481');
    expect((await averageOf(article.id)).average_cost).toBe('2.5481');

    // Reversing the cheap goods-in (a negative row) and the goods-out (a return) leaves the average.
    const undoIn = await book(owner, `/api/stock/movements/${cheap.movement.id}/reverse`, {});
    expect(undoIn.statusCode).toBe(201);
    expect(undoIn.json().movement ?? undoIn.json()).toMatchObject({ average_cost_after: '2.5481' });
    const undoOut = await book(owner, `/api/stock/movements/${out.json().movement.id}/reverse`, {});
    expect(undoOut.statusCode).toBe(201);
    expect(await averageOf(article.id)).toMatchObject({ quantity: 22, average_cost: '2.5481', value: '56.06' });

    // Out to empty, then a priced goods-in into empty stock sets the average to its price.
    await move(owner, article.id, 'out', 22, { reason: 'sale' });
    expect((await goodsIn(article.id, 2, '7')).article).toMatchObject({ average_cost: '7', value: '14.00' });
  });

  it('a half at the fifth place rounds up: (6 × 2.5481 + 6 × 1) / 12 = 1.77405 → 1.7741', async () => {
    const article = await createArticle(owner, { sku: 'V-HALF' });
    await goodsIn(article.id, 6, '2.5481');
    expect((await goodsIn(article.id, 6, '1')).article.average_cost).toBe('1.7741');
  });

  it('values lot bookings too, including those stock_book and stock_book_lot make in one round trip', async () => {
    const plain = await createArticle(owner, { sku: 'V-TRIP' });
    await goodsIn(plain.id, 2, '3');
    // Unpriced goods-in and goods-out go through stock_book: the answer carries the trigger's average.
    expect((await goodsIn(plain.id, 2)).article).toMatchObject({ average_cost: '3', value: '12.00' });
    const lot = await createArticle(owner, { sku: 'V-LOT', tracking: 'lot' });
    const first = await move(owner, lot.id, 'in', 4, { lot: 'L1', unit_cost: '2' });
    expect(first.json().movement).toMatchObject({ lot: 'L1', average_cost_after: '2' });
    const second = await move(owner, lot.id, 'in', 4, { lot: 'L2' });
    expect(second.json().movement).toMatchObject({ lot: 'L2', unit_cost: '2', average_cost_after: '2' });
    expect(second.json().article).toMatchObject({ average_cost: '2', value: '16.00' });
    const fefo = await move(owner, lot.id, 'out', 6, { reason: 'sale' });
    expect(fefo.statusCode).toBe(201);
    expect(fefo.json().movements.map((m: { average_cost_after: string }) => m.average_cost_after)).toEqual(['2', '2']);
    expect(fefo.json().article).toMatchObject({ quantity: 2, average_cost: '2', value: '4.00' });
  });

  it('refuses a bad unit cost and a unit cost on a goods-out with 422, booking nothing', async () => {
    const article = await createArticle(owner, { sku: 'V-BAD' });
    for (const unit_cost of ['-1', '0.12345', 'abc', '1e3']) {
      const res = await move(owner, article.id, 'in', 1, { unit_cost });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields?.unit_cost ?? res.json()).toBeTruthy();
    }
    await goodsIn(article.id, 1, '1');
    expect((await move(owner, article.id, 'out', 1, { reason: 'sale', unit_cost: '1' })).statusCode).toBe(422);
    expect(await rowsOf(article.id)).toHaveLength(1);
  });
});

/** The journal replayed by hand: quantity and moving average per article after every row before `cut`. */
async function replay(articleIds: number[], cut: Date) {
  const rows = await app.ctx.db
    .select()
    .from(stockMovements)
    .where(inArray(stockMovements.articleId, articleIds))
    .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
  const state = new Map<number, { quantity: number; avg: number | null }>();
  for (const row of rows) {
    if (row.createdAt >= cut) continue;
    const s = state.get(row.articleId) ?? { quantity: 0, avg: null };
    const cost = row.unitCost === null ? null : Number(row.unitCost);
    if (row.delta > 0 && (row.kind === 'in' || row.kind === 'transfer_in') && cost !== null) {
      s.avg =
        s.quantity <= 0 || s.avg === null
          ? cost
          : Math.round(((s.quantity * s.avg + row.delta * cost) / (s.quantity + row.delta)) * 10_000) / 10_000;
    }
    s.quantity += row.delta;
    state.set(row.articleId, s);
  }
  return state;
}

describe('GET api/stock/valuation', () => {
  it('at a past date answers the state of that day, equal to a replay of the journal, and its CSV', async () => {
    const a = await createArticle(owner, { sku: 'W-A', name: 'Schraube' });
    const b = await createArticle(owner, { sku: 'W-B', name: 'Mutter' });
    await goodsIn(a.id, 4, '1.25');
    await goodsIn(b.id, 2, '10');
    await goodsIn(a.id, 4, '1.5');
    const back = new Date('2026-01-10T12:00:00Z');
    await app.ctx.db
      .update(stockMovements)
      .set({ createdAt: back })
      .where(inArray(stockMovements.articleId, [a.id, b.id]));
    // A's early rows as booked before locations existed (no location): per location they count at its STANDARD.
    await app.ctx.db
      .update(stockMovements)
      .set({ locationId: null, locationQuantityAfter: null })
      .where(eq(stockMovements.articleId, a.id));
    // 23:30 UTC on the 10th is the 11th in Berlin.
    await goodsIn(b.id, 2, '20');
    const [late] = (await rowsOf(b.id)).slice(-1);
    await app.ctx.db
      .update(stockMovements)
      .set({ createdAt: new Date('2026-01-10T23:30:00Z') })
      .where(eq(stockMovements.id, late!.id));
    // Today: more of both, which the past valuation must not see.
    await goodsIn(a.id, 100, '9');
    await move(owner, b.id, 'out', 1, { reason: 'sale' });

    const at10 = await owner.get('/api/stock/valuation?at=2026-01-10');
    expect(at10.statusCode).toBe(200);
    const lines = at10.json().lines.filter((l: { sku: string }) => l.sku.startsWith('W-'));
    expect(lines).toEqual([
      {
        article_id: a.id,
        sku: 'W-A',
        name: 'Schraube',
        unit: 'pcs',
        quantity: 8,
        average_cost: '1.375',
        value: '11.00',
      },
      { article_id: b.id, sku: 'W-B', name: 'Mutter', unit: 'pcs', quantity: 2, average_cost: '10', value: '20.00' },
    ]);
    const replayed = await replay([a.id, b.id], new Date('2026-01-10T23:00:00Z'));
    for (const line of lines) {
      const s = replayed.get(line.article_id)!;
      expect([line.quantity * 1000, Number(line.average_cost)]).toEqual([s.quantity, s.avg]);
    }
    // The same day in UTC includes the late row; the 11th in Berlin too.
    const utc = (await owner.get('/api/stock/valuation?at=2026-01-10&time_zone=UTC')).json();
    const at11 = (await owner.get('/api/stock/valuation?at=2026-01-11')).json();
    for (const v of [utc, at11]) {
      expect(v.lines.find((l: { sku: string }) => l.sku === 'W-B')).toMatchObject({
        quantity: 4,
        average_cost: '15',
        value: '60.00',
      });
    }
    const replayed11 = await replay([a.id, b.id], new Date('2026-01-11T23:00:00Z'));
    expect(replayed11.get(b.id)).toEqual({ quantity: 4000, avg: 15 });
    // Before anything: nothing.
    const before = (await owner.get('/api/stock/valuation?at=2026-01-09')).json();
    expect(before.lines.filter((l: { sku: string }) => l.sku.startsWith('W-'))).toEqual([]);

    const byPlace = (await owner.get('/api/stock/valuation?at=2026-01-10&group=location')).json();
    expect(byPlace.lines.filter((l: { sku: string }) => l.sku.startsWith('W-'))).toEqual([
      expect.objectContaining({ sku: 'W-A', location_code: 'STANDARD', quantity: 8, value: '11.00' }),
      expect.objectContaining({ sku: 'W-B', location_code: 'STANDARD', quantity: 2, value: '20.00' }),
    ]);

    const csv = await owner.request('GET', '/api/stock/valuation.csv?at=2026-01-10', undefined, {
      'accept-language': 'en',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('W-A,Schraube,,8,pcs,1.375,11.00');
    expect(csv.body.trim().split('\n').at(-1)).toBe(`Total,,,,,,${at10.json().total_value}`);

    // The PDF: the same lines and total, German by default, English on request.
    expect(at10.json().total_value).toBe('31.00');
    const printed = async (query: string, lang: 'de' | 'en') => {
      const res = await owner.get(`/api/stock/valuation.pdf?${query}`, { 'accept-language': lang });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return (await pdfText(res.rawPayload)).flat();
    };
    expect(await printed('at=2026-01-10', 'de')).toEqual(
      expect.arrayContaining([
        'Bestandsbewertung zum 10.01.2026',
        'Stand: Ende des Tages (Europe/Berlin) · Positionen: 2',
        'Art.-Nr. | Bezeichnung | Menge | Einheit | Ø Einstandspreis | Wert',
        'W-A | Schraube | 8 | Stk. | 1,375 € | 11,00 €',
        'W-B | Mutter | 2 | Stk. | 10,00 € | 20,00 €',
        'Summe | 31,00 €',
        expect.stringMatching(/^Bestandsbewertung 2026-01-10 · .* \| Seite 1 von 1$/),
      ]),
    );
    expect(await printed('at=2026-01-10&group=location', 'en')).toEqual(
      expect.arrayContaining([
        'Stock valuation as of 10 Jan 2026',
        'SKU | Name | Location | Quantity | Unit | Average cost | Value',
        'W-A | Schraube | STANDARD | 8 | pcs | €1.375 | €11.00',
        'Total | €31.00',
      ]),
    );
    expect((await owner.get('/api/stock/valuation.pdf?at=2026-02-30')).statusCode).toBe(422);
  });

  it('refuses a bad date or time zone with 422', async () => {
    for (const query of [
      'at=2026-02-30',
      'at=yesterday',
      'at=2026-01-10&time_zone=Mars/Base',
      'at=2026-01-10&group=x',
    ]) {
      expect((await owner.get(`/api/stock/valuation?${query}`)).statusCode).toBe(422);
    }
  });
});

describe('who sees costs', () => {
  const COST = /unit_cost|average_cost|"value"|Einstandspreis|Average cost/;

  it('a member without view_stock_value receives no cost field anywhere and 403 on the valuation', async () => {
    const article = await createArticle(owner, { sku: 'V-SECRET' });
    await goodsIn(article.id, 2, '4.2');
    const { client: clerk, user } = await member(app, owner, source, [
      'view_stock',
      'book_goods',
      'transfer_stock',
      'reverse_movements',
    ]);
    // A transfer needs book_goods in the target too.
    const role = await owner.post('/api/admin/createrole', {
      name: 'Ziel',
      permissions: [7, 8, 9],
      warehouse_id: target,
    });
    await app.ctx.db.insert(memberships).values({ userId: user.id, warehouseId: target, roleId: role.json().role.id });
    const answers = [
      await clerk.get(`/api/stock/articles/${article.id}`),
      await clerk.get('/api/stock/articles?q=V-SECRET'),
      await clerk.get(`/api/stock/movements?article_id=${article.id}`),
      await clerk.get('/api/stock/movements.csv'),
      await clerk.get(`/api/stock/articles/${article.id}/history`),
      await move(clerk, article.id, 'in', 1),
      await move(clerk, article.id, 'out', 1, { reason: 'sale' }),
      await transfer(clerk, article.id, target, 1),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.body).not.toMatch(COST);
    }
    // The same calls of the owner do carry them (the test could fail).
    expect((await owner.get(`/api/stock/articles/${article.id}`)).body).toMatch(/"average_cost":"4.2"/);
    expect((await owner.get(`/api/stock/movements?article_id=${article.id}`)).body).toMatch(/"unit_cost":"4.2"/);
    expect((await clerk.get('/api/stock/valuation?at=2026-01-10')).statusCode).toBe(403);
    expect((await clerk.get('/api/stock/valuation.csv?at=2026-01-10')).statusCode).toBe(403);
    expect((await clerk.get('/api/stock/valuation.pdf?at=2026-01-10')).statusCode).toBe(403);

    const { client: valuer } = await member(app, owner, source, ['view_stock', 'view_stock_value']);
    expect((await valuer.get(`/api/stock/articles/${article.id}`)).json().article).toMatchObject({
      average_cost: '4.2',
    });
    expect((await valuer.get('/api/stock/valuation?at=2026-01-10')).statusCode).toBe(200);
  });
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, createWarehouse, loggedIn, useOwnerApp } from '../../../test/helpers';
import { book, createArticle, member, stockUp } from '../../../test/stock/helpers';
import { stockMovements } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

/** stock-spec-2 §3: the article's quantity over time, downsampled on the server. */
let app: FastifyInstance;
let owner: Client;
let ownerId: number;
let warehouseId: number;

useOwnerApp(__filename, (t) => ({ app, owner, ownerId, warehouseId } = t), { owner: { name: 'Olga Owner' } });

const DAY = 24 * 60 * 60 * 1000;
const history = (id: number, query = '') => owner.get(`/api/stock/articles/${id}/history${query}`);

/** Journal rows written directly at chosen times (bookings always happen "now"). */
async function journalAt(articleId: number, rows: { at: Date; after: number }[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    await app.ctx.db.insert(stockMovements).values(
      rows.slice(i, i + 1000).map((r) => ({
        warehouseId,
        articleId,
        kind: 'correction',
        delta: 0,
        quantityAfter: r.after * 1000,
        reason: 'count',
        userId: ownerId,
        userName: 'Olga Owner',
        createdAt: r.at,
      })),
    );
  }
}

describe('GET api/stock/articles/:id/history', () => {
  it('answers the stock at `from` and then the bookings, with the reorder level', async () => {
    const article = await createArticle(owner, { min_stock: 4 });
    await stockUp(owner, article.id, 10);
    await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'out', quantity: 3, reason: 'sale' });
    const res = await history(article.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ article_id: article.id, unit: 'pcs', min_stock: 4, max_stock: null });
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(30 * DAY);
    // Opening (nothing before), then both bookings fall into the last bucket: its last value.
    expect(body.points.map((p: { quantity: number }) => p.quantity)).toEqual([0, 7]);
  });

  it('keeps at most 500 points, each the last value of its bucket, in time order', async () => {
    const article = await createArticle(owner);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 3000 }, (_, i) => ({ at: new Date(start + i * 15 * 60 * 1000), after: i }));
    await journalAt(article.id, [{ at: new Date(start - DAY), after: 42 }, ...rows]);
    const from = new Date(start).toISOString();
    const to = new Date(start + 3000 * 15 * 60 * 1000).toISOString();
    const body = (await history(article.id, `?from=${from}&to=${to}`)).json();
    const points = body.points as { at: string; quantity: number }[];
    expect(points.length).toBeLessThanOrEqual(500);
    expect(points.length).toBeGreaterThan(400);
    expect(points[0]).toEqual({ at: from, quantity: 42 });
    // Every point is the last row of its bucket.
    const width = body.bucket_seconds * 1000;
    for (const point of points.slice(1)) {
      const bucket = Math.floor((Date.parse(point.at) - start) / width);
      const lastInBucket = rows.filter((r) => Math.floor((r.at.getTime() - start) / width) === bucket).pop()!;
      expect(point).toEqual({ at: lastInBucket.at.toISOString(), quantity: lastInBucket.after });
    }
    expect(points[points.length - 1]!.quantity).toBe(2999);
    const times = points.map((p) => Date.parse(p.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('answers no points inside a range without movements beyond the opening value', async () => {
    const article = await createArticle(owner);
    await journalAt(article.id, [{ at: new Date('2025-06-01T10:00:00Z'), after: 5 }]);
    const body = (await history(article.id, '?from=2025-07-01&to=2025-07-31')).json();
    expect(body.points).toEqual([{ at: '2025-07-01T00:00:00.000Z', quantity: 5 }]);
    // A date-only `to` includes that whole day.
    expect(body.to).toBe('2025-08-01T00:00:00.000Z');
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['to=2026-13-01', 'to'],
    ['from=yesterday', 'from'],
    ['from=2026-03-02&to=2026-03-01', 'from'],
  ])('refuses %s with 422 on %s', async (query, field) => {
    const article = await createArticle(owner);
    const res = await history(article.id, `?${query}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it("answers 404 for another warehouse's article and 403 without view_stock", async () => {
    const { client: stranger } = await loggedIn(app);
    await createWarehouse(stranger);
    const theirs = await createArticle(stranger);
    expect((await history(theirs.id)).statusCode).toBe(404);
    expect((await history(999_999)).statusCode).toBe(404);

    const mine = await createArticle(owner);
    const { client: noStock } = await member(app, owner, warehouseId, []);
    expect((await noStock.get(`/api/stock/articles/${mine.id}/history`)).statusCode).toBe(403);
    const { client: viewer } = await member(app, owner, warehouseId, ['view_stock']);
    expect((await viewer.get(`/api/stock/articles/${mine.id}/history`)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/stock/articles/${mine.id}/history` })).statusCode).toBe(401);
  });

  it('counts a location’s series back from its stock now: movements without a location count at the default, the locations add up', async () => {
    // As in the demo: a month of history booked before locations (no location_id), the stock then
    // placed on a shelf without a movement (the seed, the migration to STANDARD), then a relocation.
    const article = await createArticle(owner);
    const shelf = (await owner.post('/api/stock/locations', { code: 'HIST-B' })).json().location.id;
    const day = (d: number) => new Date(Date.now() - d * DAY);
    for (const [d, delta, after] of [
      [20, 20, 20],
      [10, 14, 34],
    ] as const) {
      await app.ctx.db.insert(stockMovements).values({
        warehouseId,
        articleId: article.id,
        kind: 'in',
        delta: delta * 1000,
        quantityAfter: after * 1000,
        userName: 'x',
        createdAt: day(d),
      });
    }
    await app.ctx.db.execute(sql`UPDATE stock_articles SET quantity = 34000 WHERE id = ${article.id}`);
    await app.ctx.db.execute(
      sql`INSERT INTO stock_location_quantities (location_id, article_id, warehouse_id, quantity) VALUES (${shelf}, ${article.id}, ${warehouseId}, 34000)`,
    );
    expect(
      (await owner.put(`/api/stock/articles/${article.id}/default-location`, { location_id: shelf })).statusCode,
    ).toBe(200);
    const standard = (await owner.get('/api/stock/locations'))
      .json()
      .locations.find((l: { code: string }) => l.code === 'STANDARD').id;
    const moved = await book(owner, '/api/stock/relocations', {
      article_id: article.id,
      from_location_id: shelf,
      to_location_id: standard,
      quantity: 4,
    });
    expect(moved.statusCode).toBe(201);

    const query = `?from=${day(30).toISOString()}&to=${new Date(Date.now() + 1000).toISOString()}`;
    const values = async (location?: number) =>
      (await history(article.id, location ? `${query}&location_id=${location}` : query))
        .json()
        .points.map((p: { at: string; quantity: number }) => [p.at, p.quantity]);
    const whole = await values();
    const atShelf = await values(shelf);
    const atStandard = await values(standard);
    expect(whole.map(([, q]: [string, number]) => q)).toEqual([0, 20, 34, 34]);
    expect(atShelf.map(([, q]: [string, number]) => q)).toEqual([0, 20, 34, 30]);
    expect(atStandard.map(([, q]: [string, number]) => q)).toEqual([0, 4]);
    // At the relocation's instant the two places hold the article's whole stock.
    expect(atShelf.at(-1)[1] + atStandard.at(-1)[1]).toBe(whole.at(-1)[1]);
    expect(atStandard.at(-1)[0]).toBe(atShelf.at(-1)[0]);
  });
});

describe('max_stock', () => {
  const valid = { sku: 'MAX-1', name: 'Kisten', unit: 'pcs', min_stock: 10 };

  it('is optional, answered, and at least min_stock (else 422 on max_stock)', async () => {
    const created = await owner.post('/api/stock/articles', { ...valid, max_stock: 40 });
    expect(created.statusCode).toBe(201);
    expect(created.json().article).toMatchObject({ min_stock: 10, max_stock: 40 });
    const below = await owner.post('/api/stock/articles', { ...valid, sku: 'MAX-2', max_stock: 9 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({ max_stock: [expect.any(String)] });
    const id = created.json().article.id;
    const update = await owner.put(`/api/stock/articles/${id}`, { ...valid, min_stock: 50, max_stock: 45 });
    expect(update.statusCode).toBe(422);
    expect((await owner.get(`/api/stock/articles/${id}`)).json().article.max_stock).toBe(40);
    const cleared = await owner.put(`/api/stock/articles/${id}`, { ...valid, max_stock: null });
    expect(cleared.json().article.max_stock).toBeNull();
    const whole = await owner.post('/api/stock/articles', { ...valid, sku: 'MAX-3', max_stock: 12.5 });
    expect(whole.statusCode).toBe(422);
    expect(Object.keys(whole.json().errors)).toEqual(['max_stock']);
  });

  it('German message', async () => {
    owner.lang = 'de';
    const res = await owner.post('/api/stock/articles', { ...valid, sku: 'MAX-4', max_stock: 1 });
    owner.lang = 'en';
    expect(res.json().errors.max_stock).toEqual([
      'Der Höchstbestand muss mindestens so groß wie der Meldebestand sein.',
    ]);
  });
});

describe('GET api/stock/reorder and reorder.csv', () => {
  let reorderOwner: Client;
  beforeAll(async () => {
    ({ client: reorderOwner } = await loggedIn(app));
    await createWarehouse(reorderOwner);
    const make = async (fields: Record<string, unknown>, stock: number) => {
      const article = await createArticle(reorderOwner, fields);
      if (stock) await stockUp(reorderOwner, article.id, stock);
      return article;
    };
    await make({ sku: 'A', name: 'Anker', min_stock: 10, max_stock: 50 }, 4); // 46
    await make({ sku: 'B', name: '=HYPERLINK("x")', min_stock: 5 }, 5); // 2 × 5 − 5 = 5
    await make({ sku: 'C', name: 'Chlor', unit: 'kg', min_stock: 2.5 }, 1.2); // 3.8
    await make({ sku: 'D', name: 'Dübel', min_stock: 2 }, 3); // not low
    await make({ sku: 'F', name: 'Folie', min_stock: 0 }, 0); // no reorder level
    const archived = await make({ sku: 'E', name: 'Eimer', min_stock: 5 }, 1);
    await reorderOwner.post(`/api/stock/articles/${archived.id}/archive`);
  });

  it('lists the low articles with suggestions, largest suggestion first', async () => {
    const res = await reorderOwner.get('/api/stock/reorder');
    expect(res.statusCode).toBe(200);
    expect(res.json().articles.map((a: { sku: string; suggested: number }) => [a.sku, a.suggested])).toEqual([
      ['A', 46],
      ['B', 5],
      ['C', 3.8],
    ]);
    expect(res.json().articles[0]).toMatchObject({
      name: 'Anker',
      unit: 'pcs',
      quantity: 4,
      min_stock: 10,
      max_stock: 50,
    });
  });

  it('sorts by name, sku, quantity or suggestion, either way', async () => {
    const skus = async (query: string) =>
      (await reorderOwner.get(`/api/stock/reorder?${query}`)).json().articles.map((a: { sku: string }) => a.sku);
    expect(await skus('sort=sku')).toEqual(['A', 'B', 'C']);
    expect(await skus('sort=sku&order=desc')).toEqual(['C', 'B', 'A']);
    expect(await skus('sort=quantity')).toEqual(['C', 'A', 'B']);
    expect(await skus('sort=suggested&order=asc')).toEqual(['C', 'B', 'A']);
    expect((await reorderOwner.get('/api/stock/reorder?sort=price')).statusCode).toBe(422);
  });

  it('rounds a suggestion up to whole units for units counted whole', async () => {
    const { client } = await loggedIn(app);
    await createWarehouse(client);
    const article = await createArticle(client, { unit: 'pallet', min_stock: 3, max_stock: 7 });
    await stockUp(client, article.id, 2);
    expect((await client.get('/api/stock/reorder')).json().articles[0].suggested).toBe(5);
    // The CSV writes the unit as the screen does.
    expect((await client.get('/api/stock/reorder.csv')).body.trim().split('\n')[1]).toMatch(/,pallet,2,3,7,5$/);
    client.lang = 'de';
    expect((await client.get('/api/stock/reorder.csv')).body.trim().split('\n')[1]).toMatch(/;Pal\.;2;3;7;5$/);
  });

  it('exports CSV by the journal rules: BOM, `;` and decimal comma in German, formulas neutralized', async () => {
    reorderOwner.lang = 'de';
    const de = await reorderOwner.get('/api/stock/reorder.csv?sort=sku');
    reorderOwner.lang = 'en';
    expect(de.statusCode).toBe(200);
    expect(de.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(de.headers['content-disposition']).toMatch(/^attachment; filename="reorder-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(de.body.startsWith('\uFEFF')).toBe(true);
    const lines = de.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe('Artikelnummer;Artikel;Einheit;Bestand;Meldebestand;Höchstbestand;Bestellvorschlag');
    expect(lines[1]).toBe('A;Anker;Stk.;4;10;50;46');
    expect(lines[2]).toBe(`B;"'=HYPERLINK(""x"")";Stk.;5;5;;5`);
    expect(lines[3]).toBe('C;Chlor;kg;1,2;2,5;;3,8');
    const en = await reorderOwner.get('/api/stock/reorder.csv?sort=sku');
    expect(en.body.slice(1).trim().split('\n')[3]).toBe('C,Chlor,kg,1.2,2.5,,3.8');
  });

  it('needs view_stock', async () => {
    const { client } = await member(app, owner, warehouseId, []);
    expect((await client.get('/api/stock/reorder')).statusCode).toBe(403);
    expect((await client.get('/api/stock/reorder.csv')).statusCode).toBe(403);
  });
});

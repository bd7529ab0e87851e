import type { FastifyInstance } from 'fastify';
import { type Client, createWarehouse, loggedIn, useOwnerApp } from '../../../test/helpers';
import { book, createArticle, stockUp } from '../../../test/stock/helpers';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;

useOwnerApp(__filename, (t) => ({ app, owner } = t));

const valid = { sku: 'A-1', name: 'Schrauben M4', unit: 'pcs', min_stock: 10 };

describe('creating an article', () => {
  it('answers 201 with the article, trimmed, stock 0', async () => {
    const res = await owner.post('/api/stock/articles', {
      ...valid,
      sku: '  BOLT-4  ',
      barcode: '4006381333931',
      description: ' Edelstahl ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().article).toEqual({
      id: expect.any(Number),
      sku: 'BOLT-4',
      name: 'Schrauben M4',
      unit: 'pcs',
      description: 'Edelstahl',
      barcode: '4006381333931',
      min_stock: 10,
      max_stock: null,
      quantity: 0,
      low_stock: true,
      on_order: 0,
      // stock-spec-3 §2: untracked unless asked for.
      tracking: 'none',
      expiry: false,
      // stock-spec-3 §3: no average before a priced goods-in (the owner sees costs).
      average_cost: null,
      value: null,
      archived_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('refuses a SKU that exists in the warehouse ignoring case', async () => {
    await createArticle(owner, { sku: 'Case-Sku' });
    const res = await owner.post('/api/stock/articles', { ...valid, sku: 'case-SKU' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'article.sku_taken', errors: { sku: [expect.stringContaining('SKU')] } });
  });

  it('allows the same SKU in another warehouse', async () => {
    const { client } = await loggedIn(app);
    await createWarehouse(client);
    await createArticle(owner, { sku: 'SHARED-1' });
    expect((await client.post('/api/stock/articles', { ...valid, sku: 'shared-1' })).statusCode).toBe(201);
  });

  it.each([
    ['EAN-13', '4006381333931', 201],
    ['EAN-13 with a wrong check digit', '4006381333932', 422],
    ['EAN-8', '96385074', 201],
    ['EAN-8 with a wrong check digit', '96385075', 422],
    ['UPC-A', '036000291452', 201],
    ['UPC-A with a wrong check digit', '036000291453', 422],
    ['a code without check digit (Code 128)', 'LAGER-0001', 201],
  ])('validates the barcode: %s', async (_label, barcode, status) => {
    // Each accepted barcode once; the warehouse keeps barcodes unique.
    await app.ctx.db.execute(`DELETE FROM stock_articles WHERE barcode = '${barcode}'` as never);
    const res = await owner.post('/api/stock/articles', { ...valid, sku: `BC-${barcode}`, barcode });
    expect(res.statusCode).toBe(status);
    if (status === 422) expect(res.json()).toMatchObject({ code: 'article.barcode_invalid' });
  });

  it('keeps barcodes unique per warehouse', async () => {
    await createArticle(owner, { barcode: '5901234123457' });
    const res = await owner.post('/api/stock/articles', { ...valid, sku: 'OTHER', barcode: '5901234123457' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('article.barcode_taken');
  });

  it('takes decimals with at most 3 places, whole numbers for pieces', async () => {
    expect(
      (await owner.post('/api/stock/articles', { ...valid, sku: 'KG-1', unit: 'kg', min_stock: 2.125 })).statusCode,
    ).toBe(201);
    const tooPrecise = await owner.post('/api/stock/articles', {
      ...valid,
      sku: 'KG-2',
      unit: 'kg',
      min_stock: 2.1255,
    });
    expect(tooPrecise.statusCode).toBe(422);
    expect(tooPrecise.json().errors.min_stock).toEqual(['The min stock field must have at most 3 decimal places.']);
    const fraction = await owner.post('/api/stock/articles', { ...valid, sku: 'PCS-2', min_stock: 1.5 });
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json().errors.min_stock).toEqual(['The min stock field must be a whole number for this unit.']);
  });

  it('validates every field at once with Laravel-style errors', async () => {
    const res = await owner.post('/api/stock/articles', { sku: '', name: '', unit: 'bucket', min_stock: -1 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['min_stock', 'name', 'sku', 'unit']);
  });
});

describe('editing, archiving, deleting', () => {
  it('updates the fields but never the quantity', async () => {
    const article = await createArticle(owner, { unit: 'kg' });
    await stockUp(owner, article.id, 2.5);
    // A quantity in the body is refused by name (issue 27: unknown fields are no silent no-ops).
    const refused = await owner.put(`/api/stock/articles/${article.id}`, {
      ...valid,
      sku: article.sku,
      unit: 'kg',
      name: 'Mehl',
      quantity: 99,
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['quantity']);
    const res = await owner.put(`/api/stock/articles/${article.id}`, {
      ...valid,
      sku: article.sku,
      unit: 'kg',
      name: 'Mehl',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().article).toMatchObject({ name: 'Mehl', quantity: 2.5 });
  });

  it('refuses a whole-number unit while the stock has a fraction', async () => {
    const article = await createArticle(owner, { unit: 'kg' });
    await stockUp(owner, article.id, 0.5);
    const res = await owner.put(`/api/stock/articles/${article.id}`, { ...valid, sku: article.sku, unit: 'pcs' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.unit).toBeDefined();
  });

  it('archives (hidden from the list and from booking) and restores', async () => {
    const article = await createArticle(owner, { name: 'Archivtest' });
    const archived = await owner.post(`/api/stock/articles/${article.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().article.archived_at).toEqual(expect.any(String));
    const list = await owner.get('/api/stock/articles?q=Archivtest');
    expect(list.json().articles).toEqual([]);
    const withArchived = await owner.get('/api/stock/articles?q=Archivtest&archived=1');
    expect(withArchived.json().articles.map((a: { id: number }) => a.id)).toEqual([article.id]);
    const booking = await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'in', quantity: 1 });
    expect(booking.statusCode).toBe(409);
    expect(booking.json().code).toBe('article.archived');
    const restored = await owner.post(`/api/stock/articles/${article.id}/restore`);
    expect(restored.json().article.archived_at).toBeNull();
    expect((await owner.get('/api/stock/articles?q=Archivtest')).json().articles).toHaveLength(1);
  });

  it('deletes an article without movements, refuses one with movements (409)', async () => {
    const fresh = await createArticle(owner);
    expect((await owner.delete(`/api/stock/articles/${fresh.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/stock/articles/${fresh.id}`)).statusCode).toBe(404);
    const used = await createArticle(owner);
    await stockUp(owner, used.id, 1);
    const res = await owner.delete(`/api/stock/articles/${used.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'article.has_movements' });
    expect((await owner.get(`/api/stock/articles/${used.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an article of another warehouse, on every article call', async () => {
    const { client: stranger } = await loggedIn(app);
    await createWarehouse(stranger);
    const foreign = await createArticle(stranger);
    const calls = [
      owner.get(`/api/stock/articles/${foreign.id}`),
      owner.put(`/api/stock/articles/${foreign.id}`, { ...valid, sku: 'X-1' }),
      owner.post(`/api/stock/articles/${foreign.id}/archive`),
      owner.post(`/api/stock/articles/${foreign.id}/restore`),
      owner.delete(`/api/stock/articles/${foreign.id}`),
      book(owner, '/api/stock/movements', { article_id: foreign.id, kind: 'in', quantity: 1 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('article.not_found');
    }
    expect((await stranger.get(`/api/stock/articles/${foreign.id}`)).json().article.quantity).toBe(0);
  });
});

describe('the article list', () => {
  let client: Client;
  beforeAll(async () => {
    ({ client } = await loggedIn(app));
    await createWarehouse(client);
    for (const [sku, name, barcode, quantity, min] of [
      ['B-200', 'Bohrer 8 mm', '4006381333931', 5, 10],
      ['A-100', 'Akku-Schrauber', null, 30, 5],
      ['C-300', 'Chrom-Bohrer', null, 0, 0],
      ['D-400', 'Dübel 100%', null, 200, 50],
    ] as const) {
      const article = await createArticle(client, { sku, name, barcode, min_stock: min });
      if (quantity) await stockUp(client, article.id, quantity);
    }
  });

  const skus = (res: { json(): { articles: { sku: string }[] } }) => res.json().articles.map((a) => a.sku);

  it('sorts by name by default, case-insensitively', async () => {
    expect(skus(await client.get('/api/stock/articles'))).toEqual(['A-100', 'B-200', 'C-300', 'D-400']);
  });

  it('searches sku, name and barcode ignoring case; % and _ are literal', async () => {
    expect(skus(await client.get('/api/stock/articles?q=bohrer'))).toEqual(['B-200', 'C-300']);
    expect(skus(await client.get('/api/stock/articles?q=a-1'))).toEqual(['A-100']);
    expect(skus(await client.get('/api/stock/articles?q=4006381333931'))).toEqual(['B-200']);
    expect(skus(await client.get('/api/stock/articles?q=100%25'))).toEqual(['D-400']);
    expect(skus(await client.get('/api/stock/articles?q=_'))).toEqual([]);
  });

  it('filters low stock (at or below a reorder level above 0)', async () => {
    expect(skus(await client.get('/api/stock/articles?low=1'))).toEqual(['B-200']);
  });

  it('sorts by quantity and by last update (newest first)', async () => {
    expect(skus(await client.get('/api/stock/articles?sort=quantity'))).toEqual(['C-300', 'B-200', 'A-100', 'D-400']);
    expect(skus(await client.get('/api/stock/articles?sort=updated'))[0]).toBe('D-400');
  });

  it('pages with a cursor until next_cursor is null, never repeating a row', async () => {
    for (const sort of ['name', 'sku', 'quantity', 'updated']) {
      const seen: string[] = [];
      let url = `/api/stock/articles?sort=${sort}&limit=1`;
      for (let page = 0; page < 10; page++) {
        const res = await client.get(url);
        expect(res.statusCode).toBe(200);
        seen.push(...skus(res));
        const next = res.json().next_cursor;
        if (!next) break;
        url = `/api/stock/articles?sort=${sort}&limit=1&cursor=${encodeURIComponent(next)}`;
      }
      expect(seen.sort()).toEqual(['A-100', 'B-200', 'C-300', 'D-400']);
    }
  });

  it('refuses a made-up cursor and a limit above 100 with 422', async () => {
    expect((await client.get('/api/stock/articles?cursor=nonsense')).statusCode).toBe(422);
    expect((await client.get('/api/stock/articles?limit=101')).statusCode).toBe(422);
  });

  it('summarises articles, low stock and movements today', async () => {
    const res = await client.get('/api/stock/summary');
    expect(res.json()).toEqual({ articles: 4, low_stock: 1, movements_today: 3 });
  });
});

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, createWarehouse, loggedIn, PASSWORD, useOwnerApp } from '../../../test/helpers';
import { book, createArticle, member, move, stockUp } from '../../../test/stock/helpers';
import { journalCsv } from './csv-export';
import { stockArticles, stockMovements } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let warehouseId: number;

useOwnerApp(__filename, (t) => ({ app, owner, warehouseId } = t), { owner: { name: 'Olga Owner' } });

const importCsv = (client: Client, body: string, query = '') =>
  client.request('POST', `/api/stock/import${query}`, body, { 'content-type': 'text/csv' });

describe('the journal', () => {
  let clerk: Client;
  let clerkId: number;
  let screws: { id: number };
  beforeAll(async () => {
    const made = await member(app, owner, warehouseId, ['view_stock', 'book_goods'], { name: 'Carl Clerk' });
    clerk = made.client;
    clerkId = made.user.id;
    screws = await createArticle(owner, { sku: 'J-SCREW', name: 'Schrauben' });
    const nails = await createArticle(owner, { sku: 'J-NAIL', name: 'Nägel' });
    await stockUp(owner, screws.id, 10);
    await stockUp(owner, nails.id, 10);
    await move(clerk, screws.id, 'out', 2, { reason: 'sale' });
    await move(clerk, nails.id, 'out', 3, { reason: 'damage' });
  });

  it('lists newest first with article and user', async () => {
    const res = await owner.get('/api/stock/movements');
    expect(res.statusCode).toBe(200);
    const rows = res.json().movements;
    expect(rows.map((m: { article_sku: string; kind: string }) => `${m.kind} ${m.article_sku}`)).toEqual([
      'out J-NAIL',
      'out J-SCREW',
      'in J-NAIL',
      'in J-SCREW',
    ]);
    expect(rows[0]).toMatchObject({ user_name: 'Carl Clerk', user_id: clerkId, delta: -3, unit: 'pcs' });
  });

  it('filters by article, kind, user and dates', async () => {
    const ids = async (query: string) =>
      (await owner.get(`/api/stock/movements?${query}`)).json().movements.map((m: { kind: string }) => m.kind);
    expect(await ids(`article_id=${screws.id}`)).toEqual(['out', 'in']);
    expect(await ids('kind=in')).toEqual(['in', 'in']);
    expect(await ids(`user_id=${clerkId}`)).toEqual(['out', 'out']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(4);
    expect(await ids('to=2000-01-01')).toEqual([]);
    expect((await owner.get('/api/stock/movements?from=yesterday')).statusCode).toBe(422);
    expect((await owner.get('/api/stock/movements?kind=theft')).statusCode).toBe(422);
  });

  it('pages newest first with a cursor, also through rows of the same instant', async () => {
    // Same created_at for many rows: the (created_at, id) keyset must still visit each once.
    const article = await createArticle(owner, { sku: 'J-SAME' });
    await stockUp(owner, article.id, 1);
    await app.ctx.db.insert(stockMovements).values(
      Array.from({ length: 7 }, () => ({
        warehouseId,
        articleId: article.id,
        kind: 'in',
        delta: 0,
        quantityAfter: 1000,
        userName: 'seed',
        createdAt: new Date('2026-01-01T00:00:00.123456Z'),
      })),
    );
    const seen: number[] = [];
    let url = `/api/stock/movements?article_id=${article.id}&limit=3`;
    for (let page = 0; page < 10; page++) {
      const res = (await owner.get(url)).json();
      seen.push(...res.movements.map((m: { id: number }) => m.id));
      if (!res.next_cursor) break;
      url = `/api/stock/movements?article_id=${article.id}&limit=3&cursor=${encodeURIComponent(res.next_cursor)}`;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });

  it('has no call that edits or deletes a movement', async () => {
    const [row] = await app.ctx.db.select().from(stockMovements).limit(1);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await owner.request(method, `/api/stock/movements/${row!.id}`, {});
      expect(res.statusCode).toBe(404);
    }
  });

  it('keeps the user name when the account is deleted', async () => {
    const { client, user } = await member(app, owner, warehouseId, ['view_stock', 'book_goods'], { name: 'Gone Girl' });
    const article = await createArticle(owner);
    await move(client, article.id, 'in', 1);
    const deleted = await client.request('DELETE', '/api/profile/delete', { password: PASSWORD });
    expect(deleted.statusCode).toBeLessThan(300);
    const [row] = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, article.id));
    expect(row).toMatchObject({ userId: null, userName: 'Gone Girl' });
    expect(user.id).toBeGreaterThan(0);
  });
});

describe('CSV export', () => {
  /** An article with `count` goods-in of 1 booked straight into the journal. */
  const articleWithMovements = async (sku: string, count: number) => {
    const article = await createArticle(owner, { sku });
    await app.ctx.db.insert(stockMovements).values(
      Array.from({ length: count }, (_, i) => ({
        warehouseId,
        articleId: article.id,
        kind: 'in',
        delta: 1000,
        quantityAfter: (i + 1) * 1000,
        userName: 'bulk',
      })),
    );
    return article;
  };

  it('streams UTF-8 with BOM, `;` and decimal commas for German', async () => {
    const article = await createArticle(owner, { sku: 'CSV-1', name: '=Formel; "zitiert"', unit: 'kg' });
    await stockUp(owner, article.id, 1.5);
    owner.lang = 'de';
    const res = await owner.get(`/api/stock/movements.csv?article_id=${article.id}`);
    owner.lang = 'en';
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="movements-.*\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Zeitpunkt;Buchung;Art;Artikelnummer;Artikel;Menge;Bestand danach;Einheit;Grund;Notiz;Referenz;Benutzer;Umlagerung;Storno von;Zeitpunkt am Gerät;Charge;Seriennummer;MHD;Lagerplatz;Bestand am Lagerplatz danach',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;in;CSV-1;"'=Formel; ""zitiert""";1,5;1,5;kg;`);
  });

  it('names each row’s location and the stock there after it: a relocation’s two rows say from where and to where', async () => {
    const article = await createArticle(owner, { sku: 'CSV-LOC', unit: 'pcs' });
    await stockUp(owner, article.id, 5);
    const shelf = (await owner.post('/api/stock/locations', { code: 'CSV-B' })).json().location.id;
    const standard = (await owner.get('/api/stock/locations'))
      .json()
      .locations.find((l: { code: string }) => l.code === 'STANDARD').id;
    const moved = await book(owner, '/api/stock/relocations', {
      article_id: article.id,
      from_location_id: standard,
      to_location_id: shelf,
      quantity: 2,
    });
    expect(moved.statusCode).toBe(201);
    owner.lang = 'de';
    const res = await owner.get(`/api/stock/movements.csv?article_id=${article.id}`);
    owner.lang = 'en';
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1);
    // Newest first: the relocation's in and out (same transfer id), then the goods in.
    expect(rows.map((row) => row.split(';').slice(-2).join(';')).sort()).toEqual([
      'CSV-B;2',
      'STANDARD;3',
      'STANDARD;5',
    ]);
    const relocation = rows.filter((row) => row.includes(';relocation;'));
    expect(relocation.map((row) => [row.split(';')[5], row.split(';').at(-2)]).sort()).toEqual([
      ['-2', 'STANDARD'],
      ['2', 'CSV-B'],
    ]);
  });

  it('refuses a bad date with 422 before streaming', async () => {
    const res = await owner.get('/api/stock/movements.csv?from=yesterday');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.from).toBeDefined();
  });

  it('uses `,` and points for English, with the journal filters', async () => {
    const res = await owner.get('/api/stock/movements.csv?kind=out');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^Time,Movement,Kind,SKU,/);
    expect(lines.slice(1).every((line) => line.includes(',out,'))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
  });

  it('pages through more rows than one batch', async () => {
    const article = await articleWithMovements('CSV-MANY', 2_500);
    const res = await owner.get(`/api/stock/movements.csv?article_id=${article.id}`);
    expect(res.body.trim().split('\n')).toHaveLength(2501);
  });

  it('reads the next pages only as the reader takes them, and none once it is gone', async () => {
    const article = await articleWithMovements('CSV-SLOW', 2_000);
    let queries = 0;
    const db = new Proxy(app.ctx.db, {
      get: (target, key) =>
        key === 'execute'
          ? (...args: Parameters<typeof target.execute>) => {
              queries++;
              return target.execute(...args);
            }
          : Reflect.get(target, key),
    });
    // 200 pages of 10 rows; the stream buffers a few pages (16 KiB) ahead of its reader at most.
    const stream = journalCsv(db, warehouseId, { article_id: article.id }, 'en', 10);
    const reader = stream[Symbol.asyncIterator]();
    expect(String((await reader.next()).value)).toMatch(/^\uFEFFTime,/);
    expect(String((await reader.next()).value).split('\n')).toHaveLength(11);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    await settle();
    const whileWaiting = queries;
    expect(whileWaiting).toBeLessThan(40);
    await reader.return?.();
    await settle();
    expect(stream.destroyed).toBe(true);
    expect(queries).toBeLessThanOrEqual(whileWaiting + 1);
  });
});

describe('CSV import', () => {
  const header = 'sku,name,unit,min_stock,barcode,description,quantity';

  it('a dry run reports every error per line and writes nothing', async () => {
    const csv = [
      header,
      'IMP-1,Gute Zeile,pcs,5,,,10',
      ',Ohne SKU,pcs,0,,,',
      'IMP-3,Falsche Einheit,bucket,0,,,',
      'IMP-4,Halbes Stück,pcs,0,,,1.5',
      'IMP-5,Barcode,pcs,0,4006381333932,,',
      'imp-1,Doppelt,pcs,0,,,',
    ].join('\n');
    const res = await importCsv(owner, csv, '?dry_run=1');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'import.invalid', created: 0, updated: 0 });
    expect(res.json().errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [3, 'sku'],
      [4, 'unit'],
      [5, 'quantity'],
      [6, 'barcode'],
      [7, 'sku'],
    ]);
    expect(res.json().errors[4].message).toContain('line 2');
    const [row] = await app.ctx.db.select().from(stockArticles).where(sql`lower(${stockArticles.sku}) = 'imp-1'`);
    expect(row).toBeUndefined();
  });

  it('refuses the whole file for one bad line, also without dry_run', async () => {
    const res = await importCsv(owner, [header, 'IMP-OK,Gut,pcs,0,,,', 'IMP-BAD,Schlecht,pcs,-1,,,'].join('\n'));
    expect(res.statusCode).toBe(422);
    const [row] = await app.ctx.db.select().from(stockArticles).where(eq(stockArticles.sku, 'IMP-OK'));
    expect(row).toBeUndefined();
  });

  it('a clean dry run counts, a clean import creates, updates and books `in`/`initial`', async () => {
    const existing = await createArticle(owner, { sku: 'IMP-OLD', name: 'Alt', min_stock: 1 });
    await stockUp(owner, existing.id, 2);
    // German Excel: semicolons, decimal commas, BOM.
    const csv = `\uFEFFsku;name;unit;min_stock;quantity\nIMP-NEW;Neu;kg;1,5;2,25\nimp-old;Alt umbenannt;pcs;;3\n`;
    const dry = await importCsv(owner, csv, '?dry_run=1');
    expect(dry.json()).toEqual({ created: 1, updated: 1, errors: [] });
    expect((await owner.get('/api/stock/articles?q=IMP-NEW')).json().articles).toEqual([]);

    const res = await importCsv(owner, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 1, updated: 1, errors: [] });
    const fresh = (await owner.get('/api/stock/articles?q=IMP-NEW')).json().articles[0];
    expect(fresh).toMatchObject({ name: 'Neu', unit: 'kg', min_stock: 1.5, quantity: 2.25 });
    const old = (await owner.get(`/api/stock/articles/${existing.id}`)).json().article;
    expect(old).toMatchObject({ name: 'Alt umbenannt', min_stock: 1, quantity: 5 });
    const journal = (await owner.get(`/api/stock/movements?article_id=${existing.id}`)).json().movements;
    expect(journal[0]).toMatchObject({ kind: 'in', reason: 'initial', delta: 3, quantity_after: 5 });
  });

  it('refuses a wrong header, an empty file, more than 10 000 rows, and other content types', async () => {
    const wrong = await importCsv(owner, 'sku,title\nX,Y\n');
    expect(wrong.json().errors[0]).toMatchObject({ line: 1, field: 'header' });
    expect((await importCsv(owner, `${header}\n`)).json().errors[0].field).toBe('file');
    const rows = Array.from({ length: 10_001 }, (_, i) => `BIG-${i},Artikel ${i},pcs`);
    const big = await importCsv(owner, ['sku,name,unit', ...rows].join('\n'));
    expect(big.statusCode).toBe(422);
    expect(big.json().errors[0].message).toContain('10000');
    const json = await owner.request('POST', '/api/stock/import', { sku: 'x' });
    expect(json.statusCode).toBe(415);
  });

  // The rows/s target is measured by bench/stock (a shared CI machine makes a time limit here flaky).
  it('imports 10 000 rows in one go', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `MASS-${i},Massenartikel ${i},pcs,1,,,${i % 3}`);
    const res = await importCsv(owner, ['sku,name,unit,min_stock,barcode,description,quantity', ...rows].join('\n'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 10_000, updated: 0, errors: [] });
    const booked = await app.ctx.db
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .innerJoin(stockArticles, eq(stockArticles.id, stockMovements.articleId))
      .where(sql`${stockMovements.reason} = 'initial' AND ${stockArticles.sku} LIKE 'MASS-%'`);
    // Quantities 0, 1, 2 repeat: two in three rows book an opening stock.
    expect(booked).toHaveLength(6666);
  });
});

it('deleting the warehouse deletes its articles and journal', async () => {
  const { client } = await loggedIn(app);
  const doomed = (await createWarehouse(client)).id;
  const article = await createArticle(client);
  await stockUp(client, article.id, 3);
  const goodsIn = (await client.get('/api/stock/movements')).json().movements[0];
  await book(client, `/api/stock/movements/${goodsIn.id}/reverse`, {});
  const res = await client.post('/api/admin/warehouse/delete', { warehouse_ids: [doomed], password: PASSWORD });
  expect(res.statusCode).toBe(200);
  expect(await app.ctx.db.select().from(stockArticles).where(eq(stockArticles.warehouseId, doomed))).toEqual([]);
  expect(await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.warehouseId, doomed))).toEqual([]);
});

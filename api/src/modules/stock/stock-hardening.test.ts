/**
 * Hardening, round 2 (issue 27), the stock module: every defect has a test here that failed before
 * its fix. The parallel and lock-order cases are meant for PostgreSQL (TEST_DATABASE_URL): PGlite has
 * one connection and runs transactions one after another, so there they pass by construction and
 * only prove that the answers stay the same.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Client } from '../../../test/helpers';
import { book, createArticle, move, stockUp, transfer, useSourceAndTarget } from '../../../test/stock/helpers';
import { MAX_QUANTITY } from './quantity';
import { stockArticles, stockMovements } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

const PG_URL = process.env.TEST_DATABASE_URL;
const SCHEMA = `test_${basename(__filename).replace(/\W+/g, '_').toLowerCase()}`;

let app: FastifyInstance;
let owner: Client;
let source: number;
let target: number;

// A pool as large as the bursts below, so on PostgreSQL the requests really run side by side.
useSourceAndTarget(__filename, (t) => ({ app, owner, source, target } = t), { poolSize: 24 });

/** Runs `steps` with the target warehouse current, then makes the source current again. */
async function inTarget<T>(steps: () => Promise<T>): Promise<T> {
  await owner.patch('/api/profile/setwarehouse', { warehouse_id: target });
  try {
    return await steps();
  } finally {
    await owner.patch('/api/profile/setwarehouse', { warehouse_id: source });
  }
}

const importCsv = (body: string | Buffer, query = '', type = 'text/csv', client = owner) =>
  client.request('POST', `/api/stock/import${query}`, body, { 'content-type': type });
const lineErrors = (res: { json(): { errors: { line: number; field: string }[] } }) =>
  res.json().errors.map((e) => [e.line, e.field]);
const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
const articleBySku = async (warehouseId: number, sku: string) =>
  (
    await app.ctx.db
      .select()
      .from(stockArticles)
      .where(and(eq(stockArticles.warehouseId, warehouseId), sql`lower(${stockArticles.sku}) = lower(${sku})`))
  )[0];
const movementsOf = (articleId: number) =>
  app.ctx.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.articleId, articleId))
    .orderBy(asc(stockMovements.id));

/**
 * PostgreSQL only: a second connection that holds a transaction open, to put another request's
 * statement exactly where a race would put it. `waitUntilBlocking` returns once some backend waits
 * for one of this connection's locks.
 */
async function holder() {
  const { Client: PgClient } = await import('pg');
  const client = new PgClient({ connectionString: PG_URL, options: `-c search_path=${SCHEMA}` });
  await client.connect();
  const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
  return {
    query: (text: string, values: unknown[] = []) => client.query(text, values),
    async waitUntilBlocking(timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const { rows } = await client.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
          [pid],
        );
        if (rows[0].n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('nobody waited for the held lock');
    },
    end: () => client.end(),
  };
}

describe('2. the import answers 422 with the line and field, never 500', () => {
  it('a header without the required columns: 422 on line 1, field header', async () => {
    for (const header of ['sku,name', 'name,unit,quantity', 'sku;name;einheit', ',,', 'sku,name,unit,colour']) {
      const res = await importCsv(`${header}\nA,B,pcs\n`);
      expect({ header, status: res.statusCode, code: res.json().code }).toEqual({
        header,
        status: 422,
        code: 'import.invalid',
      });
      expect(res.json()).toMatchObject({ created: 0, updated: 0 });
      expect(lineErrors(res)[0]).toEqual([1, 'header']);
    }
  });

  it('a NUL byte: 422 on its line and column, nothing written', async () => {
    const res = await importCsv('sku,name,unit\nNUL-1,Gut,pcs\nNUL-2,Bö\u0000se,pcs\n');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'import.invalid', created: 0, updated: 0 });
    expect(lineErrors(res)).toEqual([[3, 'name']]);
    expect(await articleBySku(source, 'NUL-1')).toBeUndefined();
  });

  it('a UTF-16 file (the NUL bytes of a 500 before) is read as such, with or without a byte order mark', async () => {
    const text = (sku: string) => `sku,name,unit\n${sku},Straße,pcs\n`;
    const le = await importCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text('U16-1'), 'utf16le')]));
    expect(le.statusCode).toBe(200);
    expect((await articleBySku(source, 'U16-1'))?.name).toBe('Straße');
    const bare = await importCsv(Buffer.from(text('U16-2'), 'utf16le'));
    expect(bare.statusCode).toBe(200);
    expect((await articleBySku(source, 'U16-2'))?.name).toBe('Straße');
    const bigEndian = Buffer.from(text('U16-3'), 'utf16le').swap16();
    expect((await importCsv(bigEndian)).statusCode).toBe(200);
    expect((await articleBySku(source, 'U16-3'))?.name).toBe('Straße');
  });

  it('10 parallel imports creating the same new SKU: all 200, one article, every quantity booked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => importCsv('sku,name,unit,quantity\nPAR-1,Parallel,pcs,1\n')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const article = await articleBySku(source, 'PAR-1');
    expect(article?.quantity).toBe(10_000);
    const journal = await movementsOf(article!.id);
    expect(journal.map((m) => m.quantityAfter)).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 1000));
  });

  (PG_URL ? it : it.skip)(
    'a SKU another call creates while the import runs: 422 on that line, field sku (PostgreSQL)',
    async () => {
      const other = await holder();
      try {
        await other.query('BEGIN');
        await other.query(
          `INSERT INTO stock_articles (warehouse_id, sku, name, unit) VALUES ($1, 'RACE-1', 'Schneller', 'pcs')`,
          [source],
        );
        // The import finds no RACE-1, then its insert waits for this transaction's unique key.
        const pending = importCsv('sku,name,unit,quantity\nRACE-0,Vorher,pcs,1\nRACE-1,Langsamer,pcs,2\n');
        await other.waitUntilBlocking();
        await other.query('COMMIT');
        const res = await pending;
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ code: 'import.invalid', created: 0, updated: 0 });
        expect(lineErrors(res)).toEqual([[3, 'sku']]);
        expect(await articleBySku(source, 'RACE-0')).toBeUndefined();
        // A second try updates the article the other call created.
        const again = await importCsv('sku,name,unit,quantity\nRACE-0,Vorher,pcs,1\nRACE-1,Langsamer,pcs,2\n');
        expect(again.json()).toEqual({ created: 1, updated: 1, errors: [] });
      } finally {
        await other.end();
      }
    },
  );
});

describe('3. the import never books into an article archived meanwhile', () => {
  (PG_URL ? it : it.skip)(
    'archived after the file was checked, before it was written: 422, nothing booked',
    async () => {
      const article = await createArticle(owner, { sku: 'ARC-1' });
      const other = await holder();
      try {
        // Hold the article's row: the import must reach the row after the archive commits.
        await other.query('BEGIN');
        await other.query('SELECT id FROM stock_articles WHERE id = $1 FOR UPDATE', [article.id]);
        const pending = importCsv('sku,name,unit,quantity\nARC-1,Archiviert,pcs,5\n');
        await other.waitUntilBlocking();
        await other.query('UPDATE stock_articles SET archived_at = now() WHERE id = $1', [article.id]);
        await other.query('COMMIT');
        const res = await pending;
        expect(res.statusCode).toBe(422);
        expect(lineErrors(res)).toEqual([[2, 'quantity']]);
        expect(res.json().errors[0].message).toBe('This article is archived.');
      } finally {
        await other.end();
      }
      const row = await articleBySku(source, 'ARC-1');
      expect(row?.archivedAt).not.toBeNull();
      expect(row?.quantity).toBe(0);
      expect(await movementsOf(article.id)).toEqual([]);
    },
  );

  it('import and archive side by side: an archived article never gains an `in` after its archive time', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const article = await createArticle(owner, { sku: `ARC-P-${attempt}` });
      const [imported, archived] = await Promise.all([
        importCsv(`sku,name,unit,quantity\nARC-P-${attempt},Wettlauf,pcs,5\n`),
        new Promise((resolve) => setTimeout(resolve, attempt * 3)).then(() =>
          owner.post(`/api/stock/articles/${article.id}/archive`),
        ),
      ]);
      expect(archived.statusCode).toBe(200);
      expect([200, 422]).toContain(imported.statusCode);
      const row = (await articleBySku(source, `ARC-P-${attempt}`))!;
      const journal = await movementsOf(article.id);
      for (const movement of journal)
        expect(movement.createdAt.getTime()).toBeLessThanOrEqual(row.archivedAt!.getTime());
      expect(row.quantity).toBe(imported.statusCode === 200 ? 5000 : 0);
    }
  });
});

describe('4. import and stocktake over the same articles do not deadlock', () => {
  it('4 imports and 4 counts of 1 000 articles in parallel: 8 × 2xx, the journal adds up', async () => {
    const count = 1000;
    const skus = Array.from({ length: count }, (_, i) => `LOCK-${String(i).padStart(4, '0')}`);
    const created = await importCsv(['sku,name,unit,quantity', ...skus.map((s) => `${s},Sperre,pcs,1`)].join('\n'));
    expect(created.json()).toMatchObject({ created: count });
    const ids = (
      await app.ctx.db
        .select({ id: stockArticles.id })
        .from(stockArticles)
        .where(and(eq(stockArticles.warehouseId, source), sql`${stockArticles.sku} LIKE 'LOCK-%'`))
    ).map((r) => r.id);
    // Every request names the rows in another order, as files and count lists do.
    const shuffled = <T>(list: T[], seed: number) =>
      list
        .map((value, i) => ({ value, key: (i * 7919 + seed * 104_729) % 1_000_003 }))
        .sort((a, b) => a.key - b.key)
        .map((x) => x.value);
    const imports = [1, 2, 3, 4].map((n) =>
      importCsv(['sku,name,unit,quantity', ...shuffled(skus, n).map((s) => `${s},Sperre ${n},pcs,${n}`)].join('\n')),
    );
    const counts = [1, 2, 3, 4].map((n) =>
      book(owner, '/api/stock/counts', {
        lines: shuffled(ids, n + 10).map((id) => ({ article_id: id, counted: 100 + n })),
      }),
    );
    const answers = await Promise.all([...imports, ...counts]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 201, 201, 201, 201]);
    // Each article's journal is a chain: every row starts where the one before ended, and the
    // last one is the stock.
    const rows = await app.ctx.db
      .select({ articleId: stockMovements.articleId, delta: stockMovements.delta, after: stockMovements.quantityAfter })
      .from(stockMovements)
      .where(inArray(stockMovements.articleId, ids))
      .orderBy(asc(stockMovements.id));
    const stock = new Map<number, number>();
    for (const row of rows) {
      expect(row.after).toBe((stock.get(row.articleId) ?? 0) + row.delta);
      stock.set(row.articleId, row.after);
    }
    const articles = await app.ctx.db
      .select({ id: stockArticles.id, quantity: stockArticles.quantity })
      .from(stockArticles)
      .where(inArray(stockArticles.id, ids));
    for (const article of articles) expect(article.quantity).toBe(stock.get(article.id));
  });
});

describe('5. journal filters are checked before anything is sent, and errors name the parameter', () => {
  it('CSV: a from date PostgreSQL cannot hold is 422 on `from`, before the first byte', async () => {
    const res = await owner.get('/api/stock/movements.csv?from=0000-01-01');
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/json');
    expect(Object.keys(res.json().errors)).toEqual(['from']);
  });

  it('CSV: to=9999-12-31 (an open end) streams the whole journal and ends properly', async () => {
    const article = await createArticle(owner, { sku: 'END-1' });
    await stockUp(owner, article.id, 2);
    const res = await owner.get(`/api/stock/movements.csv?to=9999-12-31&article_id=${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n')).toHaveLength(2);
    const json = await owner.get(`/api/stock/movements?to=9999-12-31&article_id=${article.id}`);
    expect(json.json().movements).toHaveLength(1);
  });

  it('JSON journal: bad dates are 422 on `from`/`to`, never on `body`', async () => {
    for (const [query, field] of [
      ['from=0000-01-01', 'from'],
      ['to=10000-01-01', 'to'],
      ['to=%2B010000-01-01T00:00:00Z', 'to'],
      ['from=2026-02-30', 'from'],
      ['to=2026-02-29T10:00:00Z', 'to'],
      ['from=2026-13-01', 'from'],
      ['from=2026-01-01T24:30:00Z', 'from'],
    ] as const) {
      for (const path of ['/api/stock/movements', '/api/stock/movements.csv']) {
        const res = await owner.get(`${path}?${query}`);
        expect({ path, query, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({
          path,
          query,
          status: 422,
          fields: [field],
        });
      }
    }
    // Real dates still work, leap days included.
    expect((await owner.get('/api/stock/movements?from=2024-02-29&to=2024-03-01T12:00:00%2B02:00')).statusCode).toBe(
      200,
    );
  });

  it('the other date parameters too: updated_since and occurred_at are real ISO dates or 422 on themselves', async () => {
    for (const since of ['0000-01-01', '2026-02-30', '2026-02-29T10:00:00Z', '10000-01-01T00:00:00Z']) {
      const res = await owner.get(`/api/stock/articles?updated_since=${encodeURIComponent(since)}`);
      expect({ since, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({
        since,
        status: 422,
        fields: ['updated_since'],
      });
    }
    const article = await createArticle(owner, { sku: 'OCC-1' });
    // 30 February would roll over into March: refused as what it is, not judged by its distance.
    const res = await move(owner, article.id, 'in', 1, { occurred_at: '2026-02-30T10:00:00Z' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ occurred_at: ['The occurred at field is invalid.'] });
    expect(await movementsOf(article.id)).toEqual([]);
  });

  it('a cursor that decodes but holds no valid key is 422 on `cursor`', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const url of [
      `/api/stock/movements?cursor=${cursor(['abc', 1])}`,
      `/api/stock/movements?cursor=${cursor(['2026-02-30 10:00:00+00', 1])}`,
      `/api/stock/articles?sort=quantity&cursor=${cursor(['abc', 1])}`,
      `/api/stock/articles?sort=quantity&cursor=${cursor(['99999999999999999999999', 1])}`,
      `/api/stock/articles?sort=updated&cursor=${cursor(['yesterday', 1])}`,
    ]) {
      const res = await owner.get(url);
      expect({ url, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({
        url,
        status: 422,
        fields: ['cursor'],
      });
    }
  });
});

describe('6. quantities stay exact: one article holds at most the documented maximum', () => {
  const MAX = MAX_QUANTITY;
  const exactInDatabase = async (id: number) =>
    rowsOf<{ q: string }>(
      await app.ctx.db.execute(sql`SELECT quantity::text AS q FROM stock_articles WHERE id = ${id}`),
    )[0]!.q;

  it('goods in beyond the maximum: 409 with the maximum in the message; what the API says is what is stored', async () => {
    const article = await createArticle(owner, { sku: 'MAX-1' });
    let last: {
      statusCode: number;
      json(): { code?: string; message?: string; article?: { quantity: number } };
    } | null = null;
    let booked = 0;
    // Before the cap, 91 bookings of the largest amount crossed 2^53 thousandths.
    for (let i = 0; i < 95; i++) {
      last = await move(owner, article.id, 'in', MAX);
      if (last.statusCode !== 201) break;
      booked += 1;
    }
    expect(booked).toBe(1);
    expect(last!.statusCode).toBe(409);
    expect(last!.json()).toEqual({
      code: 'stock.limit_exceeded',
      message: 'The stock of one article cannot exceed 99,999,999,999 pcs.',
    });
    const de = await owner.request(
      'POST',
      '/api/stock/movements',
      { article_id: article.id, kind: 'in', quantity: 1 },
      { 'idempotency-key': randomUUID(), 'accept-language': 'de' },
    );
    expect(de.json().message).toBe('Der Bestand eines Artikels darf 99.999.999.999 Stk. nicht überschreiten.');
    const shown = (await owner.get(`/api/stock/articles/${article.id}`)).json().article.quantity;
    expect(String(BigInt(Math.round(shown * 1000)))).toBe(await exactInDatabase(article.id));
    expect(shown).toBe(MAX);
  });

  it('the same cap holds for reversals, transfers in and imports', async () => {
    const full = await createArticle(owner, { sku: 'MAX-2', unit: 'kg' });
    await stockUp(owner, full.id, 10);
    const out = await move(owner, full.id, 'out', 1, { reason: 'sale' });
    await move(owner, full.id, 'correction', MAX, { reason: 'count' });
    // Reversing the goods-out would add 1 kg to a full article.
    const reversal = await book(owner, `/api/stock/movements/${out.json().movement.id}/reverse`, {});
    expect(reversal.statusCode).toBe(409);
    expect(reversal.json().code).toBe('stock.limit_exceeded');
    // An import adding to it names the line.
    const imported = await importCsv('sku,name,unit,quantity\nMAX-2,Voll,kg,0.001\n');
    expect(imported.statusCode).toBe(422);
    expect(lineErrors(imported)).toEqual([[2, 'quantity']]);
    // A transfer into a full article in the target warehouse.
    await inTarget(async () => {
      const there = await createArticle(owner, { sku: 'MAX-3', unit: 'kg' });
      await move(owner, there.id, 'correction', MAX, { reason: 'count' });
    });
    const here = await createArticle(owner, { sku: 'MAX-3', unit: 'kg' });
    await stockUp(owner, here.id, 1);
    const res = await transfer(owner, here.id, target, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('stock.limit_exceeded');
    expect((await articleBySku(source, 'MAX-3'))?.quantity).toBe(1000);
    expect(await exactInDatabase(full.id)).toBe(String(MAX * 1000));
  });
});

describe('7. parallel transfers create the missing target article once', () => {
  it('20 parallel transfers of an SKU the target lacks: 20 × 201, one target article, stock conserved', async () => {
    const article = await createArticle(owner, { sku: 'PT-1', name: 'Parallel', barcode: '4006381333931' });
    await stockUp(owner, article.id, 100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => transfer(owner, article.id, target, 1)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const there = await app.ctx.db
      .select()
      .from(stockArticles)
      .where(and(eq(stockArticles.warehouseId, target), eq(stockArticles.sku, 'PT-1')));
    expect(there).toHaveLength(1);
    expect(there[0]).toMatchObject({ quantity: 20_000, barcode: '4006381333931', name: 'Parallel' });
    expect((await articleBySku(source, 'PT-1'))?.quantity).toBe(80_000);
    expect((await movementsOf(there[0]!.id)).map((m) => m.quantityAfter)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i + 1) * 1000),
    );
  });

  it('a target whose other article holds the barcode: 422 on to_warehouse_id, the field the request has', async () => {
    await inTarget(() => createArticle(owner, { sku: 'OTHER-BC', barcode: '96385074' }));
    const article = await createArticle(owner, { sku: 'PT-2', barcode: '96385074' });
    await stockUp(owner, article.id, 5);
    const res = await transfer(owner, article.id, target, 1);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('article.barcode_taken');
    expect(Object.keys(res.json().errors)).toEqual(['to_warehouse_id']);
    expect(res.json().errors.to_warehouse_id[0]).toContain('96385074');
    expect((await articleBySku(source, 'PT-2'))?.quantity).toBe(5000);
  });
});

describe('8. smaller', () => {
  it('unknown JSON fields on booking and write routes: 422 naming the field, nothing written', async () => {
    const article = await createArticle(owner, { sku: 'UNK-1' });
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/stock/movements',
        { article_id: article.id, kind: 'in', quantity: 1, warehouse_id: target },
        'warehouse_id',
      ],
      [
        'POST',
        '/api/stock/transfers',
        { article_id: article.id, to_warehouse_id: target, quantity: 1, from: 1 },
        'from',
      ],
      ['POST', '/api/stock/counts', { lines: [{ article_id: article.id, counted: 1, unit: 'kg' }] }, 'lines.0.unit'],
      ['POST', '/api/stock/articles', { sku: 'UNK-2', name: 'x', unit: 'pcs', min_stock: 0, quantity: 5 }, 'quantity'],
      [
        'PUT',
        `/api/stock/articles/${article.id}`,
        { sku: 'UNK-1', name: 'x', unit: 'pcs', min_stock: 0, quantity: 5 },
        'quantity',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await owner.request(method as 'POST', url, body, { 'idempotency-key': randomUUID() });
      expect({ url, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({
        url,
        status: 422,
        fields: [field],
      });
      expect(res.json().errors[field][0]).toBe(`The ${field.replace(/_/g, ' ')} field is not allowed.`);
    }
    expect(await movementsOf(article.id)).toEqual([]);
    expect(await articleBySku(source, 'UNK-2')).toBeUndefined();
  });

  it('a CSV header naming a column twice is refused on line 1', async () => {
    const res = await importCsv('sku,name,unit,name\nDUP-1,Erster,pcs,Zweiter\n');
    expect(res.statusCode).toBe(422);
    expect(lineErrors(res)).toEqual([[1, 'header']]);
    expect(res.json().errors[0].message).toBe('The column name appears more than once in the header.');
    expect(await articleBySku(source, 'DUP-1')).toBeUndefined();
  });

  it('a Latin-1 file is not silently mangled: 422 naming the encoding, or read as the charset it declares', async () => {
    const latin1 = Buffer.from('sku,name,unit\nENC-1,Fuß,pcs\nENC-2,Maß,pcs\n', 'latin1');
    const res = await importCsv(latin1);
    expect(res.statusCode).toBe(422);
    expect(lineErrors(res)).toEqual([[2, 'file']]);
    expect(res.json().errors[0].message).toContain('UTF-8');
    expect(await articleBySku(source, 'ENC-1')).toBeUndefined();
    const declared = await importCsv(latin1, '', 'text/csv; charset=windows-1252');
    expect(declared.statusCode).toBe(200);
    expect((await articleBySku(source, 'ENC-2'))?.name).toBe('Maß');
  });

  it('quoted CSV cells are trimmed like JSON strings (tabs, CR, zero-width spaces)', async () => {
    const res = await importCsv('sku,name,unit\n"\tTRIM-1","\r Name\u200B",pcs\n');
    expect(res.statusCode).toBe(200);
    expect(await articleBySku(source, 'TRIM-1')).toMatchObject({ sku: 'TRIM-1', name: 'Name' });
  });
});

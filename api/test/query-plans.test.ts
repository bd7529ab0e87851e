/**
 * Issue 28: the stock routes read through indexes. On PostgreSQL with a realistic spread (our
 * warehouse beside three larger ones, ANALYZEd), every statement the API sends while serving the
 * stock calls is run again under EXPLAIN (ANALYZE, BUFFERS) inside a rolled-back transaction; a
 * sequential scan of stock_articles, stock_movements or stock_location_quantities fails the test and
 * names the statement.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadScaleData } from '../src/modules/stock';
import { type Client, createWarehouse, loggedIn, useTestApp } from './helpers';
import { book, createArticle, stockUp } from './stock/helpers';

jest.setTimeout(180_000);

const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
// stock_locations is left out: a warehouse's handful of locations is read fastest whole.
const WATCHED = ['stock_articles', 'stock_movements', 'stock_location_quantities'];

/**
 * Migration 0012's one-round-trip booking: EXPLAIN shows no plan inside a function, so the call is run
 * again (with a new key, so it books) and the transaction's own table statistics
 * (pg_stat_xact_user_tables) must show no sequential scan of a watched table.
 */
const BOOKING_FUNCTION = 'stock_book(';

/** An INSERT … VALUES scans nothing (and would only collide with the row it made); everything else may. */
const reads = (text: string) =>
  /^\s*(select|with|update|delete|insert)\b/i.test(text) && (!/^\s*insert\b/i.test(text) || /\bselect\b/i.test(text));

interface Statement {
  text: string;
  values: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && WATCHED.includes(node['Relation Name'] ?? '')
    ? [node['Relation Name']!]
    : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

describePostgres('query plans of the stock calls (PostgreSQL)', () => {
  let app: FastifyInstance;
  let owner: Client;
  useTestApp(__filename, (t) => ({ app } = t));

  const seen = new Map<string, Statement>();
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    const { user, client } = await loggedIn(app);
    owner = client;
    // Three larger neighbours, then ours: a warehouse's rows are a small share of each table.
    for (const n of [1, 2, 3]) {
      const other = await createWarehouse(owner, `Nachbar ${n}`);
      await loadScaleData(app.ctx.db, { warehouseId: other.id, userId: user.id, articles: 8_000, movements: 40_000 });
    }
    const ours = await createWarehouse(owner, 'Unser Lager');
    await loadScaleData(app.ctx.db, { warehouseId: ours.id, userId: user.id, articles: 2_000, movements: 10_000 });
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof first === 'string' ? first : first?.text;
      // drizzle passes ({ text, rowMode, types }, params); others (text, params) or ({ text, values }).
      const values = ((typeof first === 'string' ? undefined : first?.values) ?? second) as unknown[] | undefined;
      if (text && (WATCHED.some((t) => text.includes(t)) || text.includes(BOOKING_FUNCTION)) && reads(text)) {
        seen.set(`${text}|${JSON.stringify(values ?? [])}`, { text, values: values ?? [] });
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  });

  afterAll(() => {
    pg.Client.prototype.query = original;
  });

  it('reads articles, the journal and stock per location through indexes on every stock call', async () => {
    const article = await createArticle(owner, { sku: 'PLAN-1', name: 'Bohrer Plan' });
    const second = await createArticle(owner, { sku: 'PLAN-2', name: 'Schraube Plan', barcode: '4006381333931' });
    await stockUp(owner, article.id, 10);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/stock/summary'],
      ['GET', '/api/stock/articles'],
      ['GET', '/api/stock/articles?q=bohrer'],
      ['GET', '/api/stock/articles?q=4006381333931'],
      ['GET', '/api/stock/articles?low=1'],
      ['GET', '/api/stock/articles?sort=sku'],
      ['GET', '/api/stock/articles?sort=quantity'],
      ['GET', '/api/stock/articles?sort=updated'],
      ['GET', `/api/stock/articles?updated_since=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`],
      ['GET', `/api/stock/articles/${article.id}`],
      ['GET', '/api/stock/movements'],
      ['GET', `/api/stock/movements?article_id=${article.id}`],
      ['GET', '/api/stock/movements?kind=in'],
      ['GET', '/api/stock/movements?from=2020-01-01&to=2020-01-31'],
    ];
    const shelf = await owner.post('/api/stock/locations', { code: 'PLAN-A1', name: 'Regal A1' });
    expect(shelf.statusCode).toBe(201);
    const shelfId = (shelf.json() as { location: { id: number } }).location.id;
    calls.push(
      ['GET', '/api/stock/locations'],
      ['GET', `/api/stock/locations/${shelfId}`],
      ['GET', `/api/stock/articles/${article.id}/locations`],
      ['GET', `/api/stock/articles/${article.id}/history`],
      ['GET', '/api/stock/reorder'],
      ['GET', '/api/stock/reorder?sort=name'],
    );
    for (const [method, url] of calls) {
      const res = await owner.request(method as 'GET', url);
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    const locations = (await owner.get('/api/stock/locations')).json() as { locations: { id: number; code: string }[] };
    const standardId = locations.locations.find((l) => l.code === 'STANDARD')!.id;
    const located: [string, string][] = [
      ['GET', `/api/stock/locations/${standardId}/stock`],
      ['GET', `/api/stock/movements?location_id=${shelfId}`],
    ];
    for (const [method, url] of located) {
      const res = await owner.request(method as 'GET', url);
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    const bookings: [string, unknown][] = [
      ['/api/stock/movements', { article_id: article.id, kind: 'out', quantity: 1, reason: 'sale' }],
      ['/api/stock/movements', { article_id: second.id, kind: 'in', quantity: 5, reason: 'purchase' }],
      ['/api/stock/counts', { lines: [{ article_id: second.id, counted: 4 }] }],
      [
        '/api/stock/movements',
        { article_id: second.id, kind: 'in', quantity: 2, reason: 'purchase', location_id: shelfId },
      ],
      [
        '/api/stock/relocations',
        { article_id: article.id, from_location_id: standardId, to_location_id: shelfId, quantity: 2 },
      ],
    ];
    for (const [url, body] of bookings) {
      const res = await book(owner, url, body, randomUUID());
      expect([url, res.statusCode]).toEqual([url, 201]);
    }

    // The checker's own statements are not to be collected.
    pg.Client.prototype.query = original;
    const checker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await checker.connect();
    const offenders: string[] = [];
    let booked = 0;
    try {
      // The schema openTestDatabase gives this file.
      const schema = `test_${basename(__filename).replace(/\W+/g, '_').toLowerCase()}`;
      for (const { text, values } of seen.values()) {
        await checker.query('BEGIN');
        try {
          await checker.query(`SET LOCAL search_path = ${schema}, public`);
          if (text.includes(BOOKING_FUNCTION)) {
            // The second parameter is the Idempotency-Key: a new one books instead of replaying.
            await checker.query(
              text,
              values.map((v, i) => (i === 1 ? randomUUID() : v)),
            );
            const stats = await checker.query(
              'SELECT relname FROM pg_stat_xact_user_tables WHERE relname = ANY($1) AND seq_scan > 0',
              [WATCHED],
            );
            const scans = stats.rows.map((r: { relname: string }) => r.relname);
            if (scans.length) offenders.push(`${scans.join(', ')}: ${text} ${JSON.stringify(values)}`);
            booked++;
            continue;
          }
          const plan = await checker.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values).catch((e) => {
            throw new Error(`${e.message}: ${text} ${JSON.stringify(values)}`);
          });
          const root = (plan.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
          const scans = seqScans(root);
          if (scans.length) offenders.push(`${scans.join(', ')}: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
        } finally {
          await checker.query('ROLLBACK');
        }
      }
    } finally {
      await checker.end();
    }
    console.log(`query plans: ${seen.size} statements on ${WATCHED.join(', ')} checked`);
    expect(seen.size).toBeGreaterThan(15);
    // The opening stock, goods out, goods in, and goods in naming a shelf: four calls of the function.
    expect(booked).toBe(4);
    expect(offenders).toEqual([]);
  });
});

/**
 * Value bench (stock-spec-3.md §4): the valuation at a past date over 100 000 articles and 1 000 000 movements
 * ≤ 2 s, on PGlite (in memory) and, when DATABASE_URL is set, on PostgreSQL (schema `bench_value`, dropped first).
 * Through the API in process (`app.inject`), the whole answer (100 000 JSON lines) as a client gets it.
 *
 * Data: `loadScaleData` with priced goods-in (the journal trigger of migration 0020 keeps the moving average on
 * every row, as in the product), 2 s apart up to now; the valuation asks for the end of the day 10 days back (about
 * half of the journal lies before it).
 * `npx tsx bench/value/run.ts [--articles N] [--movements N] [--samples N] [--only pglite|postgres] [--explain]`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Database, loadScaleData } from '../../api/src/index';
import {
  numberArg as arg,
  benchApp,
  benchOwner,
  login,
  ms,
  p95,
  type Result,
  runOnBothDatabases,
  sql,
} from '../stock/inject';

const ARTICLES = arg('articles', 100_000);
const MOVEMENTS = arg('movements', 1_000_000);
const SAMPLES = arg('samples', 5);
const EXPLAIN = process.argv.includes('--explain');

async function measure(kind: string, database: Database): Promise<Result[]> {
  const app = await benchApp(database);
  const { db } = app.ctx;
  const { user, w } = await benchOwner(app, 'bench-value@lager.test', 'Bench value');
  const started = performance.now();
  await loadScaleData(db, { warehouseId: w, userId: user.id, articles: ARTICLES, movements: MOVEMENTS, priced: true });
  const loaded = (performance.now() - started) / 1000;
  await db.execute(sql`VACUUM ANALYZE stock_articles, stock_movements`);
  console.log(`  ${kind}: loaded ${ARTICLES} articles and ${MOVEMENTS} priced movements in ${loaded.toFixed(1)} s`);
  const client = await login(app, user.email);
  // 10 days back at full size (the journal spans 23 days); about the middle of a smaller journal.
  const daysBack = Math.max(1, Math.min(10, Math.floor(MOVEMENTS / 86_400)));
  const pastDay = new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);

  if (EXPLAIN) {
    const plan = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS)
      SELECT a.id, last.quantity_after, last.average_cost_after,
             round(last.quantity_after::numeric / 1000 * last.average_cost_after, 2)
      FROM stock_articles a CROSS JOIN LATERAL (
        SELECT m.quantity_after, m.average_cost_after FROM stock_movements m
        WHERE m.article_id = a.id AND m.created_at < ((${pastDay}::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin')
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1) last
      WHERE a.warehouse_id = ${w} AND last.quantity_after <> 0
      ORDER BY lower(a.sku), a.id`)) as unknown as { rows: Record<string, string>[] };
    console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
  }

  const timed = async (samples: number, url: string) => {
    const times: number[] = [];
    let lines = 0;
    for (let i = 0; i < samples; i++) {
      const start = performance.now();
      const res = await client.get(url);
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (url.includes('.csv')) lines = res.body.split('\n').length - 2;
      else if (url.includes('.pdf')) lines = res.rawPayload.length;
      else lines = res.json().lines.length;
    }
    return { p95: p95(times), median: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!, lines };
  };
  // One warm-up (plans, caches), then the samples.
  await client.get(`/api/stock/valuation?at=${pastDay}`);
  const perArticle = await timed(SAMPLES, `/api/stock/valuation?at=${pastDay}`);
  const perLocation = await timed(Math.min(SAMPLES, 3), `/api/stock/valuation?at=${pastDay}&group=location`);
  const csv = await timed(1, `/api/stock/valuation.csv?at=${pastDay}`);
  const pdf = await timed(1, `/api/stock/valuation.pdf?at=${pastDay}`);

  // A year-end count of the whole warehouse (one line per article): open, a counter's PUT of 500 lines (its answer is
  // the whole session), a read of the session, closing with 500 counted lines (half of them differing).
  const write = (url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
    app.inject({
      method,
      url,
      payload: body as string,
      headers: {
        cookie: client.cookieHeader(),
        'x-xsrf-token': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(client.cookieHeader())?.[1] ?? ''),
        'idempotency-key': randomUUID(),
      },
    });
  const step = async (what: string, call: () => Promise<{ statusCode: number; body: string }>) => {
    const start = performance.now();
    const res = await call();
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { time: performance.now() - start, body: res.body };
  };
  const opened = await step('open', () => write('/api/stock/count-sessions', {}));
  const session = JSON.parse(opened.body).session.id as number;
  const first = (await db.execute(sql`SELECT article_id, location_id FROM stock_count_lines
    WHERE session_id = ${session} ORDER BY article_id LIMIT 500`)) as unknown as {
    rows: { article_id: number; location_id: number }[];
  };
  const counted = first.rows.map((r, i) => ({
    article_id: Number(r.article_id),
    location_id: Number(r.location_id),
    counted: i % 2 ? 1_000_000 : 999_999,
  }));
  const put = await step('put', () => write(`/api/stock/count-sessions/${session}/lines`, counted, 'PUT'));
  if (EXPLAIN) {
    const [row] = (
      (await db.execute(sql`SELECT opened_after_id FROM stock_count_sessions WHERE id = ${session}`)) as unknown as {
        rows: { opened_after_id: number }[];
      }
    ).rows;
    const plan = (await db.execute(sql`EXPLAIN ANALYZE WITH moved AS MATERIALIZED (
        SELECT c.article_id, c.location_id, c.lot, sum(m.delta) AS moved
        FROM stock_movements m JOIN stock_count_lines c ON c.session_id = ${session} AND c.article_id = m.article_id
          AND c.location_id = m.location_id AND c.lot = coalesce(m.lot, m.serial, '')
        WHERE m.id > ${Number(row!.opened_after_id)} AND (c.counted_at IS NULL OR m.created_at <= c.counted_at)
        GROUP BY c.article_id, c.location_id, c.lot)
      SELECT c.article_id, a.sku, c.location_id, l.code, c.lot, c.expected, c.counted, coalesce(mv.moved, 0) AS moved
      FROM stock_count_lines c JOIN stock_articles a ON a.id = c.article_id JOIN stock_locations l ON l.id = c.location_id
        LEFT JOIN moved mv ON mv.article_id = c.article_id AND mv.location_id = c.location_id AND mv.lot = c.lot
      WHERE c.session_id = ${session} ORDER BY lower(l.code), lower(a.sku), c.lot`)) as unknown as {
      rows: Record<string, string>[];
    };
    console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
  }
  const read = await step('read', () => client.get(`/api/stock/count-sessions/${session}`));
  const closed = await step('close', () => write(`/api/stock/count-sessions/${session}/close`, { uncounted: 'keep' }));
  const lineCount = JSON.parse(read.body).session.lines.length;
  console.log(`  ${kind}: count of ${lineCount} lines, ${JSON.parse(closed.body).movements} corrections`);
  await app.close();
  console.log(
    `  ${kind}: ${perArticle.lines} lines per article, ${perLocation.lines} per location, ${csv.lines} CSV rows`,
  );
  return [
    {
      metric: `${kind}: valuation at a past date, ${ARTICLES} articles / ${MOVEMENTS} movements (p95 of ${SAMPLES})`,
      target: '≤ 2 000 ms',
      value: `${ms(perArticle.p95)} (median ${ms(perArticle.median)})`,
      ok: perArticle.p95 <= 2000,
    },
    {
      metric: `${kind}: the same per article and location`,
      target: 'info',
      value: ms(perLocation.p95),
      ok: true,
    },
    { metric: `${kind}: the same as CSV`, target: 'info', value: ms(csv.p95), ok: true },
    {
      metric: `${kind}: the same as PDF`,
      target: 'info',
      value: `${ms(pdf.p95)} (${(pdf.lines / 1e6).toFixed(1)} MB)`,
      ok: true,
    },
    {
      metric: `${kind}: bulk load through the value trigger`,
      target: 'info',
      value: `${loaded.toFixed(1)} s`,
      ok: true,
    },
    {
      metric: `${kind}: count of the whole warehouse: open / PUT of 500 lines / read / close (250 differences)`,
      target: 'info',
      value: [opened, put, read, closed].map((step) => ms(step.time)).join(' / '),
      ok: true,
    },
  ];
}

runOnBothDatabases('bench_value', 4, measure).catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * Lots bench (stock-spec-3.md §4): FEFO goods-out p95 ≤ 30 ms at 10 clients with 20 lots per article, on
 * PGlite (in memory) and, when DATABASE_URL is set, on PostgreSQL (schema `bench_lots`, dropped first).
 * Through the API in process (`app.inject`), as bench/stock/run.ts.
 *
 * Data: 100 lot articles with best-before, 20 lots of 3 each (received through the API, best-before
 * dates shuffled); each sample is a goods-out of 2 without a lot, so FEFO often splits over two lots.
 * Beside it, the same load of goods-out of 1 on 100 untracked articles (the one-round-trip path), to see
 * that lots leave untracked bookings as they were.
 * `npx tsx bench/lots/run.ts [--samples N] [--only pglite|postgres]`; `npm run bench -- --stock` runs it too.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Database } from '../../api/src/index';
import {
  numberArg as arg,
  benchApp,
  benchOwner,
  login,
  ms,
  p95,
  type Result,
  runOnBothDatabases,
} from '../stock/inject';

const SAMPLES = arg('samples', 1000);
const ARTICLES = 100;
const LOTS = 20;

async function measure(kind: string, database: Database): Promise<Result[]> {
  const app = await benchApp(database);
  const { user } = await benchOwner(app, 'bench-lots@lager.test', 'Bench lots');
  const client = await login(app, user.email);
  const ok = (res: { statusCode: number; body: string }) => {
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return JSON.parse(res.body);
  };
  const tracked: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    const lot = ok(
      await client.post('/api/stock/articles', {
        sku: `LOT-BENCH-${i}`,
        name: `Lot article ${i}`,
        unit: 'pcs',
        min_stock: 0,
        tracking: 'lot',
        expiry: true,
      }),
    );
    tracked.push(lot.article.id);
    const untracked = ok(
      await client.post('/api/stock/articles', {
        sku: `PLAIN-BENCH-${i}`,
        name: `Plain ${i}`,
        unit: 'pcs',
        min_stock: 0,
      }),
    );
    plain.push(untracked.article.id);
    ok(
      await client.post(
        '/api/stock/movements',
        { article_id: untracked.article.id, kind: 'in', quantity: 10_000 },
        { 'idempotency-key': randomUUID() },
      ),
    );
    for (let l = 0; l < LOTS; l++) {
      // Best-before dates shuffled against the receipt order, so FEFO has to sort.
      const day = 1 + ((l * 7) % LOTS);
      ok(
        await client.post(
          '/api/stock/movements',
          {
            article_id: lot.article.id,
            kind: 'in',
            quantity: 3,
            lot: `L${i}-${l}`,
            best_before: `2030-01-${String(day).padStart(2, '0')}`,
          },
          { 'idempotency-key': randomUUID() },
        ),
      );
    }
  }
  const run = async (ids: number[], quantity: number, clients = 10) => {
    const times: number[] = [];
    let split = 0;
    const perClient = Math.ceil(SAMPLES / 10);
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = 0; i < perClient; i++) {
          const start = performance.now();
          const res = await client.post(
            '/api/stock/movements',
            { article_id: ids[(c * 37 + i * 11) % ids.length], kind: 'out', quantity, reason: 'sale' },
            { 'idempotency-key': randomUUID() },
          );
          times.push(performance.now() - start);
          const body = ok(res);
          if ((body.lots?.length ?? 0) > 1) split++;
        }
      }),
    );
    return { times, split };
  };
  // Warm-up of both paths, then the measured runs.
  await run(plain.slice(0, 10), 1);
  const fefoOne = await run(tracked, 1, 1);
  const plainOne = await run(plain, 1, 1);
  const fefo = await run(tracked, 2);
  const untracked = await run(plain, 1);
  await app.close();
  const fefoP95 = p95(fefo.times);
  const plainP95 = p95(untracked.times);
  console.log(`  ${kind}: ${fefo.times.length} FEFO outs, ${fefo.split} split over two lots`);
  return [
    {
      metric: `${kind}: FEFO goods-out p95 at 10 clients, ${LOTS} lots per article`,
      target: '≤ 30 ms',
      value: ms(fefoP95),
      ok: fefoP95 <= 30,
    },
    { metric: `${kind}: FEFO goods-out p95, one client`, target: 'info', value: ms(p95(fefoOne.times)), ok: true },
    {
      metric: `${kind}: untracked goods-out p95, one client`,
      target: 'info',
      value: ms(p95(plainOne.times)),
      ok: true,
    },
    {
      metric: `${kind}: untracked goods-out p95 at 10 clients (same run)`,
      target: 'info',
      value: ms(plainP95),
      ok: true,
    },
  ];
}

runOnBothDatabases('bench_lots', 12, measure).catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Purchasing bench (stock-spec-3.md §4): a receipt of a 50-line purchase order, p95 ≤ 100 ms, on PGlite (in
 * memory) and, when DATABASE_URL is set, on PostgreSQL (schema `bench_purchasing`, dropped first). Through the
 * API in process (`app.inject`, the whole Fastify stack without sockets), as bench/stock/run.ts.
 *
 * Data: 50 articles of a supplier with prices, one order of 50 lines × 1 000 placed; each sample is one receipt
 * of 1 on every line (50 goods-in movements, 50 line updates, on_order, the status) with its Idempotency-Key.
 * `npx tsx bench/purchasing/run.ts [--samples N] [--only pglite|postgres]`; `npm run bench -- --stock` runs it too.
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

const SAMPLES = arg('samples', 60);
const LINES = 50;

async function measure(kind: string, database: Database): Promise<Result[]> {
  const app = await benchApp(database);
  const { user } = await benchOwner(app, 'bench-purchasing@lager.test', 'Bench purchasing');
  const client = await login(app, user.email);
  const created = async (res: { statusCode: number; body: string }) => {
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return JSON.parse(res.body);
  };
  const supplier = (await created(await client.post('/api/purchasing/suppliers', { name: 'Bench supplier' }))).supplier;
  const articles: number[] = [];
  for (let i = 0; i < LINES; i++) {
    const a = await created(
      await client.post('/api/stock/articles', {
        sku: `PO-BENCH-${i}`,
        name: `Bench article ${i}`,
        unit: 'pcs',
        min_stock: 0,
      }),
    );
    articles.push(a.article.id);
  }
  const order = (
    await created(
      await client.post('/api/purchasing/orders', {
        supplier_id: supplier.id,
        lines: articles.map((article_id, i) => ({ article_id, quantity: 1000, unit_price: `${i + 1}.0345` })),
      }),
    )
  ).order;
  await created(await client.post(`/api/purchasing/orders/${order.id}/order`, {}));
  const body = { lines: order.lines.map((l: { id: number }) => ({ line_id: l.id, quantity: 1 })) };
  const receive = () =>
    client.post(`/api/purchasing/orders/${order.id}/receipts`, body, { 'idempotency-key': randomUUID() });
  for (let i = 0; i < 5; i++) await created(await receive());
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await receive();
    times.push(performance.now() - started);
    if (res.statusCode !== 201) throw new Error(`receipt ${res.statusCode} ${res.body}`);
  }
  const final = (await created(await client.get(`/api/purchasing/orders/${order.id}`))).order;
  const received = final.lines.every((l: { received_quantity: number }) => l.received_quantity === SAMPLES + 5);
  await app.close();
  const value = p95(times);
  console.log(
    `  ${kind}: ${SAMPLES} receipts of ${LINES} lines, median ${ms(times.sort((a, b) => a - b)[times.length >> 1]!)}`,
  );
  return [
    {
      metric: `${kind}: receipt of a ${LINES}-line order p95`,
      target: '≤ 100 ms',
      value: ms(value),
      ok: value <= 100 && received,
    },
  ];
}

runOnBothDatabases('bench_purchasing', 4, measure).catch((err) => {
  console.error(err);
  process.exit(1);
});

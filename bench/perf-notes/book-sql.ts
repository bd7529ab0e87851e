/**
 * What `stock_book` costs in the database per call, and which part (issue 28 round 3, helper `book`):
 * `npx tsx bench/perf-notes/book-sql.ts [--pg URL] [--n 2000]`. 2 000 articles at 2 000 locations; goods-out of 1
 * through `SELECT stock_book(…)` alone (no HTTP), one at a time; CPU of PGlite's worker thread per call (or of the
 * PostgreSQL backend, /proc/<pid>/stat on the same host), then again after dropping one index at a time
 * (to see what each index's upkeep costs a booking), in a throw-away database.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { executePrepared, openDatabase } from '../../api/src/index';
import { articlesOnShelves, pg, sql } from '../stock/inject';

const argv = process.argv;
const opt = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const N = Number(opt('n') ?? 2000);
const PG = opt('pg');
const ticks = (stat: string) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const cpuOf = (path: string) => ticks(fs.readFileSync(path, 'utf8'));

async function main() {
  if (PG) {
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query('DROP SCHEMA IF EXISTS bench_booksql CASCADE');
    await admin.end();
  }
  const database = PG ? await openDatabase({ url: PG, schema: 'bench_booksql', poolSize: 1 }) : await openDatabase();
  const { db } = database;
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [user] = await rows(sql`INSERT INTO users (name, email, password) VALUES ('B', 'b@x.test', 'x') RETURNING id`);
  const [wh] = await rows(
    sql`INSERT INTO warehouses (name, industry_id, usage_id, owner_id) VALUES ('W', 1, 1, ${user!.id}) RETURNING id`,
  );
  const w = wh!.id as number;
  const placed = await articlesOnShelves(db, w, 2000);
  let cpuPath = '';
  if (PG) {
    const [me] = await rows(sql`SELECT pg_backend_pid() AS pid`);
    cpuPath = `/proc/${me!.pid}/stat`;
  } else {
    let best = 0;
    for (const tid of fs.readdirSync('/proc/self/task')) {
      const path = `/proc/self/task/${tid}/stat`;
      const stat = fs.readFileSync(path, 'utf8');
      if (tid !== String(process.pid) && stat.includes('(node)') && ticks(stat) > best) {
        best = ticks(stat);
        cpuPath = path;
      }
    }
  }
  const book = (i: number, location: boolean) => {
    const [article, place] = placed[i % placed.length]!;
    return executePrepared(
      db,
      sql`SELECT stock_book(${user!.id}::integer, ${randomUUID()}::uuid, ${'0'.repeat(64)}::char(64), ${192}::integer,
      ${w}::integer, ${article}::integer, ${'out'}::varchar, ${1000}::bigint, ${location ? place : null}::integer, ${'sale'}::varchar,
      ${null}::varchar, ${null}::varchar, ${'B'}::varchar, ${null}::timestamptz, ${1e15}::bigint, ${'{pcs}'}::varchar[]) AS answer`,
    );
  };
  const measure = async (label: string) => {
    for (const location of [false, true]) {
      for (let i = 0; i < 50; i++) await book(i, location);
      const cpu = cpuOf(cpuPath);
      const wall = performance.now();
      for (let i = 0; i < N; i++) await book(i * 7 + 1, location);
      console.log(
        `${label.padEnd(48)} ${location ? 'location' : 'STANDARD'}: ${((cpuOf(cpuPath) - cpu) / N).toFixed(3)} ms CPU, ${((performance.now() - wall) / N).toFixed(3)} ms wall per call`,
      );
    }
  };
  await measure('as migrated');
  await measure('as migrated, again (bloat?)');
  if (argv.includes('--explain')) {
    const [k] = await rows(sql`SELECT key FROM stock_idempotency_keys LIMIT 1`);
    for (const r of await rows(
      sql`EXPLAIN (ANALYZE, BUFFERS) UPDATE stock_idempotency_keys SET status_code = 201 WHERE user_id = ${user!.id} AND key = ${k!.key}`,
    ))
      console.log(Object.values(r)[0]);
    for (const r of await rows(sql`SELECT relpages, reltuples FROM pg_class WHERE relname = 'stock_idempotency_keys'`))
      console.log(r);
  }
  for (const table of (
    opt('vacuum') ?? 'stock_idempotency_keys,stock_articles,stock_location_quantities,stock_locations'
  ).split(',')) {
    const started = performance.now();
    await db.execute(sql.raw(table.includes(' ') ? table : `VACUUM ${table}`));
    await measure(
      `after ${table.includes(' ') ? table : `VACUUM ${table}`} (${(performance.now() - started).toFixed(0)} ms)`,
    );
  }
  if (argv.includes('--drop')) {
    for (const index of [
      'stock_articles_search_trgm_idx',
      'stock_articles_warehouse_name_idx',
      'stock_movements_user_created_idx',
      'stock_location_quantities_warehouse_stocked_idx',
      'stock_idempotency_keys_created_idx',
    ]) {
      await db.execute(sql.raw(`DROP INDEX ${index}`));
      await measure(`without ${index}`);
    }
  }
  await database.close();
}
void main().catch((error) => {
  console.error(error);
  process.exit(1);
});

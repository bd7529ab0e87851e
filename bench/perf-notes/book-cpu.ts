import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { type Database, openDatabase } from '../../api/src/index';
import { articlesOnShelves, benchApp, benchOwner, bookOneOut, login, pg, sql } from '../stock/inject';
import { cpuSince, statCpuMs, threadCpu } from './thread-cpu';

const argv = process.argv;
const opt = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const N = Number(opt('n') ?? 1000);
const PG = opt('pg');
const WITH_LOCATION = argv.includes('--location');
const ROUNDS = Number(opt('rounds') ?? 3);
const CLIENTS = Number(opt('clients') ?? 10);
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
function pidsCpu(pids: number[]) {
  let ms = 0;
  for (const pid of pids) {
    try {
      ms += statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {}
  }
  return ms;
}

async function main() {
  let database: Database;
  if (PG) {
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query('DROP SCHEMA IF EXISTS bench_book CASCADE');
    await admin.end();
    database = await openDatabase({ url: PG, schema: 'bench_book', poolSize: 12 });
  } else database = await openDatabase();
  const app = await benchApp(database);
  const { db } = app.ctx;
  const { user, w } = await benchOwner(app, 'book@lager.test', 'Book');
  const placed = await articlesOnShelves(db, w, 2000);
  const session = await login(app, user.email);
  const book = async (i: number) => {
    const [article, location] = placed[i % placed.length]!;
    await bookOneOut(session, article, WITH_LOCATION ? location : undefined);
  };
  for (let i = 0; i < 100; i++) await book(i);

  // Statements per request
  let statements = 0;
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  let restore = () => {};
  if (PG) {
    const proto = pg.Client.prototype as unknown as Record<string, unknown>;
    const original = proto.query as (...a: unknown[]) => unknown;
    proto.query = function (this: unknown, ...args: unknown[]) {
      statements++;
      return original.apply(this, args);
    };
    restore = () => {
      proto.query = original;
    };
  } else {
    const originals = ['query', 'exec', 'transaction', 'executePrepared'].filter(
      (k) => typeof client[k] === 'function',
    );
    const saved = originals.map((k) => [k, client[k]] as const);
    for (const [k, f] of saved) {
      client[k] = function (this: unknown, ...args: unknown[]) {
        statements++;
        return (f as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
    restore = () => {
      for (const [k, f] of saved) client[k] = f;
    };
  }
  for (let i = 0; i < 50; i++) await book(i * 7 + 3);
  restore();
  console.log(
    `${PG ? 'PostgreSQL' : 'PGlite'} ${WITH_LOCATION ? 'WITH location' : 'no location'}: ${(statements / 50).toFixed(2)} statements/calls per request`,
  );

  let backendPids: number[] = [];
  if (PG) {
    const rows = (await db.execute(
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
    )) as unknown as { rows: { pid: number }[] };
    backendPids = rows.rows.map((r) => r.pid);
  }
  const profile = argv.includes('--profile') ? new Session() : undefined;
  if (profile) {
    profile.connect();
    await profile.post('Profiler.enable');
    await profile.post('Profiler.setSamplingInterval', { interval: 200 });
    await profile.post('Profiler.start');
  }
  for (let round = 0; round < ROUNDS; round++) {
    const times: number[] = [];
    const before = threadCpu();
    const beforePg = pidsCpu(backendPids);
    const wall = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = 0; i < N / CLIENTS; i++) {
          const start = performance.now();
          await book(c * 7919 + i * 104_729 + round);
          times.push(performance.now() - start);
        }
      }),
    );
    const elapsed = performance.now() - wall;
    const { main, worker, rest } = cpuSince(before);
    const n = times.length;
    const pgMs = PG ? ` backends ${((pidsCpu(backendPids) - beforePg) / n).toFixed(2)}` : '';
    console.log(
      `  round ${round}: ${n} bookings at ${CLIENTS} clients, p50 ${pct(times, 0.5).toFixed(1)} p95 ${pct(times, 0.95).toFixed(1)} ms, ${(n / (elapsed / 1000)).toFixed(0)}/s; CPU ms per booking: API ${(main / n).toFixed(2)} worker ${(worker / n).toFixed(2)} other ${(rest / n).toFixed(2)}${pgMs}`,
    );
  }
  if (profile) {
    const { profile: result } = await profile.post('Profiler.stop');
    fs.writeFileSync(opt('profile-out') ?? '/tmp/book.cpuprofile', JSON.stringify(result));
  }
  await app.close();
  await database.close();
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { PerformanceObserver } from 'node:perf_hooks';
import { openDatabase } from '../../api/src/index';
import { articlesOnShelves, benchApp, benchOwner, bookOneOut, login } from '../stock/inject';
import { cpuSince, threadCpu } from './thread-cpu';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('n', 200);
/** `--tree N`: list the location tree N times first, as the bench's row before the bookings does. */
const TREE = arg('tree', 0);
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

interface Call {
  what: string;
  sent: number;
  back: number;
  worker?: [number, number];
}
let calls: Call[] = [];
/** The API thread's GC pauses (ms) since the last reset. */
let gcPauses: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push(entry.duration);
}).observe({ entryTypes: ['gc'] });
let lastWorker: [number, number] | undefined;
(globalThis as { __pgliteTiming?: (t: number[]) => void }).__pgliteTiming = (t) => {
  const shift = t[2]! - performance.timeOrigin;
  lastWorker = [t[0]! + shift, t[1]! + shift];
};

function wrap(client: Record<string, unknown>, name: string, label: (args: unknown[]) => string) {
  const original = client[name] as (...args: unknown[]) => Promise<unknown>;
  client[name] = async function (this: unknown, ...args: unknown[]) {
    const call: Call = { what: label(args), sent: performance.now(), back: 0 };
    calls.push(call);
    try {
      return await original.apply(this, args);
    } finally {
      call.back = performance.now();
      call.worker = lastWorker;
      lastWorker = undefined;
    }
  };
}

const firstWords = (args: unknown[]) => String(args[0]).replace(/\s+/g, ' ').trim().slice(0, 48);

/** CPU ms per booking: the main thread, PGlite's worker, the rest. */
function cpuPerBooking(before: ReturnType<typeof threadCpu>, count: number) {
  const { main, worker, rest } = cpuSince(before);
  return `CPU per booking: main ${(main / count).toFixed(2)} ms, worker ${(worker / count).toFixed(2)} ms, other threads ${(rest / count).toFixed(2)} ms`;
}

async function main() {
  const database = await openDatabase();
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const app = await benchApp(database);
  const { db } = app.ctx;
  const { user, w } = await benchOwner(app, 'trace@lager.test', 'Trace');
  // 20 000 locations (flat: a booking locks its location by id, the tree's shape does not matter to it),
  // article i at location i, and the first 1 000 articles at STANDARD too.
  const placed = (await articlesOnShelves(db, w, 19999, 1000)).slice(0, 1000);

  const session = await login(app, user.email);
  const book = async (i: number, withLocation: boolean) => {
    const [article, location] = placed[i % placed.length]!;
    await bookOneOut(session, article, withLocation ? location : undefined);
  };

  if (TREE) {
    const started = performance.now();
    for (let i = 0; i < TREE; i++) await session.get('/api/stock/locations');
    console.log(`tree listed ${TREE} times in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const name of ['query', 'exec']) wrap(client, name, firstWords);
  wrap(client, 'transaction', () => 'transaction(…)');

  for (const withLocation of [true, false, true, false]) {
    for (let i = 0; i < 20; i++) await book(i, withLocation); // warm
    calls = [];
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      const start = performance.now();
      await book(i * 7 + 3, withLocation);
      times.push(performance.now() - start);
    }
    const byWhat = new Map<string, Call[]>();
    for (const call of calls) byWhat.set(call.what, [...(byWhat.get(call.what) ?? []), call]);
    console.log(
      `\n${withLocation ? 'WITH location' : 'no location'}: ${N} bookings one at a time, request p50 ${pct(times, 0.5).toFixed(2)} ms, ` +
        `${(calls.length / N).toFixed(2)} worker calls per request`,
    );
    for (const [what, list] of byWhat) {
      const timedCalls = list.filter((c) => c.worker);
      const mean = (f: (c: Call) => number, l = timedCalls) =>
        (l.reduce((s, c) => s + f(c), 0) / (l.length || 1)).toFixed(3);
      console.log(
        `  ${(list.length / N).toFixed(2)}× ${what.padEnd(50)} call ${mean((c) => c.back - c.sent, list)} ms` +
          (timedCalls.length
            ? ` = hop ${mean((c) => c.worker![0] - c.sent)} + worker ${mean((c) => c.worker![1] - c.worker![0])} + back ${mean((c) => c.back - c.worker![1])}`
            : ''),
      );
    }
  }

  for (const withLocation of [true, false, true, false]) {
    const times: number[] = [];
    calls = [];
    const cpuBefore = threadCpu();
    gcPauses = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, c) => {
        for (let i = 0; i < Math.ceil(N / 2); i++) {
          const start = performance.now();
          await book(c * 7919 + i * 104_729, withLocation);
          times.push(performance.now() - start);
        }
      }),
    );
    const inWorker = calls.filter((c) => c.worker).reduce((s, c) => s + c.worker![1] - c.worker![0], 0);
    console.log(
      `10 clients ${withLocation ? 'WITH location' : 'no location'}: p50 ${pct(times, 0.5).toFixed(1)} p95 ${pct(times, 0.95).toFixed(1)} ms` +
        ` (${times.length} bookings; worker time summed over calls ${(inWorker / times.length).toFixed(2)} ms per booking; ${cpuPerBooking(cpuBefore, times.length)}; API thread GC ${gcPauses.length} pauses, ${gcPauses.reduce((a, b) => a + b, 0).toFixed(0)} ms, longest ${Math.max(0, ...gcPauses).toFixed(1)} ms)`,
    );
  }
  await app.close();
  await database.close();
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});

#!/usr/bin/env node
/**
 * CPU per request of each thread of the API on PGlite (bench/perf-notes/pglite.md), a measure the
 * load of other processes moves much less than latency:
 *
 *   node bench/perf-notes/pglite-threads.mjs [api/dist/server.js] [--requests 1500]
 *
 * Starts the compiled API (the given entry, e.g. a build of an older commit) on PGlite in a
 * temporary directory, makes the bench's warehouse (bench/lib/session.mjs) and sends each of the
 * bench's routes `--requests` times at 10 connections (autocannon), reading every thread's CPU
 * time from /proc/<pid>/task before and after (Linux). "main" is the event loop; "pglite" is the
 * busiest other thread named like the main one (the worker; absent on an in-process build).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startEntry } from '../lib/api-bench.mjs';
import { apiRoutes } from '../lib/api-load.mjs';
import { createBenchWarehouse } from '../lib/session.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stack = createRequire(import.meta.url)('../../scripts/stack.cjs');
const args = process.argv.slice(2);
const entry = path.resolve(args.find((a) => a.endsWith('.js')) ?? path.join(repoRoot, 'api/dist/server.js'));
const at = args.indexOf('--requests');
const REQUESTS = at >= 0 ? Number(args[at + 1]) : 1500;
const TICK_MS = 1000 / 100; // USER_HZ

/** { tid: { name, ms } } from /proc: utime + stime of every thread of the process. */
function threadCpu(pid) {
  const out = {};
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out[tid] = { name, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  }
  return out;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-pglite-threads-'));
  const appUrl = `http://127.0.0.1:${await stack.freePort()}`;
  const port = await stack.freePort();
  const env = { LOG_LEVEL: 'warn' };
  const { url, child, stop } = await startEntry(stack, entry, { port, dataDir, appUrl, origins: [appUrl], env });
  try {
    const setup = await createBenchWarehouse({ apiUrl: url, dataDir, origin: appUrl });
    console.log(`entry ${path.relative(repoRoot, entry)}, ${REQUESTS} requests per route at 10 connections`);
    console.log('route         main ms/req  pglite ms/req  process ms/req  p50/p99 ms  load');
    for (const route of apiRoutes(setup.warehouseId)) {
      const headers = {
        accept: 'application/json',
        'accept-language': 'en',
        origin: appUrl,
        ...(route.auth ? { cookie: setup.guest.cookieHeader } : {}),
      };
      await autocannon({ url: `${url}${route.path}`, headers, connections: 10, amount: 200 }); // warm-up
      const before = threadCpu(child.pid);
      const result = await autocannon({ url: `${url}${route.path}`, headers, connections: 10, amount: REQUESTS });
      const after = threadCpu(child.pid);
      const used = Object.fromEntries(
        Object.entries(after).map(([tid, t]) => [tid, { name: t.name, ms: t.ms - (before[tid]?.ms ?? 0) }]),
      );
      const main = used[child.pid].ms;
      const others = Object.entries(used).filter(
        ([tid, t]) => tid !== String(child.pid) && t.name === used[child.pid].name,
      );
      const pglite = Math.max(0, ...others.map(([, t]) => t.ms));
      const total = Object.values(used).reduce((sum, t) => sum + t.ms, 0);
      const per = (ms) => (ms / REQUESTS).toFixed(2).padStart(6);
      console.log(
        `${route.name.padEnd(13)} ${per(main)}       ${per(pglite)}         ${per(total)}          ${result.latency.p50}/${result.latency.p99}`.padEnd(
          72,
        ) + os.loadavg()[0].toFixed(1),
      );
    }
  } finally {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

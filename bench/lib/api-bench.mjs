/**
 * The API part of `npm run bench`: the API as `npm start` runs it (scripts/stack.cjs), on PGlite in
 * a temporary directory and, when a server is configured, on PostgreSQL; a warehouse with roles,
 * articles and a member who holds a non-owner role (bench/lib/session.mjs); every list route under
 * autocannon at 10 connections as that member; the process's memory at idle and after the load.
 *
 * PostgreSQL: LAGER_BENCH_POSTGRES_URL (a database of its own, e.g.
 * postgres://lager:lager@127.0.0.1:5432/lager_bench), else DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRoutes, loadTestApi } from './api-load.mjs';
import { createBenchWarehouse } from './session.mjs';
import { log, sleep } from './util.mjs';

const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory-probe.cjs');

export const postgresUrl = () => process.env.LAGER_BENCH_POSTGRES_URL || process.env.DATABASE_URL || '';

/** Clock ticks per second of /proc/<pid>/stat's CPU times (100 on Linux x86 and arm). */
const CLOCK_TICKS = 100;

/** The pids of `pid` and all its descendants (Linux /proc), e.g. the workers of API_WORKERS=2. */
function processTree(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const taskDir = `/proc/${out[i]}/task`;
    for (const task of fs.existsSync(taskDir) ? fs.readdirSync(taskDir) : []) {
      const children = fs.readFileSync(`${taskDir}/${task}/children`, 'utf8').trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    }
  }
  return out;
}

/** User + system CPU ms of the child processes below `pid` (not `pid` itself), from /proc; 0 elsewhere. */
function descendantsCpuMs(pid) {
  let ticks = 0;
  for (const p of processTree(pid).slice(1)) {
    try {
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/**
 * Asks the probe preloaded into the API child for process.memoryUsage() and its CPU time; with
 * API_WORKERS > 1 the child is the cluster primary, so the workers' CPU (from /proc) is added: the
 * CPU per request is then that of every API process together.
 */
async function readMemory(child, file) {
  const before = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  child.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    if (fs.existsSync(file) && fs.statSync(file).mtimeMs !== before) {
      const m = JSON.parse(fs.readFileSync(file, 'utf8'));
      return {
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        cpuMs: (m.cpu.user + m.cpu.system) / 1000 + descendantsCpuMs(child.pid),
      };
    }
  }
  return undefined;
}

/**
 * A/B runs: LAGER_BENCH_API_ENTRY=/path/server.js runs that compiled API (e.g. an older commit built with
 * api/scripts/build.mjs) with the environment scripts/stack.cjs gives the API, instead of the current build.
 */
export async function startEntry(stack, entry, { port, dataDir, appUrl, origins, env }) {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: path.dirname(entry),
    env: stack.apiEnvironment({ port, dataDir, appUrl, origins, env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with code ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(250);
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function benchOne({ stack, label, origins, appUrl, env, load }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lager-bench-api-${label}-`));
  const memoryFile = path.join(dataDir, 'memory.json');
  const port = await stack.freePort();
  const nodeOptions = [process.env.NODE_OPTIONS, `--require ${PROBE}`].filter(Boolean).join(' ');
  const apiEnv = { ...env, NODE_OPTIONS: nodeOptions, LAGER_BENCH_MEMORY_FILE: memoryFile, LOG_LEVEL: 'info' };
  const api = process.env.LAGER_BENCH_API_ENTRY
    ? await startEntry(stack, process.env.LAGER_BENCH_API_ENTRY, { port, dataDir, appUrl, origins, env: apiEnv })
    : await stack.startApi({ port, dataDir, appUrl, origins, seedDemo: false, quiet: true, env: apiEnv });
  try {
    const loadavg = { start: os.loadavg().map((x) => Number(x.toFixed(2))) };
    const started = Date.now();
    const setup = await createBenchWarehouse({ apiUrl: api.url, dataDir, origin: appUrl });
    log(`API ${label}: bench warehouse ready in ${Date.now() - started} ms`);
    const result = await loadTestApi({
      apiUrl: api.url,
      cookieHeader: setup.guest.cookieHeader,
      origin: appUrl,
      routes: apiRoutes(setup.warehouseId),
      memory: () => readMemory(api.child, memoryFile),
      ...load,
    });
    loadavg.end = os.loadavg().map((x) => Number(x.toFixed(2)));
    return {
      ...result,
      entry: process.env.LAGER_BENCH_API_ENTRY || 'api/dist/server.js',
      loadavg,
      as: 'member with a non-owner role (view_stock, book_goods, …)',
    };
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `{ pglite, postgres? }`; a failure of one database is that entry's `error`. */
export async function runApiBench({ stack, origins, appUrl, quick, onError }) {
  const load = quick ? { duration: 3, warmup: 1, rounds: 1 } : { duration: 5, warmup: 2, rounds: 3 };
  const out = {};
  const targets = [['pglite', {}]];
  if (postgresUrl()) {
    targets.push(['postgres', { DATABASE_URL: postgresUrl() }]);
    // Issue 28 "Scale across processes": the same routes with API_WORKERS=2 (node's cluster) on the same server.
    targets.push(['postgres-2-workers', { DATABASE_URL: postgresUrl(), API_WORKERS: '2' }]);
  }
  for (const [label, env] of targets) {
    log(`API load (${label})…`);
    try {
      out[label] = await benchOne({ stack, label, origins, appUrl, env, load });
    } catch (error) {
      log(`API load (${label}) failed: ${error.stack ?? error}`);
      onError?.({ step: `API load (${label})`, message: String(error.message ?? error) });
    }
  }
  return out;
}

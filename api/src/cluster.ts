import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config';
import { resolveAppKey } from './config';

/** A worker that lived at least this long before it died starts the back-off afresh. */
const STEADY_MS = 10_000;
/** The wait before a worker that died quickly is replaced: doubled for each quick death in a row. */
const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 30_000;

/**
 * API_WORKERS > 1 (PostgreSQL only, checked by the config): this process forks the workers and
 * serves nothing itself; node's cluster hands the port's connections to the workers in turn.
 * The first worker starts alone (it migrates the schema and seeds the demo data), the others
 * follow once it listens. Every worker signs with the same APP_KEY, so a session or a signed
 * link made by one is good at every other. Only a worker that exits with an error code before it
 * listens (a misconfiguration, not retried forever) stops the whole server with its exit code.
 * Any other death is replaced: one killed by a signal (kill -9, the OOM killer) even seconds after
 * its start, one that crashed later; quick deaths in a row wait longer each time (issue 37).
 */
export async function runPrimary(config: ServerConfig, log: (line: string) => void): Promise<void> {
  const env = { APP_KEY: resolveAppKey(config.dataDir, config.appKey) };
  let closing = false;
  const started = new Map<Worker, number>();
  /** Quick deaths in a row, per worker slot. */
  const quickDeaths = new Map<number, number>();

  const fork = (index: number, seed: boolean) => {
    const worker = cluster.fork({ ...env, LAGER_WORKER_INDEX: String(index), SEED_DEMO: seed ? '1' : '0' });
    let listening = false;
    worker.once('listening', () => {
      listening = true;
    });
    started.set(worker, Date.now());
    worker.on('exit', (code, signal) => {
      const lived = Date.now() - (started.get(worker) ?? 0);
      started.delete(worker);
      if (closing) {
        if (started.size === 0) process.exit(0);
        return;
      }
      if (!listening && signal === null && code !== 0) {
        log(`worker ${index} failed at start-up (exit ${code}); stopping`);
        closing = true;
        for (const other of started.keys()) other.kill('SIGTERM');
        process.exitCode = code ?? 1;
        if (started.size === 0) process.exit(process.exitCode);
        return;
      }
      const quick = lived < STEADY_MS ? (quickDeaths.get(index) ?? 0) + 1 : 0;
      quickDeaths.set(index, quick);
      const wait = quick ? Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (quick - 1)) : 0;
      log(`worker ${index} ended (${signal ?? `exit ${code}`}); starting a new one${wait ? ` in ${wait} ms` : ''}`);
      setTimeout(() => {
        if (!closing) fork(index, false);
      }, wait);
    });
    return worker;
  };

  const first = fork(1, config.seedDemo);
  await new Promise<void>((resolve) => first.once('listening', () => resolve()));
  for (let index = 2; index <= config.workers; index++) fork(index, false);

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal}: stopping ${started.size} workers`);
    for (const worker of started.keys()) worker.kill('SIGTERM');
    // Every worker may be waiting out its back-off: nothing left to stop.
    if (started.size === 0) process.exit(0);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

export const isPrimary = () => cluster.isPrimary;

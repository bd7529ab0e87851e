import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config';
import { resolveAppKey } from './config';

/** A worker that dies this soon after starting is failing at start-up, not crashing at random. */
const START_FAILURE_MS = 10_000;

/**
 * API_WORKERS > 1 (PostgreSQL only, checked by the config): this process forks the workers and
 * serves nothing itself; node's cluster hands the port's connections to the workers in turn.
 * The first worker starts alone (it migrates the schema and seeds the demo data), the others
 * follow once it listens. Every worker signs with the same APP_KEY, so a session or a signed
 * link made by one is good at every other. A worker that dies is replaced; one that cannot
 * start stops the whole server with its exit code, so a misconfiguration is not retried forever.
 */
export async function runPrimary(config: ServerConfig, log: (line: string) => void): Promise<void> {
  const env = { APP_KEY: resolveAppKey(config.dataDir, config.appKey) };
  let closing = false;
  const started = new Map<Worker, number>();

  const fork = (index: number, seed: boolean) => {
    const worker = cluster.fork({ ...env, LAGER_WORKER_INDEX: String(index), SEED_DEMO: seed ? '1' : '0' });
    started.set(worker, Date.now());
    worker.on('exit', (code, signal) => {
      const lived = Date.now() - (started.get(worker) ?? 0);
      started.delete(worker);
      if (closing) {
        if (started.size === 0) process.exit(0);
        return;
      }
      if (lived < START_FAILURE_MS && code !== 0) {
        log(`worker ${index} failed at start-up (exit ${code ?? signal}); stopping`);
        closing = true;
        for (const other of started.keys()) other.kill('SIGTERM');
        process.exitCode = code ?? 1;
        if (started.size === 0) process.exit(process.exitCode);
        return;
      }
      log(`worker ${index} ended (exit ${code ?? signal}); starting a new one`);
      fork(index, false);
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
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

export const isPrimary = () => cluster.isPrimary;

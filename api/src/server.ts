import { isPrimary, runPrimary } from './cluster';
import { ConfigError, configFromEnv } from './config';
import { DatabaseUnavailableError } from './platform/db/client';
import { DataDirLockedError } from './platform/db/data-dir-lock';
import { PRIVATE_DIR_MODE } from './platform/fs/private-dir';
import { startServer } from './start';

/** Start-up failures the operator can fix: one line each, no stack trace. */
function explain(err: unknown): string[] | null {
  if (err instanceof ConfigError) return err.problems;
  if (err instanceof DatabaseUnavailableError || err instanceof DataDirLockedError) return [err.message];
  return null;
}

/** `npm run start -w api`: validated configuration from the environment, pino logs, graceful shutdown. */
async function main() {
  // Everything this process creates (PGlite files, app key, outbox mails) is for its owner only.
  process.umask(0o777 & ~PRIVATE_DIR_MODE);
  const config = configFromEnv();
  if (config.workers > 1 && isPrimary()) {
    console.log(`Lager API: ${config.workers} workers on port ${config.port} (PostgreSQL)`);
    await runPrimary(config, (line) => console.log(`Lager API: ${line}`));
    return;
  }
  const server = await startServer({
    ...config,
    logger: { level: config.logLevel },
  });
  const { app } = server;
  app.log.info(
    { url: server.url, database: app.ctx.database.kind, outbox: server.outboxDir ?? 'smtp' },
    'Lager API listening',
  );
  if (server.demo) {
    app.log.info({ logins: server.demo.logins, password: server.demo.password }, 'demo data seeded');
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  const lines = explain(err);
  if (lines) for (const line of lines) console.error(`Lager API not started: ${line}`);
  else console.error(err);
  process.exit(1);
});

import { configFromEnv } from './config';
import { startServer } from './start';

/** `npm run start -w api`: configuration from the environment, pino logs, graceful shutdown. */
async function main() {
  const config = configFromEnv();
  const server = await startServer({
    ...config,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
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
  console.error(err);
  process.exit(1);
});

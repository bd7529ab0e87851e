import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from './app';
import { API_ROOT, resolveAppKey } from './config';
import { type DemoLogins, seedDemo } from './demo-data';
import { createOutboxTransport, createSmtpTransport, type MailTransport } from './platform/mail/transport';

export interface StartOptions extends Omit<BuildAppOptions, 'database' | 'mail'> {
  /** 0 picks a free port. Default 8000. */
  port?: number;
  host?: string;
  /** PGlite data, the generated APP_KEY and the default outbox live here. Default `<api>/data`. */
  dataDir?: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** Default `<dataDir>/outbox`; ignored when smtpUrl is set. */
  outboxDir?: string;
  /** Seed the demo data when the database has no users yet. */
  seedDemo?: boolean;
  /** NODE_ENV=production: no public OpenAPI document or docs UI. */
  production?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  /** Where mails are written (undefined when SMTP is used); read them with `readOutbox`. */
  outboxDir?: string;
  demo: DemoLogins | null;
  close(): Promise<void>;
}

/** Starts the API in this process (used by server.ts, e2e tests and the bench). */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const {
    port = 8000,
    host = '127.0.0.1',
    databaseUrl,
    smtpUrl,
    mailFrom,
    seedDemo: seed,
    production,
    ...rest
  } = options;
  const dataDir = options.dataDir ?? join(API_ROOT, 'data');
  const outboxDir = smtpUrl ? undefined : (options.outboxDir ?? join(dataDir, 'outbox'));
  let log: FastifyInstance['log'] | undefined;
  const mail: MailTransport = smtpUrl
    ? createSmtpTransport(smtpUrl, mailFrom ?? 'Lager <no-reply@lager.local>')
    : createOutboxTransport(outboxDir!, (msg, file) => log?.info({ file }, msg));
  const app = await buildApp({
    scheduleJobs: true,
    docs: !production,
    ...rest,
    appKey: resolveAppKey(dataDir, options.appKey),
    database: databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'pglite') },
    mail,
  });
  log = app.log;
  const demo = seed ? await seedDemo(app) : null;
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    app,
    outboxDir,
    demo,
    close: () => app.close(),
  };
}

import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomToken } from './services/tokens';

/** The api package folder: DATA_DIR defaults to `<api>/data` whatever the working directory. */
export const API_ROOT = resolve(__dirname, '..');

const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004].flatMap((port) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
]);

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appUrl: string;
  appKey?: string;
  frontendOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  outboxDir?: string;
  seedDemo: boolean;
  trustProxy: boolean;
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Reads the environment. Relative DATA_DIR / MAIL_OUTBOX_DIR are taken from the working directory. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = env.DATA_DIR ? resolve(env.DATA_DIR) : join(API_ROOT, 'data');
  return {
    port: Number(env.PORT ?? 8000),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    appUrl: env.APP_URL ?? 'http://127.0.0.1:3000',
    appKey: env.APP_KEY || undefined,
    frontendOrigins: list(env.FRONTEND_ORIGINS) ?? DEV_ORIGINS,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Lager <no-reply@lager.local>',
    outboxDir: env.MAIL_OUTBOX_DIR ? resolve(env.MAIL_OUTBOX_DIR) : undefined,
    seedDemo: ['1', 'true', 'yes'].includes((env.SEED_DEMO ?? '').toLowerCase()),
    trustProxy: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').toLowerCase()),
  };
}

/** APP_KEY from the environment, else the one stored in DATA_DIR, else a new one stored there. */
export function resolveAppKey(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomToken(32);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

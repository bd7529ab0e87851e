import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { API_PORT, devPorts, SHELL_PORT } from '@lager/deployment/federation-apps.cjs';
import { type Static, Type } from '@sinclair/typebox';
import envSchema from 'env-schema';
import type { RateLimits } from './platform/context';
import { ensurePrivateDir } from './platform/fs/private-dir';
import { API_ROOT } from './platform/paths';
import { randomToken } from './platform/security/tokens';

export { API_ROOT };

/** In development every app's dev server (shell and each section, from their section.json) may call the API. */
const DEV_ORIGINS = Object.values(devPorts).flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

/** Shortest APP_KEY accepted in production: it signs verification links. */
const APP_KEY_MIN_PRODUCTION = 32;
/** Shortest operator token accepted (guarded-rollout spec §2). */
const OPERATOR_TOKEN_MIN = 32;
/** More processes than this only queue for the same cores and database connections. */
const MAX_WORKERS = 32;

/**
 * Fastify's `trustProxy`: the addresses/CIDRs of the proxies in front. Not a hop count: Fastify
 * refuses those (a count cannot tell the proxy from a client that adds enough X-Forwarded-For).
 */
type TrustProxy = false | string[];

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
  trustProxy: TrustProxy;
  production: boolean;
  logLevel: string;
  /** OPERATOR_EMAILS, lower case: verified users with these e-mails are operators. */
  operatorEmails: string[];
  /** LAGER_OPERATOR_TOKEN: the rollout guard's bearer token (none: no bearer access). */
  operatorToken?: string;
  /** API_WORKERS: processes serving the port (node's cluster); more than 1 only on PostgreSQL. */
  workers: number;
  /** DIGEST_POLL_MS: how often each process runs the low-stock digest queue. */
  digestPollMs: number;
  /** TELEMETRY_SIGNED_IN_ONLY: only beacons with a valid session count for the rollout guard. */
  telemetrySignedInOnly: boolean;
  /** Limits changed from their defaults (TELEMETRY_BATCHES_PER_MINUTE, TELEMETRY_PAGES_PER_MINUTE, …). */
  rateLimits?: Partial<RateLimits>;
}

/**
 * The environment the API reads, as a schema (env-schema validates it with Ajv). Each
 * variable has a sentence saying what is expected: a problem is reported as one line
 * `NAME="value": expected …`, every problem at once, before anything is opened.
 */
const HTTP_URL = '^https?://[^/\\s?#@]+(/\\S*)?$';
const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65_535, default: API_PORT }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  NODE_ENV: Type.Optional(Type.String()),
  APP_URL: Type.String({ pattern: HTTP_URL, default: `http://127.0.0.1:${SHELL_PORT}` }),
  APP_KEY: Type.Optional(Type.String({ minLength: 16 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://[^/\\s?#]*[^/\\s?#@:]' })),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^/\\s?#]*[^/\\s?#@:]' })),
  MAIL_FROM: Type.String({ minLength: 3, default: 'Lager <no-reply@lager.local>' }),
  MAIL_OUTBOX_DIR: Type.Optional(Type.String()),
  FRONTEND_ORIGINS: Type.Optional(Type.String()),
  SEED_DEMO: Type.Optional(Type.String({ pattern: '^(1|0|true|false|yes|no)$' })),
  TRUST_PROXY: Type.Optional(Type.String()),
  LOG_LEVEL: Type.String({ pattern: '^(fatal|error|warn|info|debug|trace|silent)$', default: 'info' }),
  OPERATOR_EMAILS: Type.Optional(
    Type.String({ pattern: '^\\s*[^\\s,@]+@[^\\s,@]+(\\s*,\\s*[^\\s,@]+@[^\\s,@]+)*\\s*,?\\s*$' }),
  ),
  LAGER_OPERATOR_TOKEN: Type.Optional(Type.String({ minLength: OPERATOR_TOKEN_MIN, pattern: '^\\S+$' })),
  API_WORKERS: Type.Integer({ minimum: 1, maximum: MAX_WORKERS, default: 1 }),
  TELEMETRY_BATCHES_PER_MINUTE: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  TELEMETRY_PAGES_PER_MINUTE: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  TELEMETRY_PERSON_PAGES_PER_MINUTE: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  TELEMETRY_SIGNED_IN_ONLY: Type.Optional(Type.String({ pattern: '^(1|0|true|false|yes|no)$' })),
  DIGEST_POLL_MS: Type.Integer({ minimum: 50, maximum: 3_600_000, default: 60_000 }),
});
type Env = Static<typeof EnvSchema>;

const EXPECTED: Record<keyof Env, string> = {
  PORT: 'a port number 0-65535',
  HOST: 'an interface address such as 127.0.0.1',
  NODE_ENV: 'production, development or test',
  APP_URL: 'the absolute http(s) URL of the web app, e.g. https://lager.example (links in mails start with it)',
  APP_KEY: 'a random secret of at least 16 characters (32 in production)',
  DATABASE_URL: 'a PostgreSQL URL postgres://user:password@host:5432/database',
  DATA_DIR: 'a writable directory',
  SMTP_URL: 'an SMTP URL smtp(s)://user:password@host:port',
  MAIL_FROM: 'a sender such as "Lager <no-reply@lager.example>"',
  MAIL_OUTBOX_DIR: 'a writable directory',
  FRONTEND_ORIGINS: 'comma-separated origins such as https://lager.example',
  SEED_DEMO: '1 or 0',
  TRUST_PROXY:
    'the addresses of the proxies in front, e.g. 127.0.0.1 or 10.0.0.0/8,::1 (not true or a count: anyone could claim any address)',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  OPERATOR_EMAILS: 'comma-separated e-mail addresses such as ops@lager.example,lead@lager.example',
  LAGER_OPERATOR_TOKEN: `a random secret of at least ${OPERATOR_TOKEN_MIN} characters without spaces`,
  API_WORKERS: `a number of processes from 1 to ${MAX_WORKERS}`,
  TELEMETRY_BATCHES_PER_MINUTE:
    'a whole number 1-1000000 (telemetry beacons per client address and minute; default 120)',
  TELEMETRY_PAGES_PER_MINUTE:
    'a whole number 1-1000000 (pages and error pages one client adds per section version and minute; default 30)',
  TELEMETRY_PERSON_PAGES_PER_MINUTE:
    'a whole number 1-1000000 (pages of one version a minute a person loads; a client above it is left out of the rollout guard’s figures; default 3)',
  TELEMETRY_SIGNED_IN_ONLY: '1 or 0 (1: only beacons with a valid session count for the rollout guard)',
  DIGEST_POLL_MS: 'milliseconds from 50 to 3600000 between two runs of the low-stock digest queue (default 60000)',
};

/** Thrown with every problem found; `server.ts` prints one line each and exits. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const shown = (value: unknown) => (value === undefined ? '(missing)' : JSON.stringify(value));
const problem = (name: keyof Env, value: unknown, expected = EXPECTED[name]) =>
  `${name}=${shown(value)}: expected ${expected}`;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const CIDR = /^(.+)\/(\d{1,3})$/;
function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (!value || ['0', 'false', 'no'].includes(value)) return false;
  const entries = list(value) ?? [];
  const valid = entries.every((entry) => {
    const cidr = CIDR.exec(entry);
    return cidr ? isIP(cidr[1]!) !== 0 && Number(cidr[2]) <= 128 : isIP(entry) !== 0 || entry === 'loopback';
  });
  return valid && entries.length > 0 ? entries : null;
}

/** Ajv's `/PORT` → `PORT`; `required` names the property in its params. */
function variableOf(error: { instancePath: string; params: Record<string, unknown> }): keyof Env {
  const name = error.instancePath.replace(/^\//, '') || String(error.params.missingProperty ?? '');
  return name as keyof Env;
}

/**
 * Reads and validates the environment. Relative DATA_DIR / MAIL_OUTBOX_DIR are taken from the
 * working directory. Empty values count as unset, except PORT (an empty port is a mistake).
 * Throws ConfigError listing every problem; DATA_DIR is created (0700) to prove it is writable.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const data: Record<string, string> = {};
  for (const name of Object.keys(EXPECTED)) {
    const value = env[name];
    if (value !== undefined && (value !== '' || name === 'PORT')) data[name] = value;
  }
  const problems: string[] = [];
  let parsed = data as unknown as Env;
  try {
    parsed = envSchema<Env>({ schema: EnvSchema, data, env: false });
  } catch (err) {
    const errors = (err as { errors?: { instancePath: string; params: Record<string, unknown> }[] }).errors ?? [];
    const names = new Set(errors.map(variableOf));
    for (const name of names) problems.push(problem(name, data[name]));
    // Keep checking what was valid so every problem is reported in one go.
    for (const name of names) delete (parsed as Record<string, unknown>)[name];
  }

  const production = parsed.NODE_ENV === 'production';
  const appKey = parsed.APP_KEY;
  if (production && appKey !== undefined && appKey.length < APP_KEY_MIN_PRODUCTION) {
    problems.push(
      `APP_KEY: expected at least ${APP_KEY_MIN_PRODUCTION} characters in production (got ${appKey.length})`,
    );
  }
  if (parsed.API_WORKERS > 1 && !parsed.DATABASE_URL) {
    problems.push(
      `API_WORKERS=${parsed.API_WORKERS}: expected 1 with the embedded database (one process owns PGlite); set DATABASE_URL to a PostgreSQL server to run several workers`,
    );
  }
  const trustProxy = parseTrustProxy(parsed.TRUST_PROXY);
  if (trustProxy === null) problems.push(problem('TRUST_PROXY', parsed.TRUST_PROXY));

  const dataDir = parsed.DATA_DIR ? resolve(parsed.DATA_DIR) : join(API_ROOT, 'data');
  // Only PGlite, the generated APP_KEY and the outbox live there; with PostgreSQL + SMTP + APP_KEY it is unused.
  if (!parsed.DATABASE_URL || !parsed.SMTP_URL || !appKey) {
    const failure = ensurePrivateDir(dataDir);
    if (failure) problems.push(`DATA_DIR=${shown(dataDir)}: expected a writable directory (${failure})`);
  }
  const outboxDir = parsed.MAIL_OUTBOX_DIR ? resolve(parsed.MAIL_OUTBOX_DIR) : undefined;
  if (outboxDir && !parsed.SMTP_URL) {
    const failure = ensurePrivateDir(outboxDir);
    if (failure) problems.push(`MAIL_OUTBOX_DIR=${shown(outboxDir)}: expected a writable directory (${failure})`);
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    appUrl: parsed.APP_URL.replace(/\/$/, ''),
    appKey,
    frontendOrigins: list(parsed.FRONTEND_ORIGINS) ?? DEV_ORIGINS,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    outboxDir,
    seedDemo: ['1', 'true', 'yes'].includes(parsed.SEED_DEMO ?? ''),
    trustProxy: trustProxy ?? false,
    production,
    logLevel: parsed.LOG_LEVEL,
    operatorEmails: (list(parsed.OPERATOR_EMAILS) ?? []).map((email) => email.toLowerCase()),
    operatorToken: parsed.LAGER_OPERATOR_TOKEN,
    workers: parsed.API_WORKERS ?? 1,
    digestPollMs: parsed.DIGEST_POLL_MS ?? 60_000,
    telemetrySignedInOnly: ['1', 'true', 'yes'].includes(parsed.TELEMETRY_SIGNED_IN_ONLY ?? ''),
    ...((parsed.TELEMETRY_BATCHES_PER_MINUTE !== undefined ||
      parsed.TELEMETRY_PAGES_PER_MINUTE !== undefined ||
      parsed.TELEMETRY_PERSON_PAGES_PER_MINUTE !== undefined) && {
      rateLimits: {
        ...(parsed.TELEMETRY_BATCHES_PER_MINUTE !== undefined && {
          telemetryBatches: { max: parsed.TELEMETRY_BATCHES_PER_MINUTE, windowMs: 60_000 },
        }),
        ...(parsed.TELEMETRY_PAGES_PER_MINUTE !== undefined && {
          telemetryPages: { max: parsed.TELEMETRY_PAGES_PER_MINUTE, windowMs: 60_000 },
        }),
        ...(parsed.TELEMETRY_PERSON_PAGES_PER_MINUTE !== undefined && {
          telemetryPersonPages: { max: parsed.TELEMETRY_PERSON_PAGES_PER_MINUTE, windowMs: 60_000 },
        }),
      },
    }),
  };
}

/** APP_KEY from the environment, else the one stored in DATA_DIR, else a new one stored there. */
export function resolveAppKey(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const failure = ensurePrivateDir(dataDir);
  if (failure) throw new ConfigError([`DATA_DIR=${shown(dataDir)}: expected a writable directory (${failure})`]);
  const key = randomToken(32);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

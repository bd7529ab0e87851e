import { basename } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/platform/db/client';
import { createMemoryTransport, type OutboxMail } from '../src/platform/mail/transport';
import { users } from '../src/platform/tenancy/tables';
import { TEMPLATE_ENV } from './pglite-template';

/** Cheap argon2 for tests only; production always hashes with the OWASP parameters. */
export const TEST_HASH = { memoryCost: 256, timeCost: 1, parallelism: 1 };
export const PASSWORD = 'secret-password';
const GENEROUS = { max: 10_000, windowMs: 60_000 };
export const GENEROUS_LIMITS = {
  login: GENEROUS,
  register: GENEROUS,
  checkEmail: GENEROUS,
  forgotPassword: GENEROUS,
  verificationNotification: GENEROUS,
};

/**
 * One database per test file: in-memory PGlite (started from the run's migrated template when
 * Jest's globalSetup made one, pglite-template.ts), or (TEST_DATABASE_URL) a PostgreSQL schema
 * named after the file, dropped first so every run starts empty. `poolSize`: PostgreSQL
 * connections (a burst test wants as many as it sends at once, so the requests really run side by side).
 */
export async function openTestDatabase(file: string, { poolSize = 4 } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ loadDataDir: process.env[TEMPLATE_ENV] });
  const schema = `test_${basename(file).replace(/\W+/g, '_').toLowerCase()}`;
  const { Pool } = await import('pg');
  const admin = new Pool({ connectionString: url, max: 1 });
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  return openDatabase({ url, schema, poolSize });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  sent: OutboxMail[];
}

export async function buildTestApp(database: Database, options: BuildAppOptions = {}): Promise<TestApp> {
  const mail = createMemoryTransport();
  const app = await buildApp({
    database,
    appKey: 'test-app-key',
    appUrl: 'http://web.test',
    frontendOrigins: ['http://web.test'],
    mail,
    hashOptions: TEST_HASH,
    rateLimits: GENEROUS_LIMITS,
    docs: false,
    ...options,
  });
  await app.ready();
  return { app, database, sent: mail.sent };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.test`;

/** Inserts a user directly (faster than register + verify); verified unless told otherwise. */
type UserOptions = { email?: string; name?: string; verified?: boolean };

export async function createUser(app: FastifyInstance, options: UserOptions = {}) {
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      name: options.name ?? 'Test User',
      email: options.email ?? uniqueEmail(),
      password: await app.ctx.passwords.hash(PASSWORD),
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning();
  return user!;
}

/** A browser stand-in: keeps cookies between calls and sends the XSRF header on writes. */
export class Client {
  cookies = new Map<string, string>();
  lang: 'de' | 'en' = 'en';

  constructor(readonly app: FastifyInstance) {}

  async request(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const write = !['GET', 'HEAD'].includes(String(method));
    if (write && !this.cookies.has('XSRF-TOKEN')) await this.csrf();
    const res = await this.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: {
        'accept-language': this.lang,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(write ? { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' } : {}),
        ...headers,
      },
    });
    this.store(res);
    return res;
  }

  store(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string }[]) this.cookies.set(c.name, c.value);
  }

  csrf = () => this.request('GET', '/sanctum/csrf-cookie');
  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body ?? {});
  delete = (url: string, body?: unknown) => this.request('DELETE', url, body ?? {});

  async login(email: string, password = PASSWORD) {
    const res = await this.post('/api/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}

/** A verified user, logged in on a fresh client. */
export async function loggedIn(app: FastifyInstance, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, options);
  const client = new Client(app);
  await client.login(user.email);
  return { user, client };
}

export async function createWarehouse(client: Client, name = `Lager ${++counter}`) {
  const res = await client.post('/api/admin/warehouse', { name, industry_id: 1, usage_id: 1 });
  if (res.statusCode !== 201) throw new Error(`create warehouse failed: ${res.statusCode} ${res.body}`);
  return res.json().warehouse as { id: number; name: string };
}

/** What `useTestApp` opens: `poolSize` for the database (see openTestDatabase), the rest for the app. */
export type TestAppOptions = BuildAppOptions & { poolSize?: number };

/**
 * The usual set-up of a test file (or describe block): its own database and app, opened before its
 * tests and closed after them. `assign` receives them (e.g. `(t) => ({ app, database } = t)`) and may go on
 * preparing (async).
 */
export function useTestApp(file: string, assign: (t: TestApp) => unknown, options: TestAppOptions = {}): void {
  const { poolSize, ...appOptions } = options;
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await buildTestApp(await openTestDatabase(file, { poolSize }), appOptions);
    await assign(opened);
  });
  afterAll(async () => {
    await opened?.app.close();
    await opened?.database.close();
  });
}

export interface OwnerApp extends TestApp {
  /** A verified user, logged in, who owns the warehouses. */
  owner: Client;
  ownerId: number;
  /** The owner's current warehouse: the last of `warehouses`. */
  warehouseId: number;
  /** The first of `warehouses` (the same as warehouseId when there is one). */
  firstWarehouseId: number;
}

/**
 * useTestApp plus what most API tests start from: a logged-in owner (`owner`: createUser's options,
 * e.g. the name) and their `warehouses` (by name, created in order; one by default), e.g.
 * `useOwnerApp(__filename, (t) => ({ app, owner, warehouseId } = t))`.
 */
export function useOwnerApp(
  file: string,
  assign: (t: OwnerApp) => unknown,
  options: TestAppOptions & { owner?: UserOptions; warehouses?: string[] } = {},
): void {
  const { owner, warehouses = [undefined], ...appOptions } = options;
  useTestApp(
    file,
    async (t) => {
      const { user, client } = await loggedIn(t.app, owner);
      const ids: number[] = [];
      for (const name of warehouses) ids.push((await createWarehouse(client, name)).id);
      await assign({ ...t, owner: client, ownerId: user.id, warehouseId: ids.at(-1)!, firstWarehouseId: ids[0]! });
    },
    appOptions,
  );
}

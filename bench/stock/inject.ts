/**
 * The stock bench's API in process (`app.inject`, the whole Fastify stack without sockets): the app,
 * a warehouse owner and their logged-in session. Shared by bench/stock/run.ts and
 * bench/perf-notes/pglite-booking-trace.ts.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Database, memberships, users, warehouses } from '../../api/src/index';

// drizzle-orm is the API workspace's dependency: resolve it from there.
const apiRequire = createRequire(resolve(__dirname, '../../api/package.json'));
export const { sql } = apiRequire('drizzle-orm') as typeof import('../../api/node_modules/drizzle-orm');

const PASSWORD = 'bench-password';

/** A logged-in session for inject: cookies + XSRF header. */
export async function login(app: FastifyInstance, email: string) {
  const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  let cookies = Object.fromEntries(csrf.cookies.map((c) => [c.name, c.value]));
  const header = () =>
    Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: PASSWORD },
    headers: { cookie: header(), 'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  cookies = { ...cookies, ...Object.fromEntries(res.cookies.map((c) => [c.name, c.value])) };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie: header(), 'accept-language': 'en' } }),
    post: (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url,
        payload: payload as string,
        headers: { cookie: header(), 'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '', ...headers },
      }),
    cookieHeader: header,
  };
}

/** The API in process, ready, with cheap password hashing and no logs. */
export async function benchApp(database: Database) {
  const app = await buildApp({
    database,
    docs: false,
    hashOptions: { memoryCost: 256, timeCost: 1, parallelism: 1 },
    logger: false,
  });
  await app.ready();
  return app;
}

/** A verified owner (role 1) of a new warehouse, looking at it. */
export async function benchOwner(app: FastifyInstance, email: string, warehouseName: string) {
  const { db } = app.ctx;
  const [user] = await db
    .insert(users)
    .values({ name: 'Bench', email, password: await app.ctx.passwords.hash(PASSWORD), emailVerifiedAt: new Date() })
    .returning();
  const [warehouse] = await db
    .insert(warehouses)
    .values({ name: warehouseName, industryId: 1, usageId: 1, ownerId: user!.id })
    .returning();
  await db.insert(memberships).values({ userId: user!.id, warehouseId: warehouse!.id, roleId: 1 });
  await db.execute(sql`UPDATE users SET current_warehouse_id = ${warehouse!.id} WHERE id = ${user!.id}`);
  return { user: user!, w: warehouse!.id };
}

/**
 * The stock bench's API in process (`app.inject`, the whole Fastify stack without sockets): the app,
 * a warehouse owner and their logged-in session. Shared by bench/stock/run.ts and
 * bench/perf-notes/pglite-booking-trace.ts.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Database, memberships, openDatabase, users, warehouses } from '../../api/src/index';

// drizzle-orm is the API workspace's dependency: resolve it from there.
const apiRequire = createRequire(resolve(__dirname, '../../api/package.json'));
export const { sql } = apiRequire('drizzle-orm') as typeof import('../../api/node_modules/drizzle-orm');
/** node-postgres, the API workspace's dependency too. */
export const pg = apiRequire('pg') as typeof import('pg');

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

/**
 * `count` articles at `count` shelves (article i at shelf i, 1 000 000 000 each) and STANDARD, where the first
 * `atStandard` articles lie too; analyzed. Returns [article, shelf] in article order. Shared by the booking
 * traces in bench/perf-notes.
 */
export async function articlesOnShelves(
  db: FastifyInstance['ctx']['db'],
  w: number,
  count: number,
  atStandard = count,
): Promise<(readonly [number, number])[]> {
  await db.execute(sql`INSERT INTO stock_locations (warehouse_id, code) VALUES (${w}, 'STANDARD')`);
  await db.execute(sql`INSERT INTO stock_locations (warehouse_id, code, name)
    SELECT ${w}, 'L-' || i, 'Shelf ' || i FROM generate_series(1, ${count}::int) i`);
  await db.execute(sql`INSERT INTO stock_articles (warehouse_id, sku, name, unit, quantity)
    SELECT ${w}, 'LOC-' || i, 'Location article ' || i, 'pcs', 2000000000 FROM generate_series(1, ${count}::int) i`);
  await db.execute(sql`INSERT INTO stock_location_quantities (location_id, article_id, warehouse_id, quantity)
    SELECT l.id, a.id, ${w}, 1000000000 FROM stock_locations l
    JOIN stock_articles a ON a.warehouse_id = ${w} AND 'LOC-' || substr(l.code, 3) = a.sku WHERE l.warehouse_id = ${w}`);
  await db.execute(sql`INSERT INTO stock_location_quantities (location_id, article_id, warehouse_id, quantity)
    SELECT (SELECT id FROM stock_locations WHERE warehouse_id = ${w} AND code = 'STANDARD'), a.id, ${w}, 1000000000
    FROM stock_articles a WHERE a.warehouse_id = ${w} ORDER BY a.id LIMIT ${atStandard}::int`);
  await db.execute(sql`ANALYZE`);
  const { rows } = (await db.execute(sql`SELECT q.article_id, q.location_id FROM stock_location_quantities q
    JOIN stock_locations l ON l.id = q.location_id AND l.code <> 'STANDARD'
    WHERE q.warehouse_id = ${w} ORDER BY q.article_id`)) as unknown as {
    rows: { article_id: number; location_id: number }[];
  };
  return rows.map((r) => [Number(r.article_id), Number(r.location_id)] as const);
}

/** Goods-out of 1 (a sale) with a fresh Idempotency-Key, at `location` when given; throws unless booked (201). */
export async function bookOneOut(session: Awaited<ReturnType<typeof login>>, article: number, location?: number) {
  const res = await session.post(
    '/api/stock/movements',
    { article_id: article, kind: 'out', quantity: 1, reason: 'sale', ...(location ? { location_id: location } : {}) },
    { 'idempotency-key': randomUUID() },
  );
  if (res.statusCode !== 201) throw new Error(`booking ${res.statusCode} ${res.body}`);
}

/** A numeric command-line option `--name N` of a bench script. */
export const numberArg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** One row of a bench script's table. */
export interface Result {
  metric: string;
  target: string;
  value: string;
  ok: boolean;
}
export const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};
export const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * Runs `measure` on PGlite (in memory) and, when DATABASE_URL is set, on PostgreSQL in `schema`
 * (dropped first); `--only pglite|postgres` picks one. Prints the rows as one table.
 */
export async function runOnBothDatabases(
  schema: string,
  poolSize: number,
  measure: (kind: string, database: Database) => Promise<Result[]>,
) {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const all: Result[] = [];
  if (only !== 'postgres') {
    const pglite = await openDatabase();
    all.push(...(await measure('PGlite', pglite)));
    await pglite.close();
  }
  if (only === 'pglite') {
    // PostgreSQL not asked for
  } else if (process.env.DATABASE_URL) {
    const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    const postgres = await openDatabase({ url: process.env.DATABASE_URL, schema, poolSize });
    all.push(...(await measure('PostgreSQL', postgres)));
    await postgres.close();
  } else {
    console.log('  PostgreSQL skipped: set DATABASE_URL');
  }
  const width = Math.max(...all.map((r) => r.metric.length));
  console.log(`\n${'metric'.padEnd(width)}  ${'target'.padEnd(16)}  value`);
  for (const r of all) console.log(`${r.metric.padEnd(width)}  ${r.target.padEnd(16)}  ${r.value}${r.ok ? '' : '  ✗'}`);
}

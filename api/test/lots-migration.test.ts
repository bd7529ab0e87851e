import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import { seedDemo } from '../src/demo-data';
import type { Db } from '../src/platform/db/client';
import { MIGRATIONS_DIR, runMigrations } from '../src/platform/db/migrate';
import { buildTestApp, openTestDatabase } from './helpers';

/**
 * Migration 0018 (stock-spec-3 §2): lots. Every existing article is `tracking: none` without expiry,
 * every journal row has no lot, stock and journal stay as they were, and untracked bookings still go
 * through `stock_book`. Shown on a copy of the demo data and on 100 000 articles, each in a database at
 * migration 0017 that 0018 (and what follows) then updates.
 */
jest.setTimeout(600_000);

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const BEFORE = 18; // migrations 0000..0017: the schema before lots

/** A database (PGlite, or a PostgreSQL schema with TEST_DATABASE_URL) at migration 0017. */
async function databaseAt0017(name: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  let db: Db;
  let close: () => Promise<void>;
  let schema = 'public';
  if (url) {
    schema = `test_lots_migration_${name}`;
    const admin = new Pool({ connectionString: url, max: 1 });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    await admin.end();
    const pool = new Pool({ connectionString: url, max: 2, options: `-c search_path=${schema},public` });
    db = drizzlePg({ client: pool }) as unknown as Db;
    close = () => pool.end();
  } else {
    const client = new PGlite({ extensions: { pg_trgm } });
    await client.waitReady;
    db = drizzlePglite({ client }) as unknown as Db;
    close = () => client.close();
  }
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).slice(0, BEFORE);
  await db.execute(
    sql`CREATE TABLE __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) {
      if (statement.trim()) await db.execute(sql.raw(statement.replaceAll('"public".', `"${schema}".`)));
    }
    await db.execute(
      sql`INSERT INTO __drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
    );
  }
  return { db, close };
}

/** Columns a table had at 0017 (generated ones left to the database), to copy rows made by today's code into the older schema. */
async function copyTable(from: Db, to: Db, table: string, override: Record<string, unknown> = {}) {
  const columns = (
    await rows(
      to,
      sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'`,
    )
  ).map((r) => String(r.column_name));
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const data = await rows(from, sql`SELECT ${list} FROM ${sql.identifier(table)} ORDER BY 1`);
  for (let i = 0; i < data.length; i += 500) {
    const chunk = data.slice(i, i + 500).map((r) => ({ ...r, ...override }));
    await to.execute(
      sql`INSERT INTO ${sql.identifier(table)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${JSON.stringify(chunk)}::json)`,
    );
  }
  if (columns.includes('id')) {
    await to.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 1) FROM "${table}")) WHERE pg_get_serial_sequence('${table}', 'id') IS NOT NULL`,
      ),
    );
  }
  return data.length;
}

/** What 0018 must leave: every article untracked, no lot anywhere, stock and journal unchanged. */
async function expectUntouched(db: Db, before: Row) {
  const [check] = await rows(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM stock_articles) AS articles,
      (SELECT count(*)::int FROM stock_articles WHERE tracking = 'none' AND NOT expiry) AS untracked,
      (SELECT coalesce(sum(quantity), 0)::text FROM stock_articles) AS stock,
      (SELECT count(*)::int FROM stock_movements) AS movements,
      (SELECT count(*)::int FROM stock_movements WHERE lot IS NOT NULL OR serial IS NOT NULL OR best_before IS NOT NULL) AS with_lot,
      (SELECT count(*)::int FROM stock_lots) AS lots,
      (SELECT count(*)::int FROM stock_lot_quantities) AS lot_rows`,
  );
  expect(check).toEqual({ ...before, untracked: before.articles, with_lot: 0, lots: 0, lot_rows: 0 });
  return check!;
}

const counts = async (db: Db) =>
  (
    await rows(
      db,
      sql`SELECT (SELECT count(*)::int FROM stock_articles) AS articles,
        (SELECT coalesce(sum(quantity), 0)::text FROM stock_articles) AS stock,
        (SELECT count(*)::int FROM stock_movements) AS movements`,
    )
  )[0]!;

it('leaves every article of a copy of the demo data untracked, stock and journal as they were', async () => {
  const demo = await buildTestApp(await openTestDatabase(__filename));
  await seedDemo(demo.app);
  const old = await databaseAt0017('demo');
  try {
    await copyTable(demo.app.ctx.db, old.db, 'users', { current_warehouse_id: null });
    await copyTable(demo.app.ctx.db, old.db, 'warehouses');
    await copyTable(demo.app.ctx.db, old.db, 'stock_locations');
    const articles = await copyTable(demo.app.ctx.db, old.db, 'stock_articles');
    await copyTable(demo.app.ctx.db, old.db, 'stock_location_quantities');
    await copyTable(demo.app.ctx.db, old.db, 'purchasing_suppliers');
    await copyTable(demo.app.ctx.db, old.db, 'purchasing_orders', { created_by: null });
    const movements = await copyTable(demo.app.ctx.db, old.db, 'stock_movements');
    expect(articles).toBeGreaterThan(100);
    expect(movements).toBeGreaterThan(1000);
    const before = await counts(old.db);
    await runMigrations(old.db);
    await expectUntouched(old.db, before);
    // An untracked goods-out still books in one round trip (stock_book, replaced by 0018).
    const [target] = await rows(
      old.db,
      sql`SELECT a.id, a.warehouse_id, a.quantity FROM stock_articles a
        JOIN stock_location_quantities q ON q.article_id = a.id
        JOIN stock_locations l ON l.id = q.location_id AND upper(l.code) = 'STANDARD'
        LEFT JOIN stock_default_locations d ON d.article_id = a.id
        WHERE a.quantity >= 1000 AND q.quantity >= 1000 AND d.article_id IS NULL LIMIT 1`,
    );
    const [booked] = await rows(
      old.db,
      sql`SELECT stock_book(1, gen_random_uuid(), repeat('a', 64), 192, ${target!.warehouse_id}::integer,
        ${target!.id}::integer, 'out', 1000, NULL, 'sale', NULL, NULL, 'Test', NULL, 99999999999999, '{pcs}') AS answer`,
    );
    expect((booked!.answer as { status: number }).status).toBe(201);
  } finally {
    await old.close();
    await demo.app.close();
    await demo.database.close();
  }
});

it('migrates 100 000 articles and their journal in one migration', async () => {
  const old = await databaseAt0017('big');
  try {
    await old.db.execute(
      sql`INSERT INTO users (name, email, password, email_verified_at) VALUES ('Big', 'big@example.test', 'x', now())`,
    );
    await old.db.execute(
      sql`INSERT INTO warehouses (name, industry_id, usage_id, owner_id) VALUES ('Big', 1, 1, 1), ('Small', 1, 1, 1)`,
    );
    await old.db.execute(
      sql`INSERT INTO stock_articles (warehouse_id, sku, name, unit, quantity)
          SELECT 1 + (i % 2), 'SKU-' || i, 'Article ' || i, 'pcs', (i % 7) * 1000 FROM generate_series(1, 100000) AS i`,
    );
    await old.db.execute(
      sql`INSERT INTO stock_movements (warehouse_id, article_id, kind, delta, quantity_after, user_name)
          SELECT warehouse_id, id, 'in', quantity, quantity, 'Big' FROM stock_articles WHERE quantity > 0`,
    );
    const before = await counts(old.db);
    const started = Date.now();
    await runMigrations(old.db);
    const seconds = (Date.now() - started) / 1000;
    if (process.env.LAGER_PRINT_TIMES) console.log(`migration 0018 on 100 000 articles: ${seconds.toFixed(1)} s`);
    await expectUntouched(old.db, before);
    // Recorded for the README; a generous bound so a busy machine does not fail it.
    expect(seconds).toBeLessThan(300);
  } finally {
    await old.close();
  }
});

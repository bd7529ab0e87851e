import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import type { Db } from '../src/platform/db/client';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate';

/**
 * What the migration tests share: a database at an older migration, filled with rows today's code
 * made, that the next migrations then update (locations-migration, lots-migration).
 */
export type Row = Record<string, unknown>;
export const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * A database (PGlite, or the PostgreSQL schema `schema` with TEST_DATABASE_URL) with the first
 * `count` migrations applied and recorded, as the migrator would have left it then.
 */
export async function databaseAtMigration(
  count: number,
  schemaName: string,
): Promise<{ db: Db; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  let db: Db;
  let close: () => Promise<void>;
  let schema = 'public';
  if (url) {
    schema = schemaName;
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
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).slice(0, count);
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

/** Copies a table's rows made by today's code into the older schema: the columns it had then (generated ones left to the database). */
export async function copyTable(from: Db, to: Db, table: string, override: Record<string, unknown> = {}) {
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

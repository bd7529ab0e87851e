import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import { runMigrations } from './migrate';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  url?: string;
  /** PGlite data directory; omitted = in-memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate files this way); created when missing. */
  schema?: string;
  poolSize?: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

function assertIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return name;
}

async function openPostgres(options: DatabaseOptions & { url: string }): Promise<Database> {
  const searchPath = options.schema ? assertIdentifier(options.schema) : undefined;
  if (searchPath) {
    const admin = new Pool({ connectionString: options.url, max: 1 });
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${searchPath}`);
    await admin.end();
  }
  const pool = new Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const client = new PGlite(options.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Opens the database (PostgreSQL when a URL is given, else PGlite) and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const database = options.url ? await openPostgres({ ...options, url: options.url }) : await openPglite(options);
  await runMigrations(database.db);
  return database;
}

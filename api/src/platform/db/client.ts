import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import { ensurePrivateDir } from '../fs/private-dir';
import { acquireDataDirLock } from './data-dir-lock';
import { runMigrations } from './migrate';
import { startPgliteWorker } from './pglite-worker-client';

import type { Database, Db } from './types';

export type { Database, Db } from './types';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  url?: string;
  /** PGlite data directory; omitted = in-memory (tests). */
  dataDir?: string;
  /**
   * PGlite only: a tar of a data directory (PGlite's `dumpDataDir`) to start from instead of
   * running initdb (tests: one migrated database per run, see api/test/pglite-template.ts).
   */
  loadDataDir?: string;
  /** PostgreSQL schema to use (tests isolate files this way); created when missing. */
  schema?: string;
  poolSize?: number;
  /** How long a new PostgreSQL connection may take (TCP + startup) before it fails. Default 5 s. */
  connectTimeoutMs?: number;
  /** Told about connections PostgreSQL dropped (restart, failover, idle reaper); the pool replaces them. */
  onConnectionError?: (err: Error) => void;
}

/** The database cannot be reached right now; the API answers 503 and retries on the next request. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

function assertIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return name;
}

/** `postgres://user:***@host:5432/db` → `host:5432`, for error lines without the password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}`;
  } catch {
    return 'DATABASE_URL';
  }
}

async function openPostgres(options: DatabaseOptions & { url: string }): Promise<Database> {
  const searchPath = options.schema ? assertIdentifier(options.schema) : undefined;
  const connectionTimeoutMillis = options.connectTimeoutMs ?? 5_000;
  const pool = new Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis,
    // Without keep-alive a half-open connection (failover, cable pulled) waits for the OS TCP timeout.
    keepAlive: true,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
  });
  // An idle client whose server went away emits 'error' on the pool; unhandled, it kills the process.
  // The pool already discarded that client and opens a new one on the next query.
  pool.on('error', (err) => options.onConnectionError?.(err));
  try {
    // Fail start-up within the connect timeout, with one line, instead of hanging on the first query.
    const probe = await pool.connect();
    try {
      if (searchPath) await probe.query(`CREATE SCHEMA IF NOT EXISTS ${searchPath}`);
    } finally {
      probe.release();
    }
  } catch (err) {
    await pool.end().catch(() => {});
    const reason = (err as Error).message || (err as NodeJS.ErrnoException).code || 'unknown error';
    throw new DatabaseUnavailableError(`DATABASE_URL: cannot connect to ${describeUrl(options.url)} (${reason})`, {
      cause: err,
    });
  }
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let release = async () => {};
  if (options.dataDir) {
    const failure = ensurePrivateDir(options.dataDir);
    if (failure) throw new Error(`DATA_DIR: cannot use ${options.dataDir} (${failure})`);
    // Two processes on one PGlite directory hand out the same ids and lose each other's writes.
    release = acquireDataDirLock(options.dataDir);
  }
  try {
    // In its own thread: a slow statement then holds that thread, not every request (pglite-worker.ts).
    const client = await startPgliteWorker({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    const db = drizzlePglite({ client: client as never }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

/** Opens the database (PostgreSQL when a URL is given, else PGlite) and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const database = options.url ? await openPostgres({ ...options, url: options.url }) : await openPglite(options);
  try {
    await runMigrations(database.db);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

/**
 * A database whose driver client the caller may wrap before use (bench/profile-request.ts times
 * every statement): PostgreSQL when a URL is given, else in-memory PGlite (in its worker, as the
 * API runs it: a statement's time includes the trip to the worker); schema up to date.
 */
export async function databaseOn(
  url: string | undefined,
  wrap: (client: { query: (...args: never[]) => Promise<unknown> }) => void,
): Promise<Database> {
  const client = url ? new Pool({ connectionString: url, max: 10 }) : await startPgliteWorker();
  wrap(client as never);
  const postgres = client instanceof Pool;
  const db = (postgres ? drizzlePg({ client }) : drizzlePglite({ client: client as never })) as unknown as Db;
  await runMigrations(db);
  return { db, kind: postgres ? 'postgres' : 'pglite', close: () => (postgres ? client.end() : client.close()) };
}

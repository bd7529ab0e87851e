import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './db/client';
import { PgliteWorkerClient } from './db/pglite-worker-client';

/** PGlite's worker client behind `db`, if that is what it runs on. */
function pgliteOf(db: Db): PgliteWorkerClient | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PgliteWorkerClient ? client : undefined;
}

/**
 * A drizzle prepared statement per database handle, built on first use: `const stmt = perDatabase((db) =>
 * db.select()….prepare('lager_…'))`, then `await stmt(db).execute({ … })`. drizzle builds the SQL once
 * instead of on every request, and PostgreSQL parses and plans a named statement once per connection.
 * drizzle's PGlite driver ignores the name; the PGlite worker is told the statement's text instead and
 * runs it as a named statement of its own (pglite-worker.ts). For hot read queries of a fixed shape;
 * placeholders (`sql.placeholder`) carry the values. Names must be unique across the API.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
      const query = (statement as { getQuery?: () => { sql: string } }).getQuery?.();
      if (query) pgliteOf(db)?.keepPrepared(query.sql);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * `db.execute(query)` for a hot raw statement whose text is always the same (the values are its
 * parameters): on PGlite a named prepared statement, as perDatabase's; on PostgreSQL as before.
 */
export function executePrepared(db: Db, query: SQL): ReturnType<Db['execute']> {
  pgliteOf(db)?.keepPrepared(dialect.sqlToQuery(query).sql);
  return db.execute(query);
}

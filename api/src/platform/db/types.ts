import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The query builder every repository takes (PGlite and node-postgres alike; no relational schema). */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

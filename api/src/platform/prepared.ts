import type { Db } from './db/client';

/**
 * A drizzle prepared statement per database handle, built on first use: `const stmt = perDatabase((db) =>
 * db.select()….prepare('lager_…'))`, then `await stmt(db).execute({ … })`. drizzle builds the SQL once
 * instead of on every request, and PostgreSQL parses and plans a named statement once per connection
 * (PGlite ignores the name: there it saves the build). For hot read queries of a fixed shape; placeholders
 * (`sql.placeholder`) carry the values. Names must be unique across the API.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

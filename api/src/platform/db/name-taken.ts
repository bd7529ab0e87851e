import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './types';

/** A table whose rows have an id and a name unique (case-insensitively) within some scope. */
type Named = PgTable & { id: PgColumn; name: PgColumn };

/**
 * Whether another row than `exceptId` within `scope` (e.g. the owner's warehouses) has `name`,
 * compared trimmed and case-insensitively, as a unique index on lower(name) compares.
 */
export async function nameTaken(db: Db, table: Named, scope: SQL | undefined, name: string, exceptId?: number) {
  const clash = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(
      and(
        scope,
        eq(sql`lower(${table.name})`, sql`lower(${name.trim()})`),
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return clash.length > 0;
}

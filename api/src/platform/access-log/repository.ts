import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessLogs } from './tables';

export type AccessLogRow = typeof accessLogs.$inferInsert;

/**
 * Access-log rows for the access-log plugin: written in batches, deleted after the retention.
 *
 * A batch is one `INSERT … SELECT FROM unnest(…)` of eight arrays, eight parameters whatever the row
 * count. drizzle's multi-row VALUES (eight parameters a row) cost about 7 ms of the API's CPU per
 * 200 rows on PostgreSQL and 14 ms on PGlite, a pause for every request in flight several times a
 * second under load; the arrays under 1 ms and about 3 ms (bench/perf-notes/api.md).
 */
export async function insertAccessLogs(db: Db, rows: AccessLogRow[]) {
  const column = <T>(value: (row: AccessLogRow) => T) => sql.param(rows.map(value));
  await db.execute(sql`
    INSERT INTO ${accessLogs} (created_at, method, path, status, duration_ms, ip_address, user_id, sections)
    SELECT * FROM unnest(
      ${column((r) => (r.createdAt ?? new Date()).toISOString())}::timestamptz[],
      ${column((r) => r.method)}::varchar[],
      ${column((r) => r.path)}::varchar[],
      ${column((r) => r.status)}::int[],
      ${column((r) => r.durationMs)}::int[],
      ${column((r) => r.ipAddress ?? null)}::varchar[],
      ${column((r) => r.userId ?? null)}::int[],
      ${column((r) => r.sections ?? null)}::varchar[]
    )`);
}

/** Deletes rows older than `before`; returns how many. */
export async function deleteAccessLogsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(accessLogs).where(lt(accessLogs.createdAt, before)).returning({ id: accessLogs.id });
  return deleted.length;
}

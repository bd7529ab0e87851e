import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessLogs } from './tables';

export type AccessLogRow = typeof accessLogs.$inferInsert;

/** Access-log rows for the access-log plugin: written in batches, deleted after the retention. */
export async function insertAccessLogs(db: Db, rows: AccessLogRow[]) {
  await db.insert(accessLogs).values(rows);
}

/** Deletes rows older than `before`; returns how many. */
export async function deleteAccessLogsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(accessLogs).where(lt(accessLogs.createdAt, before)).returning({ id: accessLogs.id });
  return deleted.length;
}

import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { User } from './users';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Session rows for the session plugin and the routes that end sessions. Ids are sha256 of the
 * cookie value, so the database never holds a usable session id.
 */
export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/** The session and its user (null for an anonymous row) when it was active after `activeAfter`. */
export async function findActiveSession(
  db: Db,
  id: string,
  activeAfter: Date,
): Promise<{ session: SessionRow; user: User | null } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.lastActivity, activeAfter)))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Db, id: string, at = new Date()) {
  await db.update(sessions).set({ lastActivity: at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Logs the user out everywhere, or everywhere but `keepId`. */
export async function deleteUserSessions(db: Db, userId: number, keepId?: string) {
  const where = keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId);
  await db.delete(sessions).where(where);
}

export async function deleteIdleSessions(db: Db, idleBefore: Date) {
  await db.delete(sessions).where(lt(sessions.lastActivity, idleBefore));
}

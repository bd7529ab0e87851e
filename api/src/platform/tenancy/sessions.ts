import { and, desc, eq, gt, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { perDatabase } from '../prepared';
import { type MemberRole, rolePermissionNamesColumn } from './access';
import { memberships, sessions, type User, users, warehouses } from './tables';

type SessionRow = typeof sessions.$inferSelect;

/**
 * Session rows for the session plugin and the routes that end sessions. Ids are sha256 of the
 * cookie value, so the database never holds a usable session id.
 */
export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/**
 * The session and its user (null for an anonymous row) when it was active after `activeAfter`, and
 * with `withCurrentAccess` the user's membership in their current warehouse with the role's permission
 * names (null when they have none or are no longer a member): everything a warehouse-scoped request
 * needs before its route's own query, in one round trip. Routes without warehouse rules skip the
 * membership part (on PGlite it costs about as much as the session lookup itself).
 */
export async function findActiveSession(
  db: Db,
  id: string,
  activeAfter: Date,
  { withCurrentAccess = false } = {},
): Promise<{
  session: ActiveSession;
  user: User | null;
  currentMember: (MemberRole & { ownerId: number }) | null;
} | null> {
  if (!withCurrentAccess) {
    const [row] = await plainLookup(db).execute({ id, activeAfter });
    return row ? { session: row.session, user: row.user, currentMember: null } : null;
  }
  const [row] = await accessLookup(db).execute({ id, activeAfter });
  if (!row) return null;
  const currentMember =
    row.memberUserId !== null && row.ownerId !== null
      ? { ownerId: row.ownerId, roleId: row.roleId, rolePermissions: row.rolePermissions ?? [] }
      : null;
  return { session: row.session, user: row.user, currentMember };
}

/** What a request needs of its session row (not the address and user agent kept for the user's session list). */
type ActiveSession = Pick<SessionRow, 'csrfToken' | 'userId' | 'lastActivity'>;
const activeSessionColumns = {
  csrfToken: sessions.csrfToken,
  userId: sessions.userId,
  lastActivity: sessions.lastActivity,
};

/** Both lookups are prepared once per database handle (perDatabase): built once, planned once per connection. */
const activeSession = and(
  eq(sessions.id, sql.placeholder('id')),
  gt(sessions.lastActivity, sql.placeholder('activeAfter')),
);

const plainLookup = perDatabase((db) =>
  db
    .select({ session: activeSessionColumns, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(activeSession)
    .limit(1)
    .prepare('lager_session_lookup'),
);

const accessLookup = perDatabase((db) =>
  db
    .select({
      session: activeSessionColumns,
      user: users,
      memberUserId: memberships.userId,
      roleId: memberships.roleId,
      ownerId: warehouses.ownerId,
      rolePermissions: rolePermissionNamesColumn(memberships.roleId),
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.warehouseId, users.currentWarehouseId)))
    .leftJoin(warehouses, eq(warehouses.id, memberships.warehouseId))
    .where(activeSession)
    .limit(1)
    .prepare('lager_session_access_lookup'),
);

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

/** Ends the user's sessions but the `keep` most recently active ones. */
export async function deleteSessionsBeyond(db: Db, userId: number, keep: number) {
  const newest = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastActivity), desc(sessions.id))
    .limit(keep);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, newest)));
}

export async function deleteIdleSessions(db: Db, idleBefore: Date) {
  await db.delete(sessions).where(lt(sessions.lastActivity, idleBefore));
}

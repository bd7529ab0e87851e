import { type AnyColumn, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, permissions, rolePermissions, users, warehouses } from '../db/schema';

export type Membership = typeof memberships.$inferSelect;

/**
 * The names of the permissions the role in `roleId` grants, as one text[] column (ordered by id; empty for
 * no role): the membership and its permissions come back in the same row, one round trip.
 */
export const rolePermissionNamesColumn = (roleId: AnyColumn) =>
  sql<
    string[]
  >`coalesce((SELECT array_agg(${permissions.name} ORDER BY ${permissions.id}) FROM ${rolePermissions} INNER JOIN ${permissions} ON ${permissions.id} = ${rolePermissions.permissionId} WHERE ${rolePermissions.roleId} = ${roleId}), '{}')`;

/** A user's membership in a warehouse: the role and the names of the permissions that role grants. */
export interface MemberRole {
  roleId: number | null;
  rolePermissions: string[];
}

interface WarehouseMemberAccess {
  ownerId: number;
  /** null when the user is not a member. */
  member: MemberRole | null;
}

/**
 * The warehouse's owner and the user's membership in it (role + its permission names) in one query;
 * null when there is no warehouse with that id.
 */
export async function findWarehouseAccess(
  db: Db,
  userId: number,
  warehouseId: number,
): Promise<WarehouseMemberAccess | null> {
  let lookup = accessLookups.get(db);
  if (!lookup) {
    lookup = prepareAccessLookup(db);
    accessLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ userId, warehouseId });
  if (!row) return null;
  return {
    ownerId: row.ownerId,
    member: row.memberUserId === null ? null : { roleId: row.roleId, rolePermissions: row.rolePermissions ?? [] },
  };
}

/** Prepared once per database handle (built once; planned once per PostgreSQL connection). */
function prepareAccessLookup(db: Db) {
  return db
    .select({
      ownerId: warehouses.ownerId,
      memberUserId: memberships.userId,
      roleId: memberships.roleId,
      rolePermissions: rolePermissionNamesColumn(memberships.roleId),
    })
    .from(warehouses)
    .leftJoin(
      memberships,
      and(eq(memberships.warehouseId, warehouses.id), eq(memberships.userId, sql.placeholder('userId'))),
    )
    .where(eq(warehouses.id, sql.placeholder('warehouseId')))
    .limit(1)
    .prepare('lager_warehouse_access');
}
const accessLookups = new WeakMap<Db, ReturnType<typeof prepareAccessLookup>>();

/** Names of the permissions a role grants. */
export async function rolePermissionNames(db: Db, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(permissions.id));
  return rows.map((r) => r.name);
}

export async function findMembership(db: Db, userId: number, warehouseId: number): Promise<Membership | null> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.warehouseId, warehouseId)))
    .limit(1);
  return row ?? null;
}

export function listMemberships(db: Db, warehouseId: number): Promise<Membership[]> {
  return db.select().from(memberships).where(eq(memberships.warehouseId, warehouseId));
}

export interface Member {
  id: number;
  name: string;
  email: string;
  roleId: number | null;
}

export function listMembers(db: Db, warehouseId: number): Promise<Member[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email, roleId: memberships.roleId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.warehouseId, warehouseId))
    .orderBy(asc(users.name), asc(users.id));
}

/** Changes a member's role; false when they are no longer a member. */
export async function setMemberRole(db: Db, userId: number, warehouseId: number, roleId: number | null) {
  const updated = await db
    .update(memberships)
    .set({ roleId })
    .where(and(eq(memberships.userId, userId), eq(memberships.warehouseId, warehouseId)))
    .returning({ userId: memberships.userId });
  return updated.length > 0;
}

/**
 * Removes memberships and, in the same transaction, moves affected users off the warehouse
 * they were looking at: both change together or not at all.
 */
export async function removeMembers(db: Db, warehouseId: number, userIds: number[]) {
  if (userIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(memberships)
      .where(and(eq(memberships.warehouseId, warehouseId), inArray(memberships.userId, userIds)))
      .returning({ userId: memberships.userId });
    const gone = removed.map((r) => r.userId);
    if (gone.length) {
      await tx
        .update(users)
        .set({ currentWarehouseId: null })
        .where(and(inArray(users.id, gone), eq(users.currentWarehouseId, warehouseId)));
    }
    return gone.length;
  });
}

/** Adds a member (demo seed; invitations add members through processInvitation). */
export async function addMember(db: Db, userId: number, warehouseId: number, roleId: number | null) {
  await db.insert(memberships).values({ userId, warehouseId, roleId }).onConflictDoNothing();
}

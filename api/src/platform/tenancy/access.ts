import { type AnyColumn, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { perDatabase } from '../prepared';
import { memberships, type Permission, permissions, type Role, rolePermissions, roles, warehouses } from './tables';

/**
 * What the session and authorization plugins read about access: a user's membership, role and
 * permissions in a warehouse. Modules change these rows; the platform only reads them.
 */
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
  const [row] = await accessLookup(db).execute({ userId, warehouseId });
  if (!row) return null;
  return {
    ownerId: row.ownerId,
    member: row.memberUserId === null ? null : { roleId: row.roleId, rolePermissions: row.rolePermissions ?? [] },
  };
}

/** Prepared once per database handle (built once; planned once per PostgreSQL connection). */
const accessLookup = perDatabase((db) =>
  db
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
    .prepare('lager_warehouse_access'),
);

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

export async function findRole(db: Db, id: number): Promise<Role | null> {
  const [role] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return role ?? null;
}

/** The role when it belongs to this warehouse, else null. */
export async function findWarehouseRole(db: Db, id: number, warehouseId: number): Promise<Role | null> {
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.warehouseId, warehouseId)))
    .limit(1);
  return role ?? null;
}

export function findPermissions(db: Db, ids: number[]): Promise<Permission[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(permissions)
    .where(inArray(permissions.id, [...new Set(ids)]));
}

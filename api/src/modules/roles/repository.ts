import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { nameTaken } from '../../platform/db/name-taken';
import { perDatabase } from '../../platform/prepared';
import { findRole } from '../../platform/tenancy/access';
import {
  permissions,
  type Role,
  type RoleWithPermissions,
  rolePermissions,
  roles,
} from '../../platform/tenancy/tables';

export interface RoleInput {
  name: string;
  description?: string | null;
  permissions: number[];
}

/** The warehouse's roles (the columns of the list), prepared once per database handle. */
export function listRoles(db: Db, warehouseId: number): Promise<Pick<Role, 'id' | 'name' | 'description'>[]> {
  return warehouseRoles(db).execute({ warehouseId });
}

const warehouseRoles = perDatabase((db) =>
  db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(eq(roles.warehouseId, sql.placeholder('warehouseId')))
    .orderBy(asc(roles.name), asc(roles.id))
    .prepare('lager_warehouse_roles'),
);

export async function findRoleWithPermissions(db: Db, id: number): Promise<RoleWithPermissions | null> {
  const role = await findRole(db, id);
  if (!role) return null;
  const granted = await db
    .select({ permission: permissions })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, id))
    .orderBy(asc(permissions.id));
  return { ...role, permissions: granted.map((g) => g.permission) };
}

export function roleNameTaken(db: Db, warehouseId: number, name: string, exceptId?: number) {
  return nameTaken(db, roles, eq(roles.warehouseId, warehouseId), name, exceptId);
}

/** The permissions with these ids (unknown ids are simply missing from the answer). */
/** Creates (no roleId) or replaces a role with its permission set, in one transaction; returns the id. */
export async function saveRole(db: Db, warehouseId: number, input: RoleInput, roleId?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const values = { name: input.name.trim(), description: input.description?.trim() || null };
    let id = roleId;
    if (id === undefined) {
      const [created] = await tx
        .insert(roles)
        .values({ ...values, warehouseId })
        .returning({ id: roles.id });
      id = created!.id;
    } else {
      await tx
        .update(roles)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(roles.id, id));
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    }
    const saved = id;
    await tx
      .insert(rolePermissions)
      .values([...new Set(input.permissions)].map((permissionId) => ({ roleId: saved, permissionId })));
    return saved;
  });
}

/** Members keep their membership with role_id null (FK ON DELETE SET NULL). False when nothing was deleted. */
export async function deleteWarehouseRole(db: Db, id: number, warehouseId: number) {
  const deleted = await db
    .delete(roles)
    .where(and(eq(roles.id, id), eq(roles.warehouseId, warehouseId)))
    .returning({ id: roles.id });
  return deleted.length > 0;
}

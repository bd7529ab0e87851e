import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { permissions, rolePermissions, roles } from '../db/schema';
import { type FieldErrors, validationError } from '../errors';
import type { Language } from '../i18n';

export interface RoleInput {
  name: string;
  description?: string | null;
  permissions: number[];
}

export function listRoles(db: Db, warehouseId: number) {
  return db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(eq(roles.warehouseId, warehouseId))
    .orderBy(asc(roles.name), asc(roles.id));
}

export async function roleDetail(db: Db, roleId: number, lang: Language) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  const granted = await db
    .select({
      id: permissions.id,
      name: permissions.name,
      de: permissions.descriptionDe,
      en: permissions.descriptionEn,
    })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(permissions.id));
  return {
    id: role!.id,
    name: role!.name,
    description: role!.description,
    permissions: granted.map((p) => ({ id: p.id, name: p.name, description: lang === 'en' ? p.en : p.de })),
  };
}

/** Name unique within the warehouse; every permission id must exist. */
export async function assertRoleInput(db: Db, warehouseId: number, input: RoleInput, exceptId?: number) {
  const errors: FieldErrors = {};
  const clash = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.warehouseId, warehouseId),
        eq(roles.name, input.name.trim()),
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    );
  if (clash.length) errors.name = [{ key: 'roleNameTaken' }];
  const ids = [...new Set(input.permissions)];
  const known = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids));
  if (known.length !== ids.length) errors.permissions = [{ key: 'validation.exists', vars: { field: 'permissions' } }];
  if (Object.keys(errors).length) throw validationError(errors, errors.name ? 'role.name_taken' : 'validation.failed');
}

export async function saveRole(db: Db, warehouseId: number, input: RoleInput, roleId?: number) {
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
    const roleId2 = id;
    await tx
      .insert(rolePermissions)
      .values([...new Set(input.permissions)].map((permissionId) => ({ roleId: roleId2, permissionId })));
    return id;
  });
}

/** Role rules: a name unique within the warehouse, existing permissions, the owner role fixed. */
import { OWNER_ROLE_ID } from '@lager/contract';
import type { Db } from '../../platform/db/client';
import { AppError, type FieldErrors, notFound, validationError } from '../../platform/errors';
import { findPermissions } from '../../platform/tenancy/access';
import type { RoleWithPermissions } from '../../platform/tenancy/tables';
import { deleteWarehouseRole, findRoleWithPermissions, type RoleInput, roleNameTaken, saveRole } from './repository';

const roleNotFound = () => notFound('roleNotFound', 'role.not_found');

/** Name unique within the warehouse; every permission id must exist. */
async function assertRoleInput(db: Db, warehouseId: number, input: RoleInput, exceptId?: number) {
  const errors: FieldErrors = {};
  if (await roleNameTaken(db, warehouseId, input.name, exceptId)) errors.name = [{ key: 'roleNameTaken' }];
  const known = await findPermissions(db, input.permissions);
  if (known.length !== new Set(input.permissions).size) {
    errors.permissions = [{ key: 'validation.exists', vars: { field: 'permissions' } }];
  }
  if (Object.keys(errors).length) throw validationError(errors, errors.name ? 'role.name_taken' : 'validation.failed');
}

/** The role with its permissions; 404 when it was deleted between the access check and now. */
export async function getRole(db: Db, id: number): Promise<RoleWithPermissions> {
  const role = await findRoleWithPermissions(db, id);
  if (!role) throw roleNotFound();
  return role;
}

/** Creates (without `roleId`) or updates a role of the warehouse; returns it as saved. */
export async function putRole(db: Db, warehouseId: number, input: RoleInput, roleId?: number) {
  await assertRoleInput(db, warehouseId, input, roleId);
  return getRole(db, await saveRole(db, warehouseId, input, roleId));
}

export async function deleteRole(db: Db, warehouseId: number, roleId: number): Promise<void> {
  if (roleId === OWNER_ROLE_ID) throw new AppError(403, 'ownerRoleProtected', 'role.owner_protected');
  if (!(await deleteWarehouseRole(db, roleId, warehouseId))) throw roleNotFound();
}

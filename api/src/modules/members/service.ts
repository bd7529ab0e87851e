/** Member rules: nobody changes or removes themselves, the owner's role is nobody's to give or take. */
import { OWNER_ROLE_ID } from '@lager/contract';
import type { Db } from '../../platform/db/client';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors';
import { findWarehouseRole } from '../../platform/tenancy/access';
import { findMembership, listMemberships, removeMembers, setMemberRole } from './repository';

const ownerRoleProtected = () => new AppError(403, 'ownerRoleProtected', 'role.owner_protected');
const notAMember = () => notFound('userNotMember', 'member.not_found');

/** Gives a member another role of the warehouse (or none, `null`). */
export async function assignRole(
  db: Db,
  actingUserId: number,
  input: { user_id: number; warehouse_id: number; new_role_id: number | null },
): Promise<void> {
  const { user_id, warehouse_id, new_role_id } = input;
  if (new_role_id === OWNER_ROLE_ID) throw ownerRoleProtected();
  if (user_id === actingUserId) throw forbidden('notYourself', 'member.self');
  const member = await findMembership(db, user_id, warehouse_id);
  if (!member) throw notAMember();
  if (member.roleId === OWNER_ROLE_ID) throw ownerRoleProtected();
  if (new_role_id !== null && !(await findWarehouseRole(db, new_role_id, warehouse_id))) {
    throw fieldError('new_role_id', 'validation.exists', 'role.not_found');
  }
  if (!(await setMemberRole(db, user_id, warehouse_id, new_role_id))) throw notAMember();
}

/** Removes members from the warehouse; returns how many were removed. */
export async function removeUsers(db: Db, actingUserId: number, warehouseId: number, userIds: number[]) {
  const ids = [...new Set(userIds)];
  if (ids.includes(actingUserId)) throw forbidden('notYourself', 'member.self');
  const members = await listMemberships(db, warehouseId);
  if (members.some((m) => ids.includes(m.userId) && m.roleId === OWNER_ROLE_ID)) throw ownerRoleProtected();
  return removeMembers(db, warehouseId, ids);
}

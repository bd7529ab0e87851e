/**
 * Domain rows → the JSON the contract promises (snake_case, ISO dates). Routes never build
 * response bodies field by field: one mapper per entity, typed by the schema it must satisfy.
 */
import type { Static } from '@fastify/type-provider-typebox';
import type { PermissionBody, RoleBody, RoleDetailBody, UserBody, WarehouseBody } from '../http/schemas';
import type { Language } from '../i18n';
import type { Member, MemberWarehouse, Permission, Role, RoleWithPermissions, User, WarehouseFields } from './tables';

export const userJson = (user: User): Static<typeof UserBody> => ({
  id: user.id,
  name: user.name,
  email: user.email,
  email_verified_at: user.emailVerifiedAt ? user.emailVerifiedAt.toISOString() : null,
  current_warehouse_id: user.currentWarehouseId,
});

export const warehouseJson = (w: WarehouseFields): Static<typeof WarehouseBody> => ({
  id: w.id,
  name: w.name,
  industry_id: w.industryId,
  usage_id: w.usageId,
});

export const memberWarehouseJson = (w: MemberWarehouse) => ({ ...warehouseJson(w), user_role: w.roleName });

/** The permission's description in the request's language. */
export const permissionJson = (p: Permission, lang: Language): Static<typeof PermissionBody> => ({
  id: p.id,
  // The database only holds the names of @lager/contract (seeded by migrations).
  name: p.name as Static<typeof PermissionBody>['name'],
  description: lang === 'en' ? p.descriptionEn : p.descriptionDe,
});

export const roleJson = (r: Pick<Role, 'id' | 'name' | 'description'>): Static<typeof RoleBody> => ({
  id: r.id,
  name: r.name,
  description: r.description,
});

export const roleDetailJson = (r: RoleWithPermissions, lang: Language): Static<typeof RoleDetailBody> => ({
  ...roleJson(r),
  permissions: r.permissions.map((p) => permissionJson(p, lang)),
});

export const memberJson = (m: Member) => ({ id: m.id, name: m.name, email: m.email, pivot: { role_id: m.roleId } });

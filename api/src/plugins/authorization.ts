import { ALL_PERMISSION_NAMES, type AnyPermissionName, OWNER_ROLE_ID } from '@lager/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GrantRequest, WarehouseAccess } from '../context';
import { findMemberAccess, rolePermissionNames } from '../data/memberships';
import { findPermissions, findWarehouseRole } from '../data/roles';
import type { Db } from '../db/client';
import { AppError, forbidden, unauthenticated } from '../errors';

/** Membership, role and permissions of a user in one warehouse; null when not a member. */
export async function resolveAccess(
  app: FastifyInstance,
  userId: number,
  warehouseId: number,
): Promise<WarehouseAccess | null> {
  const { db } = app.ctx;
  const row = await findMemberAccess(db, userId, warehouseId);
  if (!row) return null;
  const isOwner = row.ownerId === userId;
  let granted: AnyPermissionName[] = [];
  if (isOwner || row.roleId === OWNER_ROLE_ID) granted = [...ALL_PERMISSION_NAMES];
  // The database only holds the names of @lager/contract (seeded by migrations).
  else if (row.roleId !== null) granted = (await rolePermissionNames(db, row.roleId)) as AnyPermissionName[];
  return { warehouseId, roleId: row.roleId, isOwner, permissions: new Set(granted) };
}

/**
 * No privilege escalation: nobody but the owner grants, assigns or edits a role to include a
 * permission they do not hold themselves, and nobody edits the role they hold.
 */
async function checkGrant(db: Db, access: WarehouseAccess, grant: GrantRequest) {
  if (access.isOwner) return;
  if (grant.editsRoleId !== undefined && grant.editsRoleId === access.roleId) {
    throw forbidden('ownRoleNotEditable', 'role.own_role');
  }
  const wanted = (await findPermissions(db, grant.permissionIds ?? [])).map((p) => p.name);
  // Only roles of this warehouse: an unknown or foreign role is the handler's 422.
  const role = grant.roleId ? await findWarehouseRole(db, grant.roleId, access.warehouseId) : null;
  if (role) wanted.push(...(await rolePermissionNames(db, role.id)));
  if (wanted.some((name) => !access.permissions.has(name as AnyPermissionName))) {
    throw forbidden('permissionNotHeld', 'role.permission_not_held');
  }
}

async function checkAccess(request: FastifyRequest) {
  const rule = request.routeOptions.config.access;
  const user = request.user;
  if (!rule || !user) return;
  const warehouseId = await rule.warehouse(request);
  if (warehouseId === null || warehouseId === undefined) {
    throw new AppError(403, 'noWarehouseSelected', 'warehouse.not_selected');
  }
  const access = await resolveAccess(request.server, user.id, warehouseId);
  if (!access) throw forbidden('notAMember', 'warehouse.not_member');
  if (rule.require === 'owner' && !access.isOwner) throw forbidden('notOwner', 'warehouse.not_owner');
  if (Array.isArray(rule.require) && !rule.require.some((p) => access.permissions.has(p))) {
    throw forbidden('forbidden', 'permission.missing');
  }
  if (typeof rule.require === 'object' && 'all' in rule.require) {
    const needed = typeof rule.require.all === 'function' ? rule.require.all(request) : rule.require.all;
    if (!needed.every((p) => access.permissions.has(p))) throw forbidden('forbidden', 'permission.missing');
  }
  if (rule.grants) await checkGrant(request.server.ctx.db, access, await rule.grants(request));
  request.access = access;
}

/**
 * The one place that decides who may call what. Routes only declare `config.auth` and
 * `config.access`; login state is checked before body validation (401/403 before 422, as
 * Laravel's middleware does), warehouse permissions and grants after it, when ids in the body are typed.
 */
export const authorizationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('access', null);
    app.addHook('preValidation', async (request) => {
      const { auth } = request.routeOptions.config;
      if (!auth) return;
      if (!request.user) throw unauthenticated();
      if (auth === 'verified' && !request.user.emailVerifiedAt) {
        throw forbidden('notVerified', 'auth.unverified');
      }
    });
    app.addHook('preHandler', checkAccess);
  },
  { name: 'lager-authorization', dependencies: ['lager-session'] },
);

import { ALL_PERMISSION_NAMES, type AnyPermissionName, OWNER_ROLE_ID } from '@lager/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessLookup, GrantRequest, WarehouseAccess } from '../context';
import type { Db } from '../db/client';
import { AppError, forbidden, unauthenticated } from '../errors';
import {
  findPermissions,
  findWarehouseAccess,
  findWarehouseRole,
  type MemberRole,
  rolePermissionNames,
} from '../tenancy/access';

/** What a membership grants: everything to the owner and the owner role, else the role's permissions. */
export function accessFromMember(
  userId: number,
  warehouseId: number,
  ownerId: number,
  member: MemberRole | null,
): WarehouseAccess | null {
  if (!member) return null;
  const isOwner = ownerId === userId;
  let granted: AnyPermissionName[] = [];
  if (isOwner || member.roleId === OWNER_ROLE_ID) granted = [...ALL_PERMISSION_NAMES];
  // The database only holds the names of @lager/contract (seeded by migrations).
  else if (member.roleId !== null) granted = member.rolePermissions as AnyPermissionName[];
  return { warehouseId, roleId: member.roleId, isOwner, permissions: new Set(granted) };
}

/** Membership, role and permissions of a user in one warehouse (one query); null when not a member. */
export async function resolveAccess(
  app: FastifyInstance,
  userId: number,
  warehouseId: number,
): Promise<WarehouseAccess | null> {
  const row = await findWarehouseAccess(app.ctx.db, userId, warehouseId);
  return row ? accessFromMember(userId, warehouseId, row.ownerId, row.member) : null;
}

/**
 * The logged-in user's access to a warehouse, looked up once per request: the current warehouse's
 * came with the session (plugins/session.ts), any other costs one query. `exists` is false when
 * there is no warehouse with that id (404 before 403).
 */
export async function accessOf(request: FastifyRequest, warehouseId: number): Promise<AccessLookup> {
  const user = request.user;
  if (!user) return { exists: false, access: null };
  request.accessCache ??= new Map();
  const known = request.accessCache.get(warehouseId);
  if (known) return known;
  const row = await findWarehouseAccess(request.server.ctx.db, user.id, warehouseId);
  const found: AccessLookup = {
    exists: row !== null,
    access: row ? accessFromMember(user.id, warehouseId, row.ownerId, row.member) : null,
  };
  request.accessCache.set(warehouseId, found);
  return found;
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
  const { access } = await accessOf(request, warehouseId);
  if (!access) throw forbidden('notAMember', 'warehouse.not_member');
  if (rule.require === 'owner' && !access.isOwner) throw forbidden('notOwner', 'warehouse.not_owner');
  if (Array.isArray(rule.require) && !rule.require.some((p) => access.permissions.has(p))) {
    throw forbidden('forbidden', 'permission.missing');
  }
  if (typeof rule.require === 'object' && 'all' in rule.require) {
    const needed = typeof rule.require.all === 'function' ? rule.require.all(request) : rule.require.all;
    if (!needed.every((p) => access.permissions.has(p))) throw forbidden('forbidden', 'permission.missing');
    const { any } = rule.require;
    if (any && !any.some((p) => access.permissions.has(p))) throw forbidden('forbidden', 'permission.missing');
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
    app.decorateRequest('accessCache', null);
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

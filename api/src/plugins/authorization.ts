import { ALL_PERMISSION_NAMES, type AnyPermissionName, OWNER_ROLE_ID } from '@lager/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WarehouseAccess } from '../context';
import { memberships, permissions, rolePermissions, warehouses } from '../db/schema';
import { AppError, forbidden, unauthenticated } from '../errors';

/** Membership, role and permissions of a user in one warehouse; null when not a member. */
export async function resolveAccess(
  app: FastifyInstance,
  userId: number,
  warehouseId: number,
): Promise<WarehouseAccess | null> {
  const { db } = app.ctx;
  const [row] = await db
    .select({ roleId: memberships.roleId, ownerId: warehouses.ownerId })
    .from(memberships)
    .innerJoin(warehouses, eq(warehouses.id, memberships.warehouseId))
    .where(and(eq(memberships.userId, userId), eq(memberships.warehouseId, warehouseId)))
    .limit(1);
  if (!row) return null;
  const isOwner = row.ownerId === userId;
  let granted: AnyPermissionName[] = [];
  if (isOwner || row.roleId === OWNER_ROLE_ID) granted = [...ALL_PERMISSION_NAMES];
  else if (row.roleId !== null) {
    const rows = await db
      .select({ name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, row.roleId));
    granted = rows.map((r) => r.name as AnyPermissionName);
  }
  return { warehouseId, roleId: row.roleId, isOwner, permissions: new Set(granted) };
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
  request.access = access;
}

/**
 * The one place that decides who may call what. Routes only declare `config.auth` and
 * `config.access`; login state is checked before body validation (401/403 before 422, as
 * Laravel's middleware does), warehouse permissions after it, when ids in the body are typed.
 */
export function registerAuthorization(app: FastifyInstance) {
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
}

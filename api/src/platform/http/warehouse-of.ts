import type { FastifyRequest } from 'fastify';
import type { AccessRule } from '../context';
import { AppError, notFound } from '../errors';
import { findRole } from '../tenancy/access';
import { accessOf } from './authorization';

/** How a route names the warehouse it acts on (used in `config.access.warehouse`). */
type Resolver = AccessRule['warehouse'];

const params = (request: FastifyRequest) => request.params as Record<string, number | undefined>;
const body = (request: FastifyRequest) => (request.body ?? {}) as { warehouse_id?: number | null };

/** The warehouse in the path; 404 when there is none with that id. */
export const warehouseParam =
  (name: string): Resolver =>
  async (request) => {
    const id = params(request)[name];
    // One lookup tells existence and access; the access check then reuses it (accessOf caches per request).
    if (!id || !(await accessOf(request, id)).exists) throw notFound('warehouseNotFound', 'warehouse.not_found');
    return id;
  };

/** The path's warehouse when given, else the user's current one (GET /api/admin/roles[/:id]). */
export const warehouseParamOrCurrent =
  (name: string): Resolver =>
  (request) =>
    params(request)[name] ?? request.user?.currentWarehouseId;

/** `warehouse_id` in the body when given, else the user's current warehouse. */
export const warehouseInBodyOrCurrent: Resolver = (request) =>
  body(request).warehouse_id ?? request.user?.currentWarehouseId;

/** The warehouse a role belongs to; the global owner role belongs to none and is never editable. */
export const warehouseOfRole =
  (name: string): Resolver =>
  async (request) => {
    const id = params(request)[name];
    const role = id ? await findRole(request.server.ctx.db, id) : null;
    if (!role) throw notFound('roleNotFound', 'role.not_found');
    if (role.warehouseId === null) throw new AppError(403, 'ownerRoleProtected', 'role.owner_protected');
    return role.warehouseId;
  };

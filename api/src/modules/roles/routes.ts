import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { LIMITS, OWNER_ROLE_ID, PERMISSION_NAMES } from '@lager/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client';
import { AppError, type FieldErrors, notFound, validationError } from '../../platform/errors';
import { Id, IdParam, MessageBody, Required, RoleBody, RoleDetailBody, responses } from '../../platform/http/schemas';
import { warehouseInBodyOrCurrent, warehouseOfRole, warehouseParamOrCurrent } from '../../platform/http/warehouse-of';
import { t } from '../../platform/i18n/request';
import { findPermissions } from '../../platform/tenancy/access';
import { roleDetailJson, roleJson } from '../../platform/tenancy/wire';
import {
  deleteWarehouseRole,
  findRoleWithPermissions,
  listRoles,
  type RoleInput,
  roleNameTaken,
  saveRole,
} from './repository';

const ANY = [...PERMISSION_NAMES];
const RoleInputBody = Type.Object({
  name: Required(LIMITS.roleNameMax),
  description: Type.Optional(Type.Union([Type.String({ maxLength: LIMITS.roleDescriptionMax }), Type.Null()])),
  permissions: Type.Array(Id(), { minItems: 1, maxItems: LIMITS.rolePermissionsMax }),
  warehouse_id: Type.Optional(Id()),
});

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

/** A role's permissions are handed to everyone who gets it: no one grants more than they hold. */
const grantsPermissions = (request: FastifyRequest) => ({
  permissionIds: (request.body as { permissions: number[] }).permissions,
});

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function detail(id: number, request: FastifyRequest) {
    const role = await findRoleWithPermissions(db, id);
    // Deleted between the access check and now.
    if (!role) throw notFound('roleNotFound', 'role.not_found');
    return roleDetailJson(role, request.lang);
  }

  // Invite, assign and the roles list all read this, so any of the six permissions will do.
  const listSchema = {
    tags: ['shell'],
    response: responses({ 200: Type.Object({ roles: Type.Array(RoleBody) }) }, 401, 403, 404),
  };
  const listConfig = {
    auth: 'verified' as const,
    access: { warehouse: warehouseParamOrCurrent('warehouse_id'), require: ANY },
  };
  // Two paths, one contract: the same response schema, so the generated client has one `Role` type.
  app.get(
    '/api/admin/roles',
    { config: listConfig, schema: { ...listSchema, operationId: 'listRoles' } },
    async (request) => ({ roles: (await listRoles(db, request.access!.warehouseId)).map(roleJson) }),
  );
  app.get(
    '/api/admin/roles/:warehouse_id',
    {
      config: listConfig,
      schema: { ...listSchema, operationId: 'listWarehouseRoles', params: IdParam('warehouse_id') },
    },
    async (request) => ({ roles: (await listRoles(db, request.access!.warehouseId)).map(roleJson) }),
  );

  app.post(
    '/api/admin/createrole',
    {
      config: {
        auth: 'verified',
        access: { warehouse: warehouseInBodyOrCurrent, require: ['create_role'], grants: grantsPermissions },
      },
      schema: {
        operationId: 'createRole',
        tags: ['user-admin'],
        body: RoleInputBody,
        response: responses({ 201: Type.Object({ role: RoleDetailBody }) }, 401, 403, 419, 422),
      },
    },
    async (request, reply) => {
      const warehouseId = request.access!.warehouseId;
      await assertRoleInput(db, warehouseId, request.body);
      const id = await saveRole(db, warehouseId, request.body);
      return reply.code(201).send({ role: await detail(id, request) });
    },
  );

  const editAccess = { warehouse: warehouseOfRole('role_id'), require: ['edit_role' as const] };
  app.get(
    '/api/admin/updaterole/:role_id',
    {
      config: { auth: 'verified', access: editAccess },
      schema: {
        operationId: 'getRole',
        tags: ['user-admin'],
        params: IdParam('role_id'),
        response: responses({ 200: Type.Object({ role: RoleDetailBody }) }, 401, 403, 404),
      },
    },
    async (request) => ({ role: await detail(request.params.role_id, request) }),
  );
  app.put(
    '/api/admin/updaterole/:role_id',
    {
      config: {
        auth: 'verified',
        access: {
          ...editAccess,
          // Nobody edits the role they hold (they would grant it to themselves).
          grants: (request) => ({
            ...grantsPermissions(request),
            editsRoleId: (request.params as { role_id: number }).role_id,
          }),
        },
      },
      schema: {
        operationId: 'updateRole',
        tags: ['user-admin'],
        params: IdParam('role_id'),
        body: RoleInputBody,
        response: responses(
          { 200: Type.Object({ role: RoleDetailBody, message: Type.String() }) },
          401,
          403,
          404,
          419,
          422,
        ),
      },
    },
    async (request) => {
      const { role_id } = request.params;
      await assertRoleInput(db, request.access!.warehouseId, request.body, role_id);
      await saveRole(db, request.access!.warehouseId, request.body, role_id);
      return { role: await detail(role_id, request), message: t(request, 'roleUpdated') };
    },
  );

  app.delete(
    '/api/admin/deleterole',
    {
      config: { auth: 'verified', access: { warehouse: warehouseInBodyOrCurrent, require: ['delete_role'] } },
      schema: {
        operationId: 'deleteRole',
        tags: ['user-admin'],
        body: Type.Object({ role_id: Id(), warehouse_id: Type.Optional(Id()) }),
        response: responses({ 200: MessageBody }, 401, 403, 404, 419, 422),
      },
    },
    async (request) => {
      const { role_id } = request.body;
      if (role_id === OWNER_ROLE_ID) throw new AppError(403, 'ownerRoleProtected', 'role.owner_protected');
      if (!(await deleteWarehouseRole(db, role_id, request.access!.warehouseId))) {
        throw notFound('roleNotFound', 'role.not_found');
      }
      return { message: t(request, 'roleDeleted') };
    },
  );
};

export default roleRoutes;

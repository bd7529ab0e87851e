import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { LIMITS, PERMISSION_NAMES } from '@lager/contract';
import type { FastifyRequest } from 'fastify';
import { Id, IdParam, MessageBody, Required, RoleBody, RoleDetailBody, responses } from '../../platform/http/schemas';
import { warehouseInBodyOrCurrent, warehouseOfRole, warehouseParamOrCurrent } from '../../platform/http/warehouse-of';
import { t } from '../../platform/i18n/request';
import { roleDetailJson, roleJson } from '../../platform/tenancy/wire';
import { listRoles } from './repository';
import { deleteRole, getRole, putRole } from './service';

const ANY = [...PERMISSION_NAMES];
const RoleInputBody = Type.Object({
  name: Required(LIMITS.roleNameMax),
  description: Type.Optional(Type.Union([Type.String({ maxLength: LIMITS.roleDescriptionMax }), Type.Null()])),
  permissions: Type.Array(Id(), { minItems: 1, maxItems: LIMITS.rolePermissionsMax }),
  warehouse_id: Type.Optional(Id()),
});

/** A role's permissions are handed to everyone who gets it: no one grants more than they hold. */
const grantsPermissions = (request: FastifyRequest) => ({
  permissionIds: (request.body as { permissions: number[] }).permissions,
});

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

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
      const role = await putRole(db, request.access!.warehouseId, request.body);
      return reply.code(201).send({ role: roleDetailJson(role, request.lang) });
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
    async (request) => ({ role: roleDetailJson(await getRole(db, request.params.role_id), request.lang) }),
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
      const role = await putRole(db, request.access!.warehouseId, request.body, request.params.role_id);
      return { role: roleDetailJson(role, request.lang), message: t(request, 'roleUpdated') };
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
      await deleteRole(db, request.access!.warehouseId, request.body.role_id);
      return { message: t(request, 'roleDeleted') };
    },
  );
};

export default roleRoutes;

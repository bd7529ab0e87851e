import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { LIMITS, OWNER_ROLE_ID, PERMISSION_NAMES } from '@lager/contract';
import { and, eq } from 'drizzle-orm';
import { assertRoleInput, listRoles, roleDetail, saveRole } from '../data/roles';
import { roles } from '../db/schema';
import { AppError, notFound } from '../errors';
import { t } from '../i18n/request';
import { warehouseInBodyOrCurrent, warehouseOfRole, warehouseParamOrCurrent } from '../plugins/warehouse-of';
import { Id, IdParam, MessageBody, Required, RoleBody, RoleDetailBody, responses } from '../schemas/common';

const ANY = [...PERMISSION_NAMES];
const RoleInput = Type.Object({
  name: Required(LIMITS.roleNameMax),
  description: Type.Optional(Type.Union([Type.String({ maxLength: LIMITS.roleDescriptionMax }), Type.Null()])),
  permissions: Type.Array(Id(), { minItems: 1, maxItems: LIMITS.rolePermissionsMax }),
  warehouse_id: Type.Optional(Id()),
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
    async (request) => ({ roles: await listRoles(db, request.access!.warehouseId) }),
  );
  app.get(
    '/api/admin/roles/:warehouse_id',
    {
      config: listConfig,
      schema: { ...listSchema, operationId: 'listWarehouseRoles', params: IdParam('warehouse_id') },
    },
    async (request) => ({ roles: await listRoles(db, request.access!.warehouseId) }),
  );

  app.post(
    '/api/admin/createrole',
    {
      config: { auth: 'verified', access: { warehouse: warehouseInBodyOrCurrent, require: ['create_role'] } },
      schema: {
        operationId: 'createRole',
        tags: ['user-admin'],
        body: RoleInput,
        response: responses({ 201: Type.Object({ role: RoleDetailBody }) }, 401, 403, 419, 422),
      },
    },
    async (request, reply) => {
      const warehouseId = request.access!.warehouseId;
      await assertRoleInput(db, warehouseId, request.body);
      const id = await saveRole(db, warehouseId, request.body);
      return reply.code(201).send({ role: await roleDetail(db, id, request.lang) });
    },
  );

  const editConfig = {
    auth: 'verified' as const,
    access: { warehouse: warehouseOfRole('role_id'), require: ['edit_role' as const] },
  };
  app.get(
    '/api/admin/updaterole/:role_id',
    {
      config: editConfig,
      schema: {
        operationId: 'getRole',
        tags: ['user-admin'],
        params: IdParam('role_id'),
        response: responses({ 200: Type.Object({ role: RoleDetailBody }) }, 401, 403, 404),
      },
    },
    async (request) => ({ role: await roleDetail(db, request.params.role_id, request.lang) }),
  );
  app.put(
    '/api/admin/updaterole/:role_id',
    {
      config: editConfig,
      schema: {
        operationId: 'updateRole',
        tags: ['user-admin'],
        params: IdParam('role_id'),
        body: RoleInput,
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
      return { role: await roleDetail(db, role_id, request.lang), message: t(request, 'roleUpdated') };
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
      // Members keep their membership with role_id null (FK ON DELETE SET NULL).
      const deleted = await db
        .delete(roles)
        .where(and(eq(roles.id, role_id), eq(roles.warehouseId, request.access!.warehouseId)))
        .returning({ id: roles.id });
      if (!deleted.length) throw notFound('roleNotFound', 'role.not_found');
      return { message: t(request, 'roleDeleted') };
    },
  );
};

export default roleRoutes;

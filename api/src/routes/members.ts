import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { LIMITS, OWNER_ROLE_ID } from '@lager/contract';
import { and, eq } from 'drizzle-orm';
import { listMembers, removeMembers } from '../data/warehouses';
import { memberships, roles } from '../db/schema';
import { AppError, fieldError, forbidden, notFound } from '../errors';
import { t } from '../i18n/request';
import { warehouseInBodyOrCurrent, warehouseParam } from '../plugins/warehouse-of';
import { Id, IdParam, MessageBody, responses } from '../schemas/common';

const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/warehouse/:id/users',
    {
      config: { auth: 'verified', access: { warehouse: warehouseParam('id'), require: 'member' } },
      schema: {
        operationId: 'listWarehouseMembers',
        tags: ['shell'],
        params: IdParam('id'),
        response: responses(
          {
            200: Type.Object({
              users: Type.Array(
                Type.Object({
                  id: Type.Integer(),
                  name: Type.String(),
                  email: Type.String(),
                  pivot: Type.Object({ role_id: Type.Union([Type.Integer(), Type.Null()]) }),
                }),
              ),
            }),
          },
          401,
          403,
          404,
        ),
      },
    },
    async (request) => ({
      users: (await listMembers(db, request.params.id)).map(({ roleId, ...u }) => ({
        ...u,
        pivot: { role_id: roleId },
      })),
    }),
  );

  app.patch(
    '/api/admin/updateuserrole',
    {
      config: { auth: 'verified', access: { warehouse: warehouseInBodyOrCurrent, require: ['assign_user_role'] } },
      schema: {
        operationId: 'assignUserRole',
        tags: ['user-admin'],
        body: Type.Object({ user_id: Id(), warehouse_id: Id(), new_role_id: Type.Union([Id(), Type.Null()]) }),
        response: responses({ 200: MessageBody }, 401, 403, 404, 419, 422),
      },
    },
    async (request) => {
      const { user_id, warehouse_id, new_role_id } = request.body;
      if (new_role_id === OWNER_ROLE_ID) throw new AppError(403, 'ownerRoleProtected', 'role.owner_protected');
      if (user_id === request.user!.id) throw forbidden('notYourself', 'member.self');
      const [member] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, user_id), eq(memberships.warehouseId, warehouse_id)));
      if (!member) throw notFound('userNotMember', 'member.not_found');
      if (member.roleId === OWNER_ROLE_ID) throw new AppError(403, 'ownerRoleProtected', 'role.owner_protected');
      if (new_role_id !== null) {
        const [role] = await db
          .select()
          .from(roles)
          .where(and(eq(roles.id, new_role_id), eq(roles.warehouseId, warehouse_id)));
        if (!role) throw fieldError('new_role_id', 'validation.exists', 'role.not_found');
      }
      await db
        .update(memberships)
        .set({ roleId: new_role_id })
        .where(and(eq(memberships.userId, user_id), eq(memberships.warehouseId, warehouse_id)));
      return { message: t(request, 'roleAssigned') };
    },
  );

  app.delete(
    '/api/admin/warehouse/remove-users',
    {
      config: { auth: 'verified', access: { warehouse: warehouseInBodyOrCurrent, require: ['remove_user'] } },
      schema: {
        operationId: 'removeUsers',
        tags: ['user-admin'],
        body: Type.Object({
          user_ids: Type.Array(Id(), { minItems: 1, maxItems: LIMITS.bulkIdsMax }),
          warehouse_id: Type.Optional(Id()),
        }),
        response: responses(
          { 200: Type.Object({ message: Type.String(), removed: Type.Integer() }) },
          401,
          403,
          419,
          422,
        ),
      },
    },
    async (request) => {
      const access = request.access!;
      const ids = [...new Set(request.body.user_ids)];
      if (ids.includes(request.user!.id)) throw forbidden('notYourself', 'member.self');
      const members = await db.select().from(memberships).where(eq(memberships.warehouseId, access.warehouseId));
      if (members.some((m) => ids.includes(m.userId) && m.roleId === OWNER_ROLE_ID)) {
        throw new AppError(403, 'ownerRoleProtected', 'role.owner_protected');
      }
      const removed = await removeMembers(db, access.warehouseId, ids);
      return { message: t(request, 'usersRemoved'), removed };
    },
  );
};

export default memberRoutes;

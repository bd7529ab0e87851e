import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { LIMITS } from '@lager/contract';
import { Id, IdParam, MessageBody, responses } from '../../platform/http/schemas';
import { warehouseInBodyOrCurrent, warehouseParam } from '../../platform/http/warehouse-of';
import { t } from '../../platform/i18n/request';
import { memberJson } from '../../platform/tenancy/wire';
import { listMembers } from './repository';
import { assignRole, removeUsers } from './service';

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
    async (request) => ({ users: (await listMembers(db, request.params.id)).map(memberJson) }),
  );

  const AssignBody = Type.Object({ user_id: Id(), warehouse_id: Id(), new_role_id: Type.Union([Id(), Type.Null()]) });
  app.patch(
    '/api/admin/updateuserrole',
    {
      config: {
        auth: 'verified',
        access: {
          warehouse: warehouseInBodyOrCurrent,
          require: ['assign_user_role'],
          // Assigning a role hands out its permissions.
          grants: (request) => ({ roleId: (request.body as { new_role_id: number | null }).new_role_id }),
        },
      },
      schema: {
        operationId: 'assignUserRole',
        tags: ['user-admin'],
        body: AssignBody,
        response: responses({ 200: MessageBody }, 401, 403, 404, 419, 422),
      },
    },
    async (request) => {
      await assignRole(db, request.user!.id, request.body);
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
      const removed = await removeUsers(db, request.user!.id, request.access!.warehouseId, request.body.user_ids);
      return { message: t(request, 'usersRemoved'), removed };
    },
  );
};

export default memberRoutes;

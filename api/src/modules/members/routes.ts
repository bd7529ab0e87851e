import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { LIMITS, OWNER_ROLE_ID } from '@lager/contract';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors';
import { Id, IdParam, MessageBody, responses } from '../../platform/http/schemas';
import { warehouseInBodyOrCurrent, warehouseParam } from '../../platform/http/warehouse-of';
import { t } from '../../platform/i18n/request';
import { findWarehouseRole } from '../../platform/tenancy/access';
import { memberJson } from '../../platform/tenancy/wire';
import { findMembership, listMembers, listMemberships, removeMembers, setMemberRole } from './repository';

const ownerRoleProtected = () => new AppError(403, 'ownerRoleProtected', 'role.owner_protected');

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
      const { user_id, warehouse_id, new_role_id } = request.body;
      if (new_role_id === OWNER_ROLE_ID) throw ownerRoleProtected();
      if (user_id === request.user!.id) throw forbidden('notYourself', 'member.self');
      const member = await findMembership(db, user_id, warehouse_id);
      if (!member) throw notFound('userNotMember', 'member.not_found');
      if (member.roleId === OWNER_ROLE_ID) throw ownerRoleProtected();
      if (new_role_id !== null && !(await findWarehouseRole(db, new_role_id, warehouse_id))) {
        throw fieldError('new_role_id', 'validation.exists', 'role.not_found');
      }
      if (!(await setMemberRole(db, user_id, warehouse_id, new_role_id))) {
        throw notFound('userNotMember', 'member.not_found');
      }
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
      const members = await listMemberships(db, access.warehouseId);
      if (members.some((m) => ids.includes(m.userId) && m.roleId === OWNER_ROLE_ID)) throw ownerRoleProtected();
      const removed = await removeMembers(db, access.warehouseId, ids);
      return { message: t(request, 'usersRemoved'), removed };
    },
  );
};

export default memberRoutes;

import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { accessOf } from '../../platform/http/authorization';
import { PermissionNameSchema, responses, UserBody } from '../../platform/http/schemas';
import { userJson } from '../../platform/tenancy/wire';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user',
    {
      config: { auth: 'user' },
      schema: { operationId: 'getUser', tags: ['shell'], response: responses({ 200: UserBody }, 401) },
    },
    async (request) => userJson(request.user!),
  );

  app.get(
    '/api/user/permissions',
    {
      config: { auth: 'user', currentAccess: true },
      schema: {
        operationId: 'getUserPermissions',
        tags: ['shell'],
        response: responses({ 200: Type.Object({ permissions: Type.Array(PermissionNameSchema) }) }, 401),
      },
    },
    async (request) => {
      const user = request.user!;
      // Unverified users hold no warehouse rights (every warehouse call answers 403 for them).
      if (!user.emailVerifiedAt || !user.currentWarehouseId) return { permissions: [] };
      const { access } = await accessOf(request, user.currentWarehouseId);
      return { permissions: access ? [...access.permissions] : [] };
    },
  );
};

export default userRoutes;

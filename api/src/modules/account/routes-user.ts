import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { accessOf } from '../../platform/http/authorization';
import { PermissionNameSchema, responses, UserBody } from '../../platform/http/schemas';
import { userJson } from '../../platform/tenancy/wire';
import { isOperator } from '../telemetry';
import { currentPermissions } from './service';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user',
    {
      config: { auth: 'user' },
      schema: { operationId: 'getUser', tags: ['shell'], response: responses({ 200: UserBody }, 401) },
    },
    // The shell shows operators' sections (the Releases page) from this flag (guarded-rollout spec §4).
    async (request) => ({ ...userJson(request.user!), is_operator: isOperator(app.ctx, request.user) }),
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
    async (request) => ({
      permissions: await currentPermissions(request.user!, (warehouseId) => accessOf(request, warehouseId)),
    }),
  );
};

export default userRoutes;

import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { LIMITS } from '@lager/contract';
import { Id, MessageBody, Password, Required, responses, UserBody } from '../../platform/http/schemas';
import { t } from '../../platform/i18n/request';
import { userJson } from '../../platform/tenancy/wire';
import { changePassword, deleteAccount, switchWarehouse, updateProfile } from './service';

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.put(
    '/api/profile/update',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateProfile',
        tags: ['account'],
        body: Type.Object({
          name: Type.Optional(Type.String({ maxLength: LIMITS.nameMax })),
          email: Type.Optional(
            Type.Union([Type.String({ maxLength: LIMITS.emailMax, format: 'email' }), Type.Literal('')]),
          ),
        }),
        response: responses({ 200: Type.Object({ user: UserBody, message: Type.String() }) }, 401, 419, 422),
      },
    },
    async (request) => {
      const updated = await updateProfile(app, request.user!, request.body);
      return { user: userJson(updated), message: t(request, 'profileUpdated') };
    },
  );

  app.put(
    '/api/profile/password',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updatePassword',
        tags: ['account'],
        body: Type.Object({ current_password: Required(), password: Password(), password_confirmation: Required() }),
        response: responses({ 200: MessageBody }, 401, 419, 422),
      },
    },
    async (request) => {
      await changePassword(ctx, request.user!, request.body, request.session?.id || undefined);
      return { message: t(request, 'passwordUpdated') };
    },
  );

  app.delete(
    '/api/profile/delete',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'deleteAccount',
        tags: ['account'],
        body: Type.Object({ password: Required() }),
        response: responses({ 204: Type.Null() }, 401, 403, 419, 422),
      },
    },
    async (request, reply) => {
      await deleteAccount(ctx, request.user!, request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/profile/setwarehouse',
    {
      config: { auth: 'verified' },
      schema: {
        operationId: 'setCurrentWarehouse',
        tags: ['shell'],
        body: Type.Object({ warehouse_id: Id() }),
        response: responses({ 200: Type.Object({ user: UserBody }) }, 401, 403, 419, 422),
      },
    },
    async (request) => {
      const updated = await switchWarehouse(ctx.db, request.user!.id, request.body.warehouse_id);
      return { user: userJson(updated) };
    },
  );
};

export default profileRoutes;

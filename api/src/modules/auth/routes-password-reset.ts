import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { Email, MessageBody, Password, Required, responses } from '../../platform/http/schemas';
import { t } from '../../platform/i18n/request';
import { assertResetToken, requestPasswordReset, resetPassword } from './service';

const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/forgot-password',
    {
      config: {
        rateLimit: { max: ctx.rateLimits.forgotPassword.max, timeWindow: ctx.rateLimits.forgotPassword.windowMs },
      },
      schema: {
        operationId: 'forgotPassword',
        tags: ['account'],
        body: Type.Object({ email: Email() }),
        response: responses({ 200: MessageBody }, 419, 422, 429),
      },
    },
    async (request) => {
      // The same answer whether or not a mail went out.
      await requestPasswordReset(app, request.body.email);
      return { message: t(request, 'resetLinkSent') };
    },
  );

  app.post(
    '/api/validate-reset-token',
    {
      schema: {
        operationId: 'validateResetToken',
        tags: ['account'],
        body: Type.Object({ token: Required(), email: Email() }),
        response: responses({ 200: Type.Object({ valid: Type.Boolean() }) }, 419, 422),
      },
    },
    async (request) => {
      await assertResetToken(ctx.db, request.body.email, request.body.token);
      return { valid: true };
    },
  );

  app.post(
    '/api/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        tags: ['account'],
        body: Type.Object({
          token: Required(),
          email: Email(),
          password: Password(),
          password_confirmation: Required(),
        }),
        response: responses({ 200: MessageBody }, 419, 422),
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return { message: t(request, 'passwordReset') };
    },
  );
};

export default passwordResetRoutes;

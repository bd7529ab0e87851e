import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { Id, MessageBody, responses } from '../../platform/http/schemas';
import { t } from '../../platform/i18n/request';
import { resendVerification, verificationStatus, verifyEmail } from './service';

const emailVerificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/email/verification-notification',
    {
      config: {
        auth: 'user',
        rateLimit: {
          max: ctx.rateLimits.verificationNotification.max,
          timeWindow: ctx.rateLimits.verificationNotification.windowMs,
        },
      },
      schema: {
        operationId: 'sendVerificationNotification',
        tags: ['account'],
        response: responses({ 200: MessageBody, 202: MessageBody }, 401, 419, 429),
      },
    },
    async (request, reply) => {
      if (!(await resendVerification(app, request.user!))) {
        return reply.code(200).send({ message: t(request, 'alreadyVerified') });
      }
      return reply.code(202).send({ message: t(request, 'verificationSent') });
    },
  );

  app.get(
    '/api/email/verification-status',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getVerificationStatus',
        tags: ['account'],
        response: responses(
          {
            200: Type.Object({ verified: Type.Boolean(), email_verified_at: Type.Union([Type.String(), Type.Null()]) }),
          },
          401,
        ),
      },
    },
    async (request) => verificationStatus(request.user!),
  );

  app.get(
    '/api/email/verify/:id/:hash',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'verifyEmail',
        tags: ['account'],
        params: Type.Object({ id: Id(), hash: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ expires: Type.Integer(), signature: Type.String({ maxLength: 128 }) }),
        response: responses({ 200: MessageBody }, 401, 403, 422),
      },
    },
    async (request) => {
      await verifyEmail(ctx, request.user!, { ...request.params, ...request.query });
      return { message: t(request, 'verified') };
    },
  );
};

export default emailVerificationRoutes;

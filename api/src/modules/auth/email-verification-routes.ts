import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { forbidden } from '../../platform/errors';
import { Id, MessageBody, responses } from '../../platform/http/schemas';
import { t } from '../../platform/i18n/request';
import { isValidVerification, safeEqual, sha1 } from '../../platform/security/tokens';
import { countAccountMail, sendVerificationMail, tooManyMails } from './mail';
import { markEmailVerified } from './repository';

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
      const user = request.user!;
      if (user.emailVerifiedAt) return reply.code(200).send({ message: t(request, 'alreadyVerified') });
      // The caller is the account's owner: telling them to wait reveals nothing.
      const mail = await countAccountMail(app, 'verify', user.id);
      if (!mail.allowed) throw tooManyMails(mail.retryAfterMs);
      await sendVerificationMail(app, user);
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
    async (request) => {
      const at = request.user!.emailVerifiedAt;
      return { verified: !!at, email_verified_at: at ? at.toISOString() : null };
    },
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
      const user = request.user!;
      const { id, hash } = request.params;
      const invalid = () => forbidden('invalidSignature', 'verify.invalid_link');
      // The link is for one user and one address: a changed e-mail makes old links useless.
      if (id !== user.id || !safeEqual(hash, sha1(user.email))) throw invalid();
      if (!isValidVerification(ctx.appKey, { id, hash, ...request.query })) throw invalid();
      if (!user.emailVerifiedAt) await markEmailVerified(ctx.db, user.id, user.email);
      return { message: t(request, 'verified') };
    },
  );
};

export default emailVerificationRoutes;

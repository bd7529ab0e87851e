import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { AppError, fieldError } from '../../platform/errors';
import { Email, MessageBody, Password, Required, responses } from '../../platform/http/schemas';
import { t } from '../../platform/i18n/request';
import { randomToken, safeEqual, sha256 } from '../../platform/security/tokens';
import { deleteUserSessions } from '../../platform/tenancy/sessions';
import { countAccountMail, sendResetMail } from './mail';
import { findUserByEmail, normalizeEmail, updateUser } from './repository';
import { consumeResetToken, findFreshResetToken, saveResetToken } from './reset-tokens';

const TOKEN_MAX_AGE_MS = 60 * 60_000;
const invalidToken = () =>
  new AppError(422, 'invalidResetToken', 'reset.invalid_token', {
    errors: { token: [{ key: 'invalidResetToken' }] },
  });

const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  /** Whether `token` is the address's current token and younger than 60 minutes. */
  async function validToken(email: string, token: string) {
    const row = await findFreshResetToken(ctx.db, normalizeEmail(email), TOKEN_MAX_AGE_MS);
    return !!row && safeEqual(row.tokenHash, sha256(token));
  }

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
      const user = await findUserByEmail(ctx.db, request.body.email);
      // Same answer for unknown addresses, so the form cannot be used to probe for accounts; and the same
      // answer over the account's mail ceiling (a 429 would tell that the address has an account):
      // then nothing is sent and the token of the last mail stays valid.
      if (user && (await countAccountMail(app, 'reset', user.id)).allowed) {
        const token = randomToken(32);
        await saveResetToken(ctx.db, user.email, sha256(token));
        await sendResetMail(app, user, token);
      }
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
      if (!(await validToken(request.body.email, request.body.token))) throw invalidToken();
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
      const { email, token, password, password_confirmation } = request.body;
      if (password !== password_confirmation) throw fieldError('password', 'validation.confirmed');
      if (!(await validToken(email, token))) throw invalidToken();
      const user = await findUserByEmail(ctx.db, email);
      if (!user) throw invalidToken();
      const hashed = await ctx.passwords.hash(password);
      // Single use: one conditional DELETE decides, so of parallel requests with one token exactly one
      // changes the password. Whoever knew the old password is logged out everywhere.
      await ctx.db.transaction(async (tx) => {
        if (!(await consumeResetToken(tx, user.email, sha256(token), TOKEN_MAX_AGE_MS))) throw invalidToken();
        await updateUser(tx, user.id, { password: hashed });
        await deleteUserSessions(tx, user.id);
      });
      return { message: t(request, 'passwordReset') };
    },
  );
};

export default passwordResetRoutes;

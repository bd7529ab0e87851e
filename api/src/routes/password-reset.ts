import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { findUserByEmail, normalizeEmail, updateUser } from '../data/users';
import { passwordResetTokens, sessions } from '../db/schema';
import { AppError, fieldError } from '../errors';
import { t } from '../i18n/request';
import { Email, MessageBody, Password, Required, responses } from '../schemas/common';
import { sendResetMail } from '../services/mail';
import { randomToken, safeEqual, sha256 } from '../services/tokens';

const TOKEN_MINUTES = 60;
const invalidToken = () =>
  new AppError(422, 'invalidResetToken', 'reset.invalid_token', {
    errors: { token: [{ key: 'invalidResetToken' }] },
  });

const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  /** The stored token row when `token` matches and is younger than 60 minutes. */
  async function validToken(email: string, token: string) {
    const [row] = await ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.email, normalizeEmail(email)))
      .limit(1);
    if (!row || Date.now() - row.createdAt.getTime() > TOKEN_MINUTES * 60_000) return null;
    return safeEqual(row.tokenHash, sha256(token)) ? row : null;
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
      // Same answer for unknown addresses, so the form cannot be used to probe for accounts.
      if (user) {
        const token = randomToken(32);
        const values = { email: user.email, tokenHash: sha256(token), createdAt: new Date() };
        await ctx.db
          .insert(passwordResetTokens)
          .values(values)
          .onConflictDoUpdate({
            target: passwordResetTokens.email,
            set: { tokenHash: values.tokenHash, createdAt: values.createdAt },
          });
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
      const row = await validToken(email, token);
      const user = row && (await findUserByEmail(ctx.db, email));
      if (!row || !user) throw invalidToken();
      await updateUser(ctx.db, user.id, { password: await ctx.passwords.hash(password) });
      // Single use; and whoever knew the old password is logged out everywhere.
      await ctx.db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, row.email));
      await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
      return { message: t(request, 'passwordReset') };
    },
  );
};

export default passwordResetRoutes;

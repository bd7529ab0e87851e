import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { fieldError, validationError } from '../../platform/errors';
import { Email, MessageBody, Password, Required, responses, UserBody } from '../../platform/http/schemas';
import { regenerateSession, SESSION_COOKIE, setSessionCookies } from '../../platform/http/session';
import { t } from '../../platform/i18n/request';
import { userJson } from '../../platform/tenancy/wire';
import { countAccountMail, sendVerificationMail } from './mail';
import { emailTaken, findUserByEmail, insertUser, normalizeEmail, updateUser } from './repository';

const ACCEPTED = [true, 1, '1', 'yes', 'on', 'true'] as const;
const rate = (limit: { max: number; windowMs: number }) => ({
  rateLimit: { max: limit.max, timeWindow: limit.windowMs },
});

/** On the CSRF cookie's answer: `1` when the session belongs to a user, else `0`. */
const SIGNED_IN_HEADER = 'X-Lager-Signed-In';

/** Sanctum-style SPA auth: CSRF cookie, login, logout, register, e-mail availability. */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/sanctum/csrf-cookie',
    { schema: { operationId: 'getCsrfCookie', tags: ['system'], response: { 204: Type.Null() } } },
    async (request, reply) => {
      if (request.session) {
        // Re-send the cookies: the browser may have lost the readable XSRF cookie.
        setSessionCookies(request, reply, request.cookies[SESSION_COOKIE] ?? '', request.session.csrfToken);
      } else await regenerateSession(request, reply, null);
      // Whether a user is signed in: a client that starts logged out need not ask GET api/user for a 401.
      reply.header(SIGNED_IN_HEADER, request.user ? '1' : '0');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        operationId: 'login',
        tags: ['account'],
        body: Type.Object({ email: Required(), password: Required(), remember: Type.Optional(Type.Boolean()) }),
        response: responses({ 200: Type.Object({ user: UserBody }) }, 419, 422, 429),
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Counted before the password is checked: parallel attempts cannot all slip under the limit (429).
      const attempt = await app.loginThrottle.attempt(normalizeEmail(email), request.ip);
      const user = await findUserByEmail(ctx.db, email);
      // An unknown address costs one argon2 verification too, so timing does not reveal accounts.
      const valid = user
        ? await ctx.passwords.verify(user.password, password)
        : await ctx.passwords.verifyNone(password);
      if (!user || !valid) {
        throw fieldError('email', 'invalidCredentials', 'auth.failed');
      }
      await attempt.succeeded();
      const updated = request.headers['accept-language']
        ? await updateUser(ctx.db, user.id, { language: request.lang })
        : user;
      await regenerateSession(request, reply, user.id);
      return { user: userJson(updated) };
    },
  );

  app.post(
    '/api/logout',
    { schema: { operationId: 'logout', tags: ['shell'], response: responses({ 204: Type.Null() }, 419) } },
    async (request, reply) => {
      // A fresh anonymous session (new id and token) so the next write needs no extra round trip.
      await regenerateSession(request, reply, null);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/register',
    {
      config: rate(ctx.rateLimits.register),
      schema: {
        operationId: 'register',
        tags: ['account'],
        body: Type.Object({
          name: Required(),
          email: Email(),
          password: Password(),
          password_confirmation: Required(),
          // Laravel's "accepted": true, 1, "1", "yes", "on", "true".
          accept_terms: Type.Union(ACCEPTED.map((v) => Type.Literal(v))),
        }),
        response: responses({ 201: MessageBody }, 419, 422, 429),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const errors: Parameters<typeof validationError>[0] = {};
      if (await emailTaken(ctx.db, body.email)) errors.email = [{ key: 'emailTaken', vars: { field: 'email' } }];
      if (body.password !== body.password_confirmation) {
        errors.password = [{ key: 'validation.confirmed', vars: { field: 'password' } }];
      }
      if (Object.keys(errors).length) throw validationError(errors, errors.email ? 'email.taken' : 'validation.failed');
      const user = await insertUser(ctx.db, {
        name: body.name.trim(),
        email: body.email,
        password: await ctx.passwords.hash(body.password),
        language: request.lang,
      });
      // Someone registered the address between the check and the insert.
      if (!user) throw fieldError('email', 'emailTaken', 'email.taken');
      // The first of the account's verification mails (the ceiling counts it).
      if ((await countAccountMail(app, 'verify', user.id)).allowed) await sendVerificationMail(app, user);
      return reply.code(201).send({ message: t(request, 'registered') });
    },
  );

  app.get(
    '/api/check-email',
    {
      config: rate(ctx.rateLimits.checkEmail),
      schema: {
        operationId: 'checkEmail',
        tags: ['account'],
        querystring: Type.Object({ email: Email() }),
        response: responses({ 200: Type.Object({ available: Type.Boolean() }) }, 422, 429),
      },
    },
    async (request) => ({ available: !(await emailTaken(ctx.db, request.query.email)) }),
  );
};

export default authRoutes;

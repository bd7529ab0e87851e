import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { Email, MessageBody, Password, Required, responses, UserBody } from '../../platform/http/schemas';
import { regenerateSession, SESSION_COOKIE, setSessionCookies } from '../../platform/http/session';
import { t } from '../../platform/i18n/request';
import { userJson } from '../../platform/tenancy/wire';
import { emailAvailable, logIn, register } from './service';

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
      const language = request.headers['accept-language'] ? request.lang : undefined;
      const user = await logIn(app, { email, password, ip: request.ip, language });
      await regenerateSession(request, reply, user.id);
      return { user: userJson(user) };
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
      await register(app, request.body, request.lang);
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
    async (request) => ({ available: await emailAvailable(ctx.db, request.query.email) }),
  );
};

export default authRoutes;

import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerModules } from './modules';
import { accessLogPlugin } from './platform/access-log/plugin';
import type { AppContext, RateLimits } from './platform/context';
import { type Database, type DatabaseOptions, openDatabase } from './platform/db/client';
import { authorizationPlugin } from './platform/http/authorization';
import { docsPlugin } from './platform/http/docs';
import { errorsPlugin } from './platform/http/errors';
import { inputPlugin } from './platform/http/input';
import { rateLimitsPlugin } from './platform/http/rate-limits';
import { ErrorBody } from './platform/http/schemas';
import { securityHeadersPlugin } from './platform/http/security-headers';
import { sessionPlugin } from './platform/http/session';
import { languageFrom } from './platform/i18n';
import { withRedaction } from './platform/logging/redact';
import { createMemoryTransport, type MailTransport } from './platform/mail/transport';
import { createPasswordHasher, type HashOptions, OWASP_ARGON2ID } from './platform/security/passwords';
import { randomToken } from './platform/security/tokens';

export interface BuildAppOptions {
  /** An open database (shared between app instances in tests), or how to open one. */
  database?: Database | DatabaseOptions;
  appUrl?: string;
  /** Signs verification links and anonymous sessions; every instance behind one database needs the same key. */
  appKey?: string;
  frontendOrigins?: string[];
  mail?: MailTransport;
  rateLimits?: Partial<RateLimits>;
  /** Tests only: cheaper argon2 parameters. Production keeps the OWASP values. */
  hashOptions?: HashOptions;
  logger?: FastifyServerOptions['logger'];
  /**
   * Which proxies' X-Forwarded-For/-Proto to believe: their addresses/CIDRs. `true` believes
   * anyone and exists for tests only.
   */
  trustProxy?: boolean | string[];
  bodyLimit?: number;
  /** Background jobs (access-log and session cleanup); off in tests. */
  scheduleJobs?: boolean;
  /** The OpenAPI document and UI at /api/docs; default on, off in production. */
  docs?: boolean;
  /** Tests only: access-log rows kept in memory while the database is away (default 5000). */
  accessLogBufferRows?: number;
  /** OPERATOR_EMAILS: verified users with these e-mails are operators (telemetry summary). */
  operatorEmails?: string[];
  /** LAGER_OPERATOR_TOKEN: `Authorization: Bearer <token>` for the rollout guard; unset = no bearer access. */
  operatorToken?: string;
  /** TELEMETRY_SIGNED_IN_ONLY: only beacons with a valid session count for the rollout guard. */
  telemetrySignedInOnly?: boolean;
  /** DIGEST_POLL_MS: how often a listening process runs the low-stock digest queue (default a minute). */
  digestPollMs?: number;
}

const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 5, windowMs: 60_000 },
  register: { max: 10, windowMs: 60_000 },
  checkEmail: { max: 60, windowMs: 60_000 },
  forgotPassword: { max: 6, windowMs: 60_000 },
  verificationNotification: { max: 6, windowMs: 60_000 },
  mailPerAccount: { max: 10, windowMs: 60 * 60_000 },
  telemetryBatches: { max: 120, windowMs: 60_000 },
  telemetryPages: { max: 30, windowMs: 60_000 },
  telemetryPersonPages: { max: 3, windowMs: 60_000 },
};

const isOpen = (value: BuildAppOptions['database']): value is Database =>
  !!value && typeof (value as Database).close === 'function' && 'db' in value;

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const ownsDatabase = !isOpen(options.database);
  let log: FastifyInstance['log'] | undefined;
  const database = isOpen(options.database)
    ? options.database
    : await openDatabase({
        ...options.database,
        onConnectionError: (err) => log?.warn({ err }, 'database connection lost; the pool reconnects'),
      });
  const app = Fastify({
    logger: withRedaction(options.logger ?? false),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    ajv: {
      customOptions: {
        // Report every invalid field at once, like Laravel's validator.
        allErrors: true,
        // No loose coercion: in JSON `true` is not 1, "0x10" is not 16, ["x"] is not "x".
        // Path and query text is converted strictly by the input plugin.
        coerceTypes: false,
        // A schema with `additionalProperties: false` refuses unknown fields (422 naming them);
        // Fastify's default would silently drop them instead.
        removeAdditional: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  log = app.log;

  const appUrl = (options.appUrl ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const ctx: AppContext = {
    db: database.db,
    database,
    appUrl,
    appKey: options.appKey ?? randomToken(32),
    mail: options.mail ?? createMemoryTransport(),
    passwords: createPasswordHasher(options.hashOptions ?? OWASP_ARGON2ID),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    sessionIdleMinutes: 120,
    operators: {
      emails: new Set((options.operatorEmails ?? []).map((email) => email.trim().toLowerCase()).filter(Boolean)),
      token: options.operatorToken || undefined,
    },
    appOrigins: new Set([new URL(appUrl).origin, ...(options.frontendOrigins ?? [])]),
    telemetrySignedInOnly: options.telemetrySignedInOnly ?? false,
    digestPollMs: options.digestPollMs ?? 60_000,
  };
  app.decorate('ctx', ctx);
  app.addSchema(ErrorBody);
  app.decorateRequest('lang', 'de');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFrom(request.headers['accept-language']);
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(cors, {
    origin: options.frontendOrigins ?? [],
    credentials: true,
    allowedHeaders: [
      'Content-Type',
      'Accept',
      'Accept-Language',
      'X-XSRF-TOKEN',
      'X-Requested-With',
      'X-Lager-Sections',
    ],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // A front end on another origin reads how long a throttled form must wait (429).
    // ... and whether the CSRF cookie's session has a user (routes/auth.ts).
    exposedHeaders: ['Retry-After', 'X-Lager-Signed-In'],
  });
  await app.register(rateLimitsPlugin);
  if (options.docs !== false) await app.register(docsPlugin);
  await app.register(sessionPlugin);
  await app.register(authorizationPlugin);
  // After authorization: 401/403 come before anything about the input.
  await app.register(inputPlugin);
  await app.register(accessLogPlugin, {
    schedule: options.scheduleJobs ?? false,
    bufferRows: options.accessLogBufferRows,
  });
  await app.register(registerModules);

  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  return app;
}

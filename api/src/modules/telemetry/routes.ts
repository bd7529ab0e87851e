import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TSchema, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated, validationError } from '../../platform/errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../platform/http/input';
import { responses } from '../../platform/http/schemas';
import { beaconUserId } from '../../platform/http/session';
import { MAX_BATCH_BYTES, SummaryQuery, TelemetryBatch, TelemetrySeries, TelemetrySummary } from './schemas';
import {
  bearerIsOperator,
  type Intake,
  isOperator,
  purgeIntakeState,
  purgeTelemetry,
  recordBatch,
  series,
  summarize,
  wellFormed,
} from './service';

/**
 * Spec §2: more than 120 batches a minute from one client get 429 (counted in the database: all
 * instances together). The default of `rateLimits.telemetryBatches` (TELEMETRY_BATCHES_PER_MINUTE).
 */
export const BATCHES_PER_MINUTE = 120;
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Page hashes older than an hour and past client minutes go this often. */
const INTAKE_PURGE_EVERY_MS = 60 * 1000;
/** How long the deployment's list of versions is reused before it is read again. */
const DEPLOYMENT_TTL_MS = 10_000;

/** The section versions the deployment names per remote (null: no deployment); see releases' face. */
export type DeploymentReader = () => Promise<Intake['deployment']>;
const DAY_MS = 24 * 60 * 60 * 1000;
// Ordinary error bodies; 413 is not among the shared helper's statuses.
const beaconResponses: Record<number, TSchema> = {
  ...responses({ 204: { type: 'null', description: 'Counted.' } }, 403, 422, 429),
  413: Type.Ref('ErrorBody'),
};

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * A beacon carries no CSRF token, so the browser's own word decides: a request whose Origin is
 * present and not one of the app's origins, or whose Sec-Fetch-Site is cross-site, gets 403.
 * Runs before the body is read and before the rate limit counts it.
 */
async function refuseCrossSite(request: FastifyRequest) {
  const origin = header(request.headers.origin);
  const site = header(request.headers['sec-fetch-site']);
  if ((origin !== undefined && !request.server.ctx.appOrigins.has(origin)) || site === 'cross-site') {
    throw forbidden('telemetry.crossSite', 'telemetry.cross_site');
  }
}

/**
 * A client's text made well-formed before any check reads it (issue 37): a lone surrogate (an
 * emoji cut in half) or a NUL byte in an error's message or source costs neither the batch (the
 * platform refuses NUL with 422) nor a 503 (PostgreSQL's jsonb refuses both).
 */
function wellFormedEvents(value: unknown): unknown {
  const events = (value as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return value;
  for (const event of events) {
    if (!event || typeof event !== 'object') continue;
    const record = event as Record<string, unknown>;
    for (const field of ['message', 'source']) {
      if (typeof record[field] === 'string') record[field] = wellFormed(record[field]);
    }
  }
  return value;
}

/** Operators only: the bearer token, else a verified user in OPERATOR_EMAILS; 401 anonymous, 403 anyone else. */
export async function operatorsOnly(request: FastifyRequest) {
  const { ctx } = request.server;
  if (bearerIsOperator(ctx, header(request.headers.authorization))) return;
  if (!request.user) throw unauthenticated();
  if (!isOperator(ctx, request.user)) throw forbidden('telemetry.operatorsOnly', 'telemetry.operators_only');
}

/** `since` of a summary or series: an ISO time, default 24 h ago. */
function sinceOf(raw: string | undefined): Date {
  const since = raw ? new Date(raw) : new Date(Date.now() - DAY_MS);
  if (Number.isNaN(since.getTime())) {
    throw validationError({ since: [{ key: 'validation.invalid', vars: { field: 'since' } }] });
  }
  return since;
}

/**
 * The beacon intake and the operators' reads. `readDeployment` is the releases module's reading of
 * the deployment target (given by the composition: releases already depends on this module).
 */
async function telemetryPlugin(app: Parameters<FastifyPluginAsyncTypebox>[0], readDeployment: DeploymentReader) {
  const { db } = app.ctx;
  const beaconLimit = app.ctx.rateLimits.telemetryBatches;
  const pagesPerClient = app.ctx.rateLimits.telemetryPages.max;
  const personPages = app.ctx.rateLimits.telemetryPersonPages.max;

  // The deployment is read at most every DEPLOYMENT_TTL_MS; a target that cannot be read leaves
  // every version open (the per-client ceilings still hold) and says so in the log.
  let deployment: { at: number; value: Promise<Intake['deployment']> } | undefined;
  const deployed = () => {
    if (!deployment || Date.now() - deployment.at > DEPLOYMENT_TTL_MS) {
      const value = readDeployment().catch((err) => {
        app.log.warn({ err }, 'deployment not readable; telemetry takes every version under per-client ceilings');
        return null;
      });
      deployment = { at: Date.now(), value };
    }
    return deployment.value;
  };

  // sendBeacon sends a string as text/plain; JSON bodies too. Anything unreadable is 422 (spec: malformed),
  // nesting deeper than the platform's JSON limit included (this parser replaces the platform's here).
  const json = app.getDefaultJsonParser('error', 'error');
  const malformed = () => validationError({ body: [{ key: 'telemetry.notJson' }] });
  const parse = (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    const text = String(body);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(malformed());
    json(request, text, (error, value) => (error ? done(malformed()) : done(null, wellFormedEvents(value))));
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: MAX_BATCH_BYTES },
    parse,
  );

  app.post(
    '/api/telemetry',
    {
      bodyLimit: MAX_BATCH_BYTES,
      config: { beacon: true, rateLimit: { max: beaconLimit.max, timeWindow: beaconLimit.windowMs } },
      onRequest: refuseCrossSite,
      schema: {
        operationId: 'postTelemetry',
        summary: 'A page’s health events (navigator.sendBeacon); anonymous, no CSRF token, kept as aggregates only.',
        tags: ['shell'],
        consumes: ['application/json', 'text/plain'],
        body: TelemetryBatch,
        response: beaconResponses,
      },
    },
    async (request, reply) => {
      try {
        const userId = await beaconUserId(request);
        // TELEMETRY_SIGNED_IN_ONLY: an anonymous beacon is answered alike and counts for nothing.
        if (app.ctx.telemetrySignedInOnly && userId === null) return reply.code(204).send();
        const client = userId === null ? request.ip : `user:${userId}`;
        await recordBatch(db, request.body, { client, deployment: await deployed(), pagesPerClient, personPages });
      } catch (error) {
        if (error instanceof AppError) throw error;
        // Spec §2: never 500. A batch that cannot be stored is dropped; the collector never retries.
        request.log.error({ err: error }, 'telemetry batch not stored');
        throw new AppError(503, 'serviceUnavailable', 'service.unavailable', { headers: { 'retry-after': '60' } });
      }
      return reply.code(204).send();
    },
  );

  // The operators' reads of one section since a time (the guard, the Releases page): the same query, guard and errors.
  const operatorRead = <Body extends TSchema>(
    path: string,
    operationId: string,
    summary: string,
    body: Body,
    read: (remote: string, since: Date) => Promise<Static<Body>>,
  ) =>
    app.get(
      path,
      {
        preValidation: operatorsOnly,
        schema: {
          operationId,
          summary,
          tags: ['releases'],
          querystring: SummaryQuery,
          response: responses({ 200: body }, 401, 403, 422),
        },
      },
      async (request) => read(request.query.remote, sinceOf(request.query.since)),
    );
  operatorRead(
    '/api/telemetry/summary',
    'getTelemetrySummary',
    'Per version of a section since a time: pages, error pages with a Wilson 95 % interval, vitals p75, top errors. Operators only.',
    TelemetrySummary,
    (remote, since) => summarize(db, remote, since, personPages),
  );
  operatorRead(
    '/api/telemetry/series',
    'getTelemetrySeries',
    'Per version of a section since a time, in up to 60 time buckets: pages, error rate with a Wilson 95 % interval, LCP p75 (the Releases page’s charts). Operators only.',
    TelemetrySeries,
    (remote, since) => series(db, remote, since),
  );

  // Aggregates older than 30 days go (spec §2). Every instance may run it: a DELETE by age is idempotent.
  const timer = setInterval(() => {
    purgeTelemetry(db).catch((err) => app.log.warn({ err }, 'telemetry retention clean-up failed'));
  }, PURGE_EVERY_MS);
  timer.unref();
  const intakeTimer = setInterval(() => {
    purgeIntakeState(db).catch((err) => app.log.warn({ err }, 'telemetry page hashes clean-up failed'));
  }, INTAKE_PURGE_EVERY_MS);
  intakeTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(intakeTimer);
  });
}

export const telemetryRoutes =
  (readDeployment: DeploymentReader): FastifyPluginAsyncTypebox =>
  (app) =>
    telemetryPlugin(app, readDeployment);

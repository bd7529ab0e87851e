import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionState } from '../context';
import { AppError } from '../errors';
import { randomToken, safeEqual, sha256 } from '../security/tokens';
import {
  deleteIdleSessions,
  deleteSession,
  deleteSessionsBeyond,
  findActiveSession,
  insertSession,
  touchSession,
} from '../tenancy/sessions';
import { accessFromMember } from './authorization';

export const SESSION_COOKIE = 'lager_session';
const XSRF_COOKIE = 'XSRF-TOKEN';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Writing last_activity on every request would double the writes; a minute of slack is harmless.
const TOUCH_AFTER_MS = 60_000;
/**
 * Sessions one user keeps (browsers and devices): a login beyond it ends the least recently active
 * one. Login limits count failures only, so without it someone who knows one password could add a
 * session row per request until the idle timeout.
 */
export const MAX_SESSIONS_PER_USER = 20;

function cutoff(app: FastifyInstance): Date {
  return new Date(Date.now() - app.ctx.sessionIdleMinutes * 60_000);
}

/** Session cookies only: no Expires/Max-Age, so the browser drops them when it closes. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, rawId: string, csrf: string) {
  const secure = request.protocol === 'https';
  reply.setCookie(SESSION_COOKIE, rawId, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.setCookie(XSRF_COOKIE, csrf, { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

/**
 * A visitor who is not logged in has nothing worth a database row: their session is only a CSRF
 * token, kept in a signed cookie `a.<issued>.<csrf>.<mac>` (APP_KEY signs it, so every instance
 * accepts it). A flood of `GET /sanctum/csrf-cookie` therefore writes nothing.
 */
const ANONYMOUS_PREFIX = 'a.';
const anonymousMac = (appKey: string, issued: string, csrf: string) =>
  createHmac('sha256', appKey).update(`anonymous|${issued}|${csrf}`).digest('base64url');

function anonymousCookie(app: FastifyInstance, csrf: string, issuedAt = Date.now()) {
  const issued = issuedAt.toString(36);
  return `${ANONYMOUS_PREFIX}${issued}.${csrf}.${anonymousMac(app.ctx.appKey, issued, csrf)}`;
}

/** The anonymous session in a cookie, or null when it is forged, malformed or idle for too long. */
function readAnonymousCookie(app: FastifyInstance, raw: string): SessionState | null {
  const [issued = '', csrf = '', mac = ''] = raw.slice(ANONYMOUS_PREFIX.length).split('.');
  if (!csrf || !safeEqual(mac, anonymousMac(app.ctx.appKey, issued, csrf))) return null;
  const lastActivity = new Date(Number.parseInt(issued, 36));
  if (!(lastActivity > cutoff(app))) return null;
  return { id: '', csrfToken: csrf, userId: null, lastActivity };
}

/** A session that has a database row (anonymous ones have none: id ''). */
const isStored = (session: SessionState | null): session is SessionState => !!session?.id;

/** Drops the current session (if any) and starts a new one with a new id and CSRF token. */
export async function regenerateSession(request: FastifyRequest, reply: FastifyReply, userId: number | null) {
  const { db } = request.server.ctx;
  if (isStored(request.session)) await deleteSession(db, request.session.id);
  if (userId === null) {
    const state: SessionState = { id: '', csrfToken: randomToken(30), userId: null, lastActivity: new Date() };
    request.session = state;
    setSessionCookies(request, reply, anonymousCookie(request.server, state.csrfToken), state.csrfToken);
    return state;
  }
  const rawId = randomToken(30);
  const state: SessionState = { id: sha256(rawId), csrfToken: randomToken(30), userId, lastActivity: new Date() };
  await insertSession(db, {
    id: state.id,
    csrfToken: state.csrfToken,
    userId,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    lastActivity: state.lastActivity,
  });
  await deleteSessionsBeyond(db, userId, MAX_SESSIONS_PER_USER);
  request.session = state;
  setSessionCookies(request, reply, rawId, state.csrfToken);
  return state;
}

export async function purgeExpiredSessions(app: FastifyInstance) {
  await deleteIdleSessions(app.ctx.db, cutoff(app));
}

async function loadSession(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw || raw.length > 100) return;
  if (raw.startsWith(ANONYMOUS_PREFIX)) {
    const anonymous = readAnonymousCookie(request.server, raw);
    if (!anonymous) return;
    request.session = anonymous;
    // Sliding idle timeout without a row: re-sign the cookie now and then.
    if (Date.now() - anonymous.lastActivity.getTime() > TOUCH_AFTER_MS) {
      const fresh = anonymousCookie(request.server, anonymous.csrfToken);
      setSessionCookies(request, reply, fresh, anonymous.csrfToken);
    }
    return;
  }
  const { db } = request.server.ctx;
  const id = sha256(raw);
  // Routes with warehouse rules (and /api/user/permissions) get the current warehouse's access in the same query.
  const { access, currentAccess } = request.routeOptions.config;
  const row = await findActiveSession(db, id, cutoff(request.server), {
    withCurrentAccess: Boolean(access || currentAccess),
  });
  if (!row) return;
  const { session } = row;
  request.session = { id, csrfToken: session.csrfToken, userId: session.userId, lastActivity: session.lastActivity };
  request.user = row.user;
  const current = row.user?.currentWarehouseId;
  if (row.user && current != null && row.currentMember) {
    // The same query read the membership in the current warehouse: its access checks need no query.
    const access = accessFromMember(row.user.id, current, row.currentMember.ownerId, row.currentMember);
    request.accessCache = new Map([[current, { exists: true, access }]]);
  }
  if (Date.now() - session.lastActivity.getTime() > TOUCH_AFTER_MS) {
    await touchSession(db, id);
  }
}

/**
 * The signed-in user behind a beacon's session cookie, or null (beacon routes load no session:
 * this reads it without touching or re-issuing anything).
 */
export async function beaconUserId(request: FastifyRequest): Promise<number | null> {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw || raw.length > 100 || raw.startsWith(ANONYMOUS_PREFIX)) return null;
  const row = await findActiveSession(request.server.ctx.db, sha256(raw), cutoff(request.server), {
    withCurrentAccess: false,
  });
  return row?.session.userId ?? null;
}

/** Loads the session behind the cookie and enforces the XSRF double-submit check. */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.beacon) return;
      await loadSession(request, reply);
      if (!WRITE_METHODS.has(request.method)) return;
      const header = request.headers['x-xsrf-token'];
      const token = Array.isArray(header) ? header[0] : header;
      if (!request.session || !token || !safeEqual(token, request.session.csrfToken)) {
        throw new AppError(419, 'csrfMismatch', 'csrf.mismatch');
      }
    });
  },
  { name: 'lager-session', dependencies: ['@fastify/cookie'] },
);

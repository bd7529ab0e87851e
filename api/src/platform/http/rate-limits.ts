import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimit } from '../context';
import { AppError } from '../errors';
import { type Counters, databaseCounters } from '../rate-limit/counters';
import { LoginThrottle } from '../rate-limit/login-throttle';
import { counterStore } from '../rate-limit/store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared fixed-window counters (in the database: every instance counts together). */
    counters: Counters;
    loginThrottle: LoginThrottle;
  }
}

const PURGE_EVERY_MS = 10 * 60_000;
const scaled = (limit: RateLimit, factor: number): RateLimit => ({ max: limit.max * factor, windowMs: limit.windowMs });

/**
 * Every limit on counters in the database: @fastify/rate-limit's per-route limits (by client
 * address, which `trustProxy` makes the real one behind the configured proxies) and the login
 * throttle with its three ceilings. Unless configured, an account takes 4× and an address 6× the
 * per-pair login limit (20 and 30 a minute by default).
 */
async function rateLimits(app: FastifyInstance) {
  const counters = databaseCounters(app.ctx.db);
  const { login, loginPerAccount, loginPerIp } = app.ctx.rateLimits;
  app.decorate('counters', counters);
  app.decorate(
    'loginThrottle',
    new LoginThrottle(counters, {
      login,
      loginPerAccount: loginPerAccount ?? scaled(login, 4),
      loginPerIp: loginPerIp ?? scaled(login, 6),
    }),
  );
  await app.register(rateLimit, {
    global: false,
    // The store's callback shape is what @fastify/rate-limit calls; its declared type is narrower.
    store: counterStore(counters) as never,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'throttled', 'throttle', { headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) } }),
  });
  const timer = setInterval(() => {
    counters.purge().catch((err) => app.log.warn({ err }, 'rate-limit counter cleanup failed'));
  }, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export const rateLimitsPlugin = fp(rateLimits, { name: 'lager-rate-limits' });

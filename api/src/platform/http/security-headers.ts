import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The API serves JSON only: nothing may load, run or frame it. */
const API_CSP = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};
const DOCS_PREFIX = '/api/docs';
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * @fastify/helmet on every answer (nosniff, frame denial, Referrer-Policy, CORP...), a CSP
 * that allows nothing, and `Cache-Control: no-store` on answers for a logged-in user so a shared
 * computer's cache never keeps someone's data. `Strict-Transport-Security` only on answers to HTTPS
 * requests (RFC 6797 §7.2: a host must not send it over plain HTTP): the socket was TLS, or a proxy
 * named in TRUST_PROXY said so with X-Forwarded-Proto (Fastify's `request.protocol`). The docs UI (not in production) keeps helmet's
 * other headers but needs its own inline scripts, so it is left without the strict CSP.
 */
async function securityHeaders(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) {
      route.config = { ...route.config, helmet: { contentSecurityPolicy: false } } as typeof route.config;
    }
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP },
    // The web app calls the API from its remotes' origins with CORS; same-site keeps other sites out.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Set here, not in the handlers: any answer for a logged-in user may hold their data.
    if (request.user && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

// Registered first, before the session plugin, so even a 419 from the session check carries the headers.
export const securityHeadersPlugin = fp(securityHeaders, { name: 'lager-security-headers' });

/**
 * Issue 18 items 7 and 11: the environment is validated before anything is opened (one line per
 * problem), the docs are not public in production, and every API answer carries the security
 * headers (no-store once logged in).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, configFromEnv } from '../src/config';
import type { Database } from '../src/platform/db/client';
import { buildTestApp, loggedIn, TEST_HASH, useTestApp } from './helpers';

const dataDir = () => mkdtempSync(join(tmpdir(), 'lager-config-'));
const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    configFromEnv({ DATA_DIR: dataDir(), ...env });
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
};

describe('configuration from the environment', () => {
  it('accepts the defaults and a complete production environment', () => {
    expect(problemsOf({})).toEqual([]);
    const config = configFromEnv({
      NODE_ENV: 'production',
      PORT: '8080',
      APP_URL: 'https://lager.example/',
      APP_KEY: 'k'.repeat(40),
      DATABASE_URL: 'postgres://lager:pw@db.internal:5432/lager',
      SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      DATA_DIR: dataDir(),
    });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://lager.example',
      production: true,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
    });
  });

  it.each([
    ['PORT', '', /^PORT="": expected a port number 0-65535$/],
    ['PORT', 'eighty', /^PORT="eighty": expected a port number/],
    ['PORT', '70000', /^PORT="70000": expected a port number/],
    ['APP_URL', 'notaurl', /^APP_URL="notaurl": expected the absolute http\(s\) URL/],
    ['APP_URL', 'ftp://x.example', /^APP_URL="ftp:\/\/x.example"/],
    ['DATABASE_URL', 'notaurl', /^DATABASE_URL="notaurl": expected a PostgreSQL URL/],
    ['SMTP_URL', 'mail.example', /^SMTP_URL="mail.example": expected an SMTP URL/],
    ['TRUST_PROXY', 'true', /^TRUST_PROXY="true": expected the addresses of the proxies/],
    ['TRUST_PROXY', '1', /^TRUST_PROXY="1"/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL="loud"/],
  ])('reports %s=%j in one clear line', (name, value, line) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(line);
  });

  it('wants a long APP_KEY in production only', () => {
    expect(problemsOf({ APP_KEY: 'x'.repeat(20) })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', APP_KEY: 'x'.repeat(20) })).toEqual([
      'APP_KEY: expected at least 32 characters in production (got 20)',
    ]);
  });

  it('reports an unusable DATA_DIR at once instead of hanging, and every problem in one go', () => {
    const started = Date.now();
    const problems = problemsOf({ DATA_DIR: '/proc/x/lager', PORT: 'x', APP_URL: 'notaurl' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('DATA_DIR='))).toMatch(
      /^DATA_DIR="\/proc\/x\/lager": expected a writable directory \(.+\)$/,
    );
  });
});

describe('security headers and docs', () => {
  let database: Database;
  let app: FastifyInstance;
  useTestApp(__filename, (t) => ({ database, app } = t));

  it('sends helmet headers and a CSP that allows nothing on every API answer', async () => {
    const res = await app.inject({ url: '/api/industries' });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    // Plain HTTP: no HSTS (issue 23 §4; over HTTPS it is sent, see hardening-residuals.test.ts).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBeUndefined();
    const notFound = await app.inject({ url: '/api/nothing' });
    expect(notFound.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks answers for a logged-in user Cache-Control: no-store', async () => {
    const { client } = await loggedIn(app);
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('serves no OpenAPI document or docs UI in production', async () => {
    const { startServer } = await import('../src/start');
    const server = await startServer({
      port: 0,
      dataDir: dataDir(),
      production: true,
      hashOptions: TEST_HASH,
      scheduleJobs: false,
    });
    try {
      expect((await fetch(`${server.url}/api/docs/json`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/docs`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
    const { app: withDocs } = await buildTestApp(database, { docs: true });
    const docs = await withDocs.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    await withDocs.close();
  }, 60_000);
});

describe('DIGEST_POLL_MS', () => {
  it('is validated at start like every variable: default a minute, a bad value is one line', () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'lager-digest-config-')) };
    expect(configFromEnv(env).digestPollMs).toBe(60_000);
    expect(configFromEnv({ ...env, DIGEST_POLL_MS: '250' }).digestPollMs).toBe(250);
    expect(() => configFromEnv({ ...env, DIGEST_POLL_MS: '10' })).toThrow(
      'DIGEST_POLL_MS="10": expected milliseconds from 50 to 3600000 between two runs of the low-stock digest queue (default 60000)',
    );
  });
});

import type { FastifyInstance } from 'fastify';
import { buildTestApp, Client, createUser, loggedIn, PASSWORD, useTestApp } from '../../../test/helpers';
import type { Database } from '../../platform/db/client';
import type { OutboxMail } from '../../platform/mail/transport';
import { rateLimitCounters } from '../../platform/rate-limit/tables';
import { verificationUrl } from '../../platform/security/tokens';

let database: Database;
let app: FastifyInstance;
let sent: OutboxMail[];

useTestApp(__filename, (t) => ({ database, app, sent } = t));

const lastMailTo = (email: string) => sent.filter((m) => m.to === email).at(-1)!;
const linkIn = (mail: OutboxMail, pattern: RegExp) => mail.text.match(pattern)![0];

describe('e-mail verification', () => {
  it('sends a new link (202), and 200 once verified', async () => {
    const { user, client } = await loggedIn(app, { verified: false });
    const res = await client.post('/api/email/verification-notification');
    expect(res.statusCode).toBe(202);
    expect(lastMailTo(user.email).subject).toBe('Verify your email address');
    const { client: verified } = await loggedIn(app);
    expect((await verified.post('/api/email/verification-notification')).statusCode).toBe(200);
    expect((await new Client(app).post('/api/email/verification-notification')).statusCode).toBe(401);
  });

  it('verifies through the mailed link of the logged-in user', async () => {
    const { user, client } = await loggedIn(app, { verified: false });
    expect((await client.get('/api/email/verification-status')).json()).toEqual({
      verified: false,
      email_verified_at: null,
    });
    await client.post('/api/email/verification-notification');
    const url = new URL(linkIn(lastMailTo(user.email), /http:\/\/web\.test\/email\/verify\S+/));
    const res = await client.get(`/api${url.pathname}${url.search}`);
    expect(res.statusCode).toBe(200);
    const status = (await client.get('/api/email/verification-status')).json();
    expect(status.verified).toBe(true);
    expect(status.email_verified_at).toEqual(expect.any(String));
  });

  it('answers 403 for a forged, expired or foreign link, and 401 when logged out', async () => {
    const { user, client } = await loggedIn(app, { verified: false });
    const good = new URL(verificationUrl('http://web.test', 'test-app-key', user.id, user.email));
    const forged = await client.get(
      `/api${good.pathname}?expires=${good.searchParams.get('expires')}&signature=${'0'.repeat(64)}`,
    );
    expect(forged.statusCode).toBe(403);
    const old = new URL(
      verificationUrl('http://web.test', 'test-app-key', user.id, user.email, Date.now() - 2 * 3600_000),
    );
    expect((await client.get(`/api${old.pathname}${old.search}`)).statusCode).toBe(403);
    const { client: other } = await loggedIn(app, { verified: false });
    expect((await other.get(`/api${good.pathname}${good.search}`)).statusCode).toBe(403);
    expect((await new Client(app).get(`/api${good.pathname}${good.search}`)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers 200 for unknown addresses and sends nothing', async () => {
    const before = sent.length;
    const res = await new Client(app).post('/api/forgot-password', { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(200);
    expect(sent.length).toBe(before);
    expect((await new Client(app).post('/api/forgot-password', { email: 'bad' })).statusCode).toBe(422);
  });

  it('mails a link whose token validates, resets once, and logs in with the new password', async () => {
    const user = await createUser(app);
    const client = new Client(app);
    expect((await client.post('/api/forgot-password', { email: user.email })).statusCode).toBe(200);
    const link = new URL(linkIn(lastMailTo(user.email), /http:\/\/web\.test\/reset-password\S+/));
    const token = link.searchParams.get('token')!;
    expect(link.searchParams.get('email')).toBe(user.email);
    expect((await client.post('/api/validate-reset-token', { token, email: user.email })).json()).toEqual({
      valid: true,
    });
    const bad = await client.post('/api/validate-reset-token', { token: 'nope', email: user.email });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Invalid or expired token.');
    const reset = { token, email: user.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' };
    expect((await client.post('/api/reset-password', reset)).statusCode).toBe(200);
    const again = await client.post('/api/reset-password', reset);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Invalid or expired token.');
    expect((await client.post('/api/login', { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await client.post('/api/reset-password', { ...reset, password_confirmation: 'x' })).statusCode).toBe(422);
  });
});

describe('rate limits', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    const one = { max: 2, windowMs: 60_000 };
    ({ app: limited } = await buildTestApp(database, {
      rateLimits: {
        login: { max: 5, windowMs: 60_000 },
        register: one,
        checkEmail: one,
        forgotPassword: one,
        verificationNotification: one,
      },
    }));
  });
  afterAll(() => limited.close());
  // Counters live in the database and every instance on it shares them: start each case from zero,
  // not from what the generous app above counted for 127.0.0.1.
  beforeEach(() => limited.ctx.db.delete(rateLimitCounters));

  it('answers 429 with Retry-After after 5 failed logins per e-mail and IP', async () => {
    const user = await createUser(limited);
    const client = new Client(limited);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/login', { email: user.email, password: 'wrong-pass' })).statusCode).toBe(422);
    }
    const blocked = await client.post('/api/login', { email: user.email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ code: 'auth.throttled' });
    // A front end on another origin may read the header (issue 16 item 4: the form says how long to wait).
    const cross = await client.request(
      'POST',
      '/api/login',
      { email: user.email, password: PASSWORD },
      {
        origin: 'http://web.test',
      },
    );
    expect(cross.statusCode).toBe(429);
    expect(String(cross.headers['access-control-expose-headers']).toLowerCase()).toContain('retry-after');
    // Another address from the same IP is not blocked.
    const other = await createUser(limited);
    expect((await client.post('/api/login', { email: other.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it.each([
    [
      'POST',
      '/api/register',
      { name: 'a', email: 'x@y.z', password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
    ],
    ['GET', '/api/check-email?email=x@y.z', undefined],
    ['POST', '/api/forgot-password', { email: 'x@y.z' }],
  ])('limits %s %s', async (method, url, body) => {
    const client = new Client(limited);
    for (let i = 0; i < 2; i++) expect((await client.request(method as 'GET', url, body)).statusCode).not.toBe(429);
    const res = await client.request(method as 'GET', url, body);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toMatchObject({ message: 'Too Many Attempts.', code: 'throttle' });
  });

  it('limits verification-notification', async () => {
    const { client } = await loggedIn(limited, { verified: false });
    for (let i = 0; i < 2; i++)
      expect((await client.post('/api/email/verification-notification')).statusCode).toBe(202);
    expect((await client.post('/api/email/verification-notification')).statusCode).toBe(429);
  });
});

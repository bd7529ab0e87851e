import type { FastifyInstance } from 'fastify';
import { buildTestApp, Client, createUser, PASSWORD, uniqueEmail, useTestApp } from '../../../test/helpers';
import type { Database } from '../../platform/db/client';

let database: Database;
let app: FastifyInstance;
let sent: { to: string; subject: string; text: string }[];

useTestApp(__filename, (t) => ({ database, app, sent } = t));

describe('csrf cookie', () => {
  it('answers 204 with session cookies without Expires or Max-Age', async () => {
    const res = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    expect(setCookie).toHaveLength(2);
    for (const cookie of setCookie) {
      expect(cookie).not.toMatch(/expires|max-age/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
    const xsrf = setCookie.find((c) => c.startsWith('XSRF-TOKEN='))!;
    const session = setCookie.find((c) => c.startsWith('lager_session='))!;
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(session).toMatch(/HttpOnly/i);
  });

  it('says whether the session has a user (X-Lager-Signed-In), so a logged-out start skips GET api/user', async () => {
    const client = new Client(app);
    expect((await client.csrf()).headers['x-lager-signed-in']).toBe('0');
    const user = await createUser(app);
    await client.login(user.email);
    expect((await client.csrf()).headers['x-lager-signed-in']).toBe('1');
    await client.post('/api/logout');
    expect((await client.csrf()).headers['x-lager-signed-in']).toBe('0');
  });

  it('marks cookies Secure behind an HTTPS proxy', async () => {
    const { app: proxied } = await buildTestApp(database, { trustProxy: true });
    const res = await proxied.inject({
      method: 'GET',
      url: '/sanctum/csrf-cookie',
      headers: { 'x-forwarded-proto': 'https' },
    });
    for (const cookie of [res.headers['set-cookie']].flat()) expect(cookie).toMatch(/;\s*Secure/i);
    await proxied.close();
  });

  it('rejects writes without or with a wrong X-XSRF-TOKEN with 419', async () => {
    const credentials = { email: 'a@b.c', password: 'x' };
    const bare = await app.inject({ method: 'POST', url: '/api/login', payload: credentials });
    expect(bare.statusCode).toBe(419);
    expect(bare.json()).toMatchObject({ message: 'CSRF token mismatch.' });
    // With the session's cookie (request() asks for it first) but a token that is not its own.
    const wrong = await new Client(app).request('POST', '/api/login', credentials, { 'x-xsrf-token': 'nope' });
    expect(wrong.statusCode).toBe(419);
  });
});

describe('register', () => {
  it('creates the user, answers 201 and sends a verification mail with a signed link', async () => {
    const client = new Client(app);
    const email = uniqueEmail('reg');
    const res = await client.post('/api/register', {
      name: 'Reg',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toEqual(expect.any(String));
    const mail = sent.find((m) => m.to === email)!;
    expect(mail.text).toMatch(
      /http:\/\/web\.test\/email\/verify\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]{64}/,
    );
    // Register does not log in.
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('answers 422 per field in Laravel shape, translated', async () => {
    const client = new Client(app);
    client.lang = 'de';
    const res = await client.post('/api/register', {
      name: '',
      email: 'no-mail',
      password: 'short',
      password_confirmation: 'x',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['name', 'email', 'password', 'accept_terms']));
    expect(body.errors.name[0]).toBe('Das Feld name ist erforderlich.');
    client.lang = 'en';
    const en = await client.post('/api/register', {
      name: 'x',
      email: 'no-mail',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    });
    expect(en.json().errors.email[0]).toBe('The email field must be a valid email address.');
  });

  it('rejects a taken e-mail, a mismatched confirmation and missing terms', async () => {
    const user = await createUser(app);
    const client = new Client(app);
    const body = {
      name: 'x',
      email: user.email,
      password: PASSWORD,
      password_confirmation: 'other-password',
      accept_terms: true,
    };
    const res = await client.post('/api/register', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('email.taken');
    expect(res.json().errors.email[0]).toContain('already taken');
    expect(res.json().errors.password[0]).toBe('The password field confirmation does not match.');
    const terms = await client.post('/api/register', { ...body, email: uniqueEmail(), accept_terms: false });
    expect(terms.json().errors).toEqual({ accept_terms: ['The accept terms field must be accepted.'] });
  });
});

describe('check-email', () => {
  it('tells whether an address is free', async () => {
    const user = await createUser(app);
    const client = new Client(app);
    expect((await client.get(`/api/check-email?email=${encodeURIComponent(user.email)}`)).json()).toEqual({
      available: false,
    });
    expect((await client.get(`/api/check-email?email=${uniqueEmail()}`)).json()).toEqual({ available: true });
    expect((await client.get('/api/check-email?email=bad')).statusCode).toBe(422);
  });
});

describe('login and logout', () => {
  it('logs in, returns the user and regenerates the session id', async () => {
    const user = await createUser(app);
    const client = new Client(app);
    await client.csrf();
    const before = client.cookies.get('lager_session');
    const res = await client.post('/api/login', { email: user.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified_at: expect.any(String),
      current_warehouse_id: null,
    });
    const after = client.cookies.get('lager_session');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // The pre-login session id is dead: fixation gains nothing.
    const fixated = await app.inject({ method: 'GET', url: '/api/user', cookies: { lager_session: before! } });
    expect(fixated.statusCode).toBe(401);
    expect((await client.get('/api/user')).json().id).toBe(user.id);
  });

  it('rejects wrong credentials with 422 on email', async () => {
    const user = await createUser(app);
    const client = new Client(app);
    const res = await client.post('/api/login', { email: user.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'These credentials do not match our records.',
      code: 'auth.failed',
      errors: { email: ['These credentials do not match our records.'] },
    });
    expect((await client.post('/api/login', {})).json().errors).toHaveProperty('password');
  });

  it('destroys the session on logout', async () => {
    const user = await createUser(app);
    const client = new Client(app);
    await client.login(user.email);
    const old = client.cookies.get('lager_session')!;
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const replay = await app.inject({ method: 'GET', url: '/api/user', cookies: { lager_session: old } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: 'Unauthenticated.' });
  });

  it('expires sessions idle for more than 120 minutes', async () => {
    const user = await createUser(app);
    const client = new Client(app);
    await client.login(user.email);
    const { sessions } = await import('../../platform/tenancy/tables');
    const { eq } = await import('drizzle-orm');
    await app.ctx.db
      .update(sessions)
      .set({ lastActivity: new Date(Date.now() - 121 * 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});

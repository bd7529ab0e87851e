/**
 * Issue 18 item 3: limits that hold. Attempts are counted before the password is checked, in the
 * database (two API instances count together), by the real client address behind the one trusted
 * proxy, with a ceiling per account across addresses and per address across accounts.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../src/platform/db/client';
import { buildTestApp, createUser, GENEROUS_LIMITS, openTestDatabase, PASSWORD } from './helpers';

let database: Database;
const apps: FastifyInstance[] = [];
const MINUTE = 60_000;
const LIMITS = {
  ...GENEROUS_LIMITS,
  login: { max: 5, windowMs: MINUTE },
  register: { max: 3, windowMs: MINUTE },
};

beforeAll(async () => {
  database = await openTestDatabase(__filename);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

/** An instance like `npm start` runs it: behind the shell's proxy on 127.0.0.1, trusting only it. */
async function instance(options: { trustProxy?: string[] } = {}) {
  const { app } = await buildTestApp(database, { rateLimits: LIMITS, trustProxy: options.trustProxy ?? ['127.0.0.1'] });
  apps.push(app);
  return app;
}

/** A browser at `ip` (behind the proxy unless `direct`): its own anonymous session and XSRF token. */
async function visitor(app: FastifyInstance, ip: string, { direct = false } = {}) {
  const network: Partial<InjectOptions> = direct
    ? { remoteAddress: ip }
    : { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ip } };
  const csrf = await app.inject({ ...network, url: '/sanctum/csrf-cookie' });
  const cookies = csrf.cookies as { name: string; value: string }[];
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      ...network,
      method: 'POST',
      url,
      payload,
      headers: { ...(network.headers as object), cookie, 'x-xsrf-token': xsrf, ...headers },
    });
}

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe('login throttle', () => {
  it('lets at most 5 of 100 parallel wrong logins for one account reach the password check', async () => {
    const app = await instance();
    const user = await createUser(app);
    const send = await visitor(app, '198.51.100.10');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => send('/api/login', { email: user.email, password: 'wrong-password' })),
    );
    const counts = statuses(results);
    expect(counts[422]).toBeLessThanOrEqual(5);
    expect((counts[422] ?? 0) + (counts[429] ?? 0)).toBe(100);
    const throttled = results.find((r) => r.statusCode === 429)!;
    expect(throttled.json()).toMatchObject({ code: 'auth.throttled' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits now.
    expect((await send('/api/login', { email: user.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('counts across two API instances on one database: 5 attempts in total, not 5 each', async () => {
    const [first, second] = [await instance(), await instance()];
    const user = await createUser(first);
    const onFirst = await visitor(first, '198.51.100.20');
    const onSecond = await visitor(second, '198.51.100.20');
    const results = [];
    for (let i = 0; i < 4; i += 1) {
      results.push(await onFirst('/api/login', { email: user.email, password: 'wrong' }));
      results.push(await onSecond('/api/login', { email: user.email, password: 'wrong' }));
    }
    expect(results.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
  });

  it('behind the proxy, one client locks only itself: another address still may try', async () => {
    const app = await instance();
    const user = await createUser(app);
    const attacker = await visitor(app, '203.0.113.66');
    for (let i = 0; i < 5; i += 1) await attacker('/api/login', { email: user.email, password: 'wrong' });
    expect((await attacker('/api/login', { email: user.email, password: 'wrong' })).statusCode).toBe(429);
    const owner = await visitor(app, '198.51.100.30');
    expect((await owner('/api/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from the configured proxy: a direct client cannot rotate it', async () => {
    const app = await instance();
    const user = await createUser(app);
    const direct = await visitor(app, '203.0.113.77', { direct: true });
    const codes = [];
    for (let i = 0; i < 8; i += 1) {
      const spoofed = { 'x-forwarded-for': `10.0.${i}.1` };
      codes.push((await direct('/api/login', { email: user.email, password: 'wrong' }, spoofed)).statusCode);
    }
    expect(codes).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
  });

  it('has a ceiling per account across addresses (4x) and per address across accounts (6x)', async () => {
    const app = await instance();
    const user = await createUser(app);
    const perAccount = [];
    for (let i = 0; i < 22; i += 1) {
      const send = await visitor(app, `192.0.2.${i + 1}`);
      perAccount.push((await send('/api/login', { email: user.email, password: 'wrong' })).statusCode);
    }
    expect(perAccount.filter((s) => s === 422)).toHaveLength(20);
    expect(perAccount.slice(20)).toEqual([429, 429]);

    const scanner = await visitor(app, '203.0.113.99');
    const perIp = [];
    for (let i = 0; i < 32; i += 1) {
      perIp.push((await scanner('/api/login', { email: `nobody-${i}@example.test`, password: 'wrong' })).statusCode);
    }
    expect(perIp.filter((s) => s === 422)).toHaveLength(30);
    expect(perIp.slice(30)).toEqual([429, 429]);
  });

  it('counts only failed logins against an address: 40 good logins from one office in a minute pass', async () => {
    const app = await instance();
    const office = await visitor(app, '198.51.100.60');
    const people = await Promise.all(Array.from({ length: 40 }, () => createUser(app)));
    const codes = [];
    for (const person of people) {
      codes.push((await office('/api/login', { email: person.email, password: PASSWORD })).statusCode);
    }
    expect(codes.every((c) => c === 200)).toBe(true);
  });

  it('starts the count again after a successful login', async () => {
    const app = await instance();
    const user = await createUser(app);
    const send = await visitor(app, '198.51.100.40');
    for (let i = 0; i < 4; i += 1) await send('/api/login', { email: user.email, password: 'wrong' });
    expect((await send('/api/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    const again = await visitor(app, '198.51.100.40');
    for (let i = 0; i < 4; i += 1) {
      expect((await again('/api/login', { email: user.email, password: 'wrong' })).statusCode).toBe(422);
    }
  });
});

describe('route limits', () => {
  it('limits registrations per client address across two instances', async () => {
    const [first, second] = [await instance(), await instance()];
    const register = (send: Awaited<ReturnType<typeof visitor>>, n: number) =>
      send('/api/register', {
        name: 'R',
        email: `limit-${n}-${Date.now()}@example.test`,
        password: 'secret-password',
        password_confirmation: 'secret-password',
        accept_terms: true,
      });
    const a = await visitor(first, '198.51.100.50');
    const b = await visitor(second, '198.51.100.50');
    const codes = [
      (await register(a, 1)).statusCode,
      (await register(b, 2)).statusCode,
      (await register(a, 3)).statusCode,
      (await register(b, 4)).statusCode,
    ];
    expect(codes).toEqual([201, 201, 201, 429]);
    // Another address behind the same proxy is not blocked by the first one's registrations.
    const other = await visitor(first, '198.51.100.51');
    expect((await register(other, 5)).statusCode).toBe(201);
  });
});

/**
 * Issue 23 §4, security and reliability residuals: HSTS only over HTTPS, a per-account ceiling
 * on reset and verification mails (in the database, across instances), access-log rows that
 * survive a database outage, and anonymous floods that grow no table faster than its limits.
 */
import { Writable } from 'node:stream';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { BEACONS_PER_MINUTE, TELEMETRY_NEW_ROWS_PER_MINUTE } from '../src/modules/telemetry';
import { ANONYMOUS_ROWS_PER_IP_PER_MINUTE } from '../src/platform/access-log/plugin';
import { accessLogs } from '../src/platform/access-log/tables';
import type { Database } from '../src/platform/db/client';
import { MAX_SESSIONS_PER_USER } from '../src/platform/http/session';
import {
  buildTestApp,
  Client,
  createUser,
  GENEROUS_LIMITS,
  loggedIn,
  openTestDatabase,
  PASSWORD,
  TEST_HASH,
  type TestApp,
  uniqueEmail,
} from './helpers';

let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openTestDatabase(__filename);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

async function instance(options: Parameters<typeof buildTestApp>[1] = {}): Promise<TestApp> {
  const built = await buildTestApp(database, options);
  apps.push(built.app);
  return built;
}

/** A browser at client address `ip` (Client keeps its cookies and XSRF token). */
const clientAt = (app: FastifyInstance, ip: string) =>
  new Client({
    inject: (options: InjectOptions) => app.inject({ ...options, remoteAddress: ip }),
  } as unknown as FastifyInstance);

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';

  it('is not sent over plain HTTP, nor when an untrusted client claims X-Forwarded-Proto: https', async () => {
    const { app } = await instance({ trustProxy: ['127.0.0.1'] });
    const plain = await app.inject({ url: '/api/industries' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await app.inject({
      url: '/api/industries',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    // The other helmet headers stay on every answer.
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is sent when the trusted proxy says the request came over HTTPS, on errors too', async () => {
    const { app } = await instance({ trustProxy: ['127.0.0.1'] });
    const https = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } };
    expect((await app.inject({ url: '/api/industries', ...https })).headers['strict-transport-security']).toBe(HSTS);
    const missing = await app.inject({ url: '/api/nothing-here', ...https });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['strict-transport-security']).toBe(HSTS);
    const viaHttp = await app.inject({
      url: '/api/industries',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('mails per account', () => {
  /** The default: 10 of each kind an hour. */
  const CEILING = 10;

  it('refuses one verification mail more than the ceiling in an hour with 429, Retry-After and a translated text, across instances', async () => {
    const first = await instance();
    const second = await instance();
    const user = await createUser(first.app, { verified: false });
    const a = new Client(first.app);
    await a.login(user.email);
    // The same session on the second instance (one database): the ceiling is the account's, not the process's.
    const b = new Client(second.app);
    b.cookies = a.cookies;
    const codes: number[] = [];
    for (let i = 0; i < CEILING + 1; i += 1) {
      codes.push((await (i % 2 ? b : a).post('/api/email/verification-notification')).statusCode);
    }
    expect(first.app.ctx.rateLimits.mailPerAccount).toEqual({ max: CEILING, windowMs: 3_600_000 });
    expect(codes).toEqual([...Array(CEILING).fill(202), 429]);
    const mails = [...first.sent, ...second.sent].filter((m) => m.to === user.email);
    expect(mails).toHaveLength(CEILING);

    const refused = await a.post('/api/email/verification-notification');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      code: 'mail.too_many',
      message: expect.stringMatching(/^Too many e-mails for this account\. Please try again in \d+ min\.$/),
    });
    a.lang = 'de';
    expect((await a.post('/api/email/verification-notification')).json().message).toMatch(
      /^Zu viele E-Mails für dieses Konto\. Bitte versuchen Sie es in \d+ Min\. erneut\.$/,
    );
    expect([...first.sent, ...second.sent].filter((m) => m.to === user.email)).toHaveLength(CEILING);
  });

  it('counts the registration mail and e-mail changes too: a changed address gets no mail over the ceiling', async () => {
    const { app, sent } = await instance();
    const email = uniqueEmail('reg');
    const client = new Client(app);
    const registered = await client.post('/api/register', {
      name: 'R',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    });
    expect(registered.statusCode).toBe(201);
    await client.login(email);
    const codes: number[] = [];
    for (let i = 0; i < CEILING; i += 1) {
      codes.push((await client.post('/api/email/verification-notification')).statusCode);
    }
    expect(codes).toEqual([...Array(CEILING - 1).fill(202), 429]);
    const changed = uniqueEmail('changed');
    const update = await client.put('/api/profile/update', { name: 'R', email: changed });
    expect(update.statusCode).toBe(200);
    expect(update.json().user.email).toBe(changed);
    expect(sent.filter((m) => m.to === changed)).toHaveLength(0);
    const verificationMails = sent.filter((m) => m.to === email && m.text.includes('/email/verify/'));
    expect(verificationMails).toHaveLength(CEILING);
    // The notice to the previous address still goes out: it is how an owner learns of a hijacked session.
    expect(sent.filter((m) => m.to === email)).toHaveLength(CEILING + 1);
  });

  it('lets a burst on "resend" hear the per-address limit (wait seconds) before the hourly ceiling', async () => {
    const { app } = await instance({ rateLimits: {} });
    const user = await createUser(app, { verified: false });
    const client = clientAt(app, '192.0.2.77');
    await client.login(user.email);
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push(await client.post('/api/email/verification-notification'));
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202, 202, 429]);
    expect(answers[6]!.json().code).toBe('throttle');
  });

  it('sends at most the ceiling of reset mails an hour per account, from any address, and answers each request the same', async () => {
    const first = await instance();
    const second = await instance();
    const user = await createUser(first.app);
    const bodies = new Set<string>();
    const codes: number[] = [];
    for (let i = 0; i < CEILING + 3; i += 1) {
      const client = clientAt((i % 2 ? second : first).app, `198.51.100.${i + 1}`);
      const res = await client.post('/api/forgot-password', { email: user.email });
      codes.push(res.statusCode);
      bodies.add(res.body);
    }
    // The answer never tells an anonymous caller whether the address has an account or hit its ceiling.
    const unknown = await new Client(first.app).post('/api/forgot-password', { email: uniqueEmail('nobody') });
    bodies.add(unknown.body);
    expect(codes.every((c) => c === 200)).toBe(true);
    expect(unknown.statusCode).toBe(200);
    expect(bodies.size).toBe(1);
    const mails = [...first.sent, ...second.sent].filter((m) => m.to === user.email);
    expect(mails).toHaveLength(CEILING);
  });
});

/** A Writable that keeps the JSON lines pino writes. */
function logLines() {
  const lines: Row[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Row);
      done();
    },
  });
  return { lines, stream };
}

/** What node-postgres throws when the server is away, wrapped the way drizzle wraps it. */
const connectionRefused = () =>
  Object.assign(new Error('Failed query: insert into "access_logs" …'), {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  });

const dialect = new PgDialect();
const isInsert = (query: SQLWrapper) => /^\s*insert\b/i.test(dialect.sqlToQuery(query.getSQL()).sql);

/**
 * Makes every INSERT fail like an unreachable database until the returned function is called: the query
 * builder's and a raw statement's (the access log writes its batch as one `INSERT … SELECT FROM unnest`).
 */
function databaseDown(app: FastifyInstance) {
  const { db } = app.ctx;
  const execute = db.execute.bind(db);
  const spies = [
    jest.spyOn(db, 'insert').mockImplementation(() => {
      throw connectionRefused();
    }),
    jest
      .spyOn(db, 'execute')
      .mockImplementation(((query: SQLWrapper) =>
        isInsert(query) ? Promise.reject(connectionRefused()) : execute(query as never)) as typeof db.execute),
  ];
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}

const accessRowsFor = async (app: FastifyInstance, prefix: string) =>
  rowsOf(
    await app.ctx.db.execute(
      sql`SELECT path, user_id, created_at FROM ${accessLogs} WHERE path LIKE ${`${prefix}%`} ORDER BY id`,
    ),
  );

describe('access-log rows while the database is down', () => {
  it('keeps them in memory and writes them once the database is back, with the time of the request', async () => {
    const { app } = await instance();
    const { user, client } = await loggedIn(app);
    const up = databaseDown(app);
    const startedAt = Date.now();
    for (let i = 0; i < 12; i += 1) expect((await client.get(`/api/outage-a-${i}`)).statusCode).toBe(404);
    await app.accessLog.flush();
    await app.accessLog.flush();
    expect(await accessRowsFor(app, '/api/outage-a-')).toEqual([]);
    up();
    // The flush timer (every second) writes them without being asked.
    let rows = await accessRowsFor(app, '/api/outage-a-');
    for (let waited = 0; rows.length < 12 && waited < 5000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await accessRowsFor(app, '/api/outage-a-');
    }
    expect(rows.map((r) => r.path)).toEqual(Array.from({ length: 12 }, (_, i) => `/api/outage-a-${i}`));
    expect(rows.every((r) => Number(r.user_id) === user.id)).toBe(true);
    // created_at is when the request was answered, not when the row finally reached the database.
    for (const row of rows) expect(new Date(String(row.created_at)).getTime()).toBeLessThan(startedAt + 1000);
  });

  it('holds at most its bound: older rows go to the process log, and so does the rest at shutdown', async () => {
    const { lines, stream } = logLines();
    const app = await buildApp({
      database,
      hashOptions: TEST_HASH,
      docs: false,
      rateLimits: GENEROUS_LIMITS,
      logger: { level: 'warn', stream },
      accessLogBufferRows: 5,
    });
    await app.ready();
    const { client } = await loggedIn(app);
    await app.accessLog.flush();
    const up = databaseDown(app);
    try {
      for (let i = 0; i < 8; i += 1) await client.get(`/api/outage-b-${i}`);
      await app.accessLog.flush();
      const spilled = () =>
        lines.filter((l) => l.msg === 'access log row not written to the database').map((l) => (l.row as Row).path);
      // The three oldest did not fit into the buffer of five: they are in the process log, not lost.
      expect(spilled()).toEqual(['/api/outage-b-0', '/api/outage-b-1', '/api/outage-b-2']);
      expect(lines.filter((l) => l.msg === 'access log write failed; rows kept for a later try')).toHaveLength(1);
      await app.close();
      expect(spilled()).toEqual(Array.from({ length: 8 }, (_, i) => `/api/outage-b-${i}`));
    } finally {
      up();
    }
    expect(await accessRowsFor(app, '/api/outage-b-')).toEqual([]);
  });
});

describe('anonymous floods (table sizes before and after)', () => {
  /** Rows in every table of the schema. */
  async function tableSizes(app: FastifyInstance): Promise<Record<string, number>> {
    const tables = rowsOf(
      await app.ctx.db.execute(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      ),
    ).map((r) => String(r.table_name));
    const sizes: Record<string, number> = {};
    for (const table of tables) {
      const [row] = rowsOf(await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`));
      sizes[table] = Number(row?.n ?? 0);
    }
    return sizes;
  }

  it('grows no table faster than the limits allow', async () => {
    // The production limits (not the tests' generous ones).
    const { app } = await instance({ rateLimits: {} });
    const { login, register, forgotPassword } = app.ctx.rateLimits;
    const account = await createUser(app);
    await app.accessLog.flush();
    const before = await tableSizes(app);
    const started = Date.now();

    const ADDRESSES = ['203.0.113.10', '203.0.113.11', '2001:db8::12'];
    const FLOOD = 100;
    let requests = 0;
    for (const ip of ADDRESSES) {
      const at = { remoteAddress: ip };
      const send = (options: InjectOptions) => {
        requests += 1;
        return app.inject({ ...at, ...options });
      };
      const csrf = await send({ url: '/sanctum/csrf-cookie' });
      const cookies = csrf.cookies as { name: string; value: string }[];
      const headers = {
        cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
        'x-xsrf-token': cookies.find((c) => c.name === 'XSRF-TOKEN')!.value,
      };
      const post = (url: string, payload: object) => send({ method: 'POST', url, payload, headers });
      const tag = ip.replace(/\W/g, '');
      const flood = async (one: (i: number) => Promise<unknown>) => {
        for (let i = 0; i < FLOOD; i += 1) await one(i);
      };
      await flood(() => send({ url: '/sanctum/csrf-cookie' }));
      await flood((i) => send({ url: `/api/flood-${i}` }));
      await flood((i) => send({ method: 'POST', url: `/api/flood-${i}`, payload: {} }));
      await flood((i) => post('/api/login', { email: `guess-${tag}-${i}@example.test`, password: 'wrong' }));
      await flood((i) => post('/api/forgot-password', { email: i % 2 ? account.email : `nobody-${tag}-${i}@x.test` }));
      await flood((i) => send({ url: `/api/check-email?email=c-${tag}-${i}@example.test` }));
      await flood((i) => post('/api/validate-reset-token', { email: account.email, token: `t${i}` }));
      await flood((i) =>
        post('/api/register', {
          name: 'Flood',
          email: `flood-${tag}-${i}@example.test`,
          password: PASSWORD,
          password_confirmation: PASSWORD,
          accept_terms: true,
        }),
      );
      // Forged and random session cookies.
      await flood((i) => send({ url: '/api/user', headers: { cookie: `lager_session=${'x'.repeat(20)}${i}` } }));
      await flood((i) => send({ url: '/api/user', headers: { cookie: `lager_session=a.${i}.forged.mac` } }));
    }
    // Someone who knows one password logs in again and again (each login a new session).
    const owner = new Client(app);
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 10; i += 1) {
      owner.cookies.clear();
      await owner.login(account.email);
      requests += 2;
    }
    // Telemetry beacons (anonymous, no CSRF token), one client's whole minute: a new section, version,
    // vital bucket and error text in every event. Keys the client chooses must not become rows per event.
    for (let b = 0; b < BEACONS_PER_MINUTE; b += 1) {
      const events = Array.from({ length: 100 }, (_, i) => {
        const key = { remote: `remote-flood${b}`, version: `1.${b}.${i}`, channel: 'stable' };
        if (i % 3 === 0) return { ...key, type: 'mount', first: 'page' };
        if (i % 3 === 1)
          return { ...key, type: 'runtime_error', first: 'error', message: `boom ${b}-${i}`, source: '/x.js' };
        return { ...key, type: 'vital', name: 'LCP', value: 100 + 37 * i };
      });
      const beacon = await app.inject({
        method: 'POST',
        url: '/api/telemetry',
        remoteAddress: '203.0.113.20',
        payload: { page: 'flood-page-000001', events },
      });
      expect(beacon.statusCode).toBe(204);
      requests += 1;
    }
    await app.accessLog.flush();
    const after = await tableSizes(app);

    const growth = Object.fromEntries(Object.keys(after).map((t) => [t, after[t]! - (before[t] ?? 0)]));
    const report = Object.keys(after)
      .map((t) => `  ${t.padEnd(28)} ${String(before[t] ?? 0).padStart(6)} → ${String(after[t]).padStart(6)}`)
      .join('\n');
    // The limits are per minute: a slow machine spreads the flood over more minutes, each with its own budget.
    const elapsedMs = Date.now() - started;
    const minutes = Math.floor(elapsedMs / 60_000) + 2;
    process.stdout.write(
      `\nflood: ${requests} requests from ${ADDRESSES.length} addresses in ${(elapsedMs / 1000).toFixed(1)} s (${minutes} minute windows at most)\n${report}\n`,
    );

    const n = ADDRESSES.length;
    // Registrations: the per-address limit.
    expect(growth.users).toBeLessThanOrEqual(minutes * n * register.max);
    // Anonymous visitors have no session row; one account keeps at most MAX_SESSIONS_PER_USER.
    expect(growth.sessions).toBeLessThanOrEqual(MAX_SESSIONS_PER_USER);
    // One reset token per account, replaced by each request.
    expect(growth.password_reset_tokens).toBeLessThanOrEqual(1);
    // The anonymous budget per address and minute, the logins from 127.0.0.1 included (anonymous until they succeed).
    expect(growth.access_logs).toBeLessThanOrEqual(minutes * (n + 1) * ANONYMOUS_ROWS_PER_IP_PER_MINUTE);
    // Per address: one counter per limited route, the login address counter, and a pair and an account
    // counter for each login attempt the address's ceiling lets through; per account: its mail counters.
    const loginPerIp = login.max * 6;
    const perAddress = 4 + 1 + 2 * loginPerIp;
    const newAccounts = growth.users ?? 0;
    expect(growth.rate_limit_counters).toBeLessThanOrEqual(minutes * n * perAddress + 2 * (1 + newAccounts) + 2);
    expect(forgotPassword.max).toBeLessThan(FLOOD);
    // Telemetry: the installation's ceiling of new rows per minute (one statement may pass it by its own ≤ 100).
    expect(growth.telemetry_minutes).toBeLessThanOrEqual(minutes * (TELEMETRY_NEW_ROWS_PER_MINUTE.minutes + 100));
    expect(growth.telemetry_vitals).toBeLessThanOrEqual(minutes * (TELEMETRY_NEW_ROWS_PER_MINUTE.vitals + 100));
    expect(growth.telemetry_errors).toBeLessThanOrEqual(minutes * (TELEMETRY_NEW_ROWS_PER_MINUTE.errors + 100));
    // Nothing else grows at all.
    const bounded = ['users', 'sessions', 'password_reset_tokens', 'access_logs', 'rate_limit_counters'];
    for (const [table, grown] of Object.entries(growth)) {
      if (bounded.includes(table) || table.startsWith('telemetry_')) continue;
      expect(`${table} +${grown}`).toBe(`${table} +0`);
    }
    // About 3,000 requests: 5-15 s alone, over a minute on a loaded 2-core runner.
  }, 180_000);
});

/**
 * Issue 18 items 1, 4, 9 and 10: the API survives its database (dropped connections, a database
 * that is away, a host that never answers), one process per PGlite directory with owner-only
 * files, anonymous floods write (almost) nothing, and logs carry no secrets.
 */
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { ANONYMOUS_ROWS_PER_IP_PER_MINUTE } from '../src/platform/access-log/plugin';
import { accessLogs } from '../src/platform/access-log/tables';
import { type Database, DatabaseUnavailableError, openDatabase } from '../src/platform/db/client';
import { DataDirLockedError } from '../src/platform/db/data-dir-lock';
import { redactError } from '../src/platform/logging/redact';
import { sessions } from '../src/platform/tenancy/tables';
import { buildTestApp, Client, loggedIn, openTestDatabase, TEST_HASH, useTestApp } from './helpers';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const onPostgres = POSTGRES_URL ? describe : describe.skip;

/** A TCP relay in front of PostgreSQL that the test can cut and restore, like a restart or failover. */
function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });
  const cut = () => {
    for (const s of sockets) s.destroy();
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      cut();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  return { start, cut, stop, url: () => Object.assign(new URL(target.href), { host: `127.0.0.1:${port}` }).href };
}

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!ok(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await probe();
  }
  return last;
}

describe('a database that does not answer', () => {
  it('fails start-up within the connect timeout with one clear line, instead of hanging', async () => {
    // Accepts TCP and never speaks: a firewall black hole or a wedged server.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const started = Date.now();
    const error = await openDatabase({ url: `postgres://u:secret@127.0.0.1:${port}/db`, connectTimeoutMs: 1_000 }).then(
      () => null,
      (err: Error) => err,
    );
    silent.close();
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(error!.message).toMatch(new RegExp(`^DATABASE_URL: cannot connect to 127\\.0\\.0\\.1:${port} \\(.+\\)$`));
    expect(error!.message).not.toContain('secret');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

onPostgres('PostgreSQL going away and coming back', () => {
  const target = new URL(POSTGRES_URL ?? 'postgres://localhost');
  target.searchParams.set('application_name', 'lager-hardening');
  const pg = relay(target);
  let database: Database;
  let app: FastifyInstance;
  const warnings: string[] = [];

  beforeAll(async () => {
    await pg.start();
    const schema = 'test_hardening_database_test_ts';
    database = await openDatabase({
      url: pg.url(),
      schema,
      poolSize: 3,
      connectTimeoutMs: 1_000,
      onConnectionError: (e) => warnings.push(e.message),
    });
    ({ app } = await buildTestApp(database));
  });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {});
    await pg.stop();
  });

  const health = () => app.inject({ url: '/api/health' });

  it('survives connections PostgreSQL terminates (restart, idle reaper) and answers with new ones', async () => {
    const { client } = await loggedIn(app);
    await Promise.all([health(), health(), health()]);
    const admin = await openDatabase({ url: POSTGRES_URL!, schema: 'test_hardening_database_test_ts', poolSize: 1 });
    const killed = await admin.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lager-hardening'`,
    );
    await admin.close();
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    // The idle clients' 'error' events were handled (an unhandled one would end this process).
    const after = await eventually(health, (r) => r.statusCode === 200);
    expect(after.statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('answers 503 while the database is away and recovers by itself when it is back', async () => {
    const { client } = await loggedIn(app);
    await pg.stop();
    const away = await health();
    expect(away.statusCode).toBe(503);
    expect(away.json()).toMatchObject({ code: 'service.unavailable' });
    expect(away.headers['retry-after']).toBe('5');
    expect((await client.get('/api/user')).statusCode).toBe(503);
    await pg.start();
    const back = await eventually(health, (r) => r.statusCode === 200);
    expect(back.statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(warnings.length).toBeGreaterThan(0);
  });
});

describe('one process per PGlite directory, owner-only files', () => {
  it('refuses a second opener of the same directory and takes over a stale lock', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lager-lock-'));
    const dataDir = join(root, 'pglite');
    const first = await openDatabase({ dataDir });
    const second = await openDatabase({ dataDir }).then(
      () => null,
      (err: Error) => err,
    );
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect(second!.message).toContain(`in use by process ${process.pid}`);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(`${dataDir}.lock`).mode & 0o777).toBe(0o600);
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    // A process killed with -9 leaves its lock behind: a dead pid is no owner.
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: 2 ** 22 + 7, host: require('node:os').hostname() }));
    const afterCrash = await openDatabase({ dataDir });
    await afterCrash.close();
  }, 60_000);
});

describe('anonymous floods', () => {
  let database: Database;
  let app: FastifyInstance;
  useTestApp(__filename, (t) => ({ database, app } = t));

  it('writes no session row for csrf-cookie requests; the anonymous session still guards writes', async () => {
    const rows = async () => (await app.ctx.db.select({ n: count() }).from(sessions))[0]!.n;
    const before = await rows();
    await Promise.all(Array.from({ length: 300 }, () => app.inject({ url: '/sanctum/csrf-cookie' })));
    expect(await rows()).toBe(before);
    // A visitor with a real anonymous session (request() fetches its cookie first) and a wrong token.
    const login = { email: 'a@b.de', password: 'x' };
    const forged = await new Client(app).request('POST', '/api/login', login, { 'x-xsrf-token': 'forged' });
    expect(forged.statusCode).toBe(419);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.de', password: 'x' },
      headers: { cookie: 'lager_session=a.0.abc.def', 'x-xsrf-token': 'abc' },
    });
    expect(tampered.statusCode).toBe(419);
  });

  it('keeps at most a bounded number of access-log rows for a 404 flood from one address', async () => {
    await Promise.all(Array.from({ length: 500 }, (_, i) => app.inject({ url: `/api/flood-${i % 7}` })));
    await app.accessLog.flush();
    const [row] = await app.ctx.db
      .select({ n: count() })
      .from(accessLogs)
      .where(sql`${accessLogs.path} LIKE '/api/flood-%'`);
    // 800 anonymous requests in this file so far (csrf flood + 404 flood): one minute's budget, two at a minute's turn.
    expect(row!.n).toBeLessThanOrEqual(ANONYMOUS_ROWS_PER_IP_PER_MINUTE);
    const [anonymous] = await app.ctx.db
      .select({ n: count() })
      .from(accessLogs)
      .where(sql`${accessLogs.userId} IS NULL`);
    expect(anonymous!.n).toBeLessThanOrEqual(2 * ANONYMOUS_ROWS_PER_IP_PER_MINUTE);
    // Logged-in traffic is always logged.
    const { client, user } = await loggedIn(app);
    for (let i = 0; i < 40; i += 1) await client.get('/api/user');
    await app.accessLog.flush();
    const [mine] = await app.ctx.db.select({ n: count() }).from(accessLogs).where(eq(accessLogs.userId, user.id));
    expect(mine!.n).toBeGreaterThanOrEqual(40);
  });
});

describe('secrets in logs', () => {
  it('logs a failed query without its parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openTestDatabase(`${__filename}-logs`);
    const app = await buildApp({ database, hashOptions: TEST_HASH, docs: false, logger: { level: 'error', stream } });
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';
    app.get('/api/boom-db', async () => app.ctx.db.execute(sql`SELECT * FROM no_such_table WHERE x = ${secret}`));
    await app.ready();
    const res = await app.inject({ url: '/api/boom-db' });
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('no_such_table');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('c2VjcmV0');
    await app.close();
    await database.close();
  });

  it('drops the pg client a lost connection carries (connection parameters) from the logged error', () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { user: 'lager', password: 'pw', host: 'db' } },
    });
    const logged = redactError(lost);
    expect(logged).toMatchObject({ message: 'terminating connection due to administrator command', code: '57P01' });
    expect(logged).not.toHaveProperty('client');
  });
});

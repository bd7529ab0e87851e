import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { accessLogs } from '../src/platform/access-log/tables';
import type { Database } from '../src/platform/db/client';
import { createOutboxTransport, readOutbox } from '../src/platform/mail/transport';
import { buildTestApp, Client, createUser, loggedIn, PASSWORD, TEST_HASH, useTestApp } from './helpers';

let database: Database;
let app: FastifyInstance;

useTestApp(__filename, (t) => ({ database, app } = t));

describe('operations', () => {
  it('reports health', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: database.kind === 'pglite' ? 'pglite' : 'postgres' });
  });

  it('serves OpenAPI generated from the route schemas', async () => {
    const { app: withDocs } = await buildTestApp(database, { docs: true });
    const res = await withDocs.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/admin/updaterole/{role_id}', '/api/mywarehouses']),
    );
    expect((await withDocs.inject({ url: '/api/docs/' })).statusCode).toBe(200);
    await withDocs.close();
  });

  it('answers unknown routes with 404 in the error shape, German by default', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Nicht gefunden', code: 'not_found' });
  });

  it('never leaks internals in 5xx bodies and limits the body size', async () => {
    const custom = await buildApp({ database, hashOptions: TEST_HASH, docs: false });
    custom.get('/api/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    await custom.ready();
    const res = await custom.inject({ url: '/api/boom', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error', code: 'server_error' });
    const client = new Client(custom);
    const big = await client.post('/api/login', { email: 'a@b.c', password: 'x'.repeat(70_000) });
    expect(big.statusCode).toBe(413);
    await custom.close();
  });

  it('writes one access-log row per request and purges rows older than 30 days', async () => {
    await app.inject({
      url: '/api/industries?secret=token',
      headers: { 'x-lager-sections': 'remote-info@2.0.0;canary,remote-account@1.0.0' },
    });
    await app.accessLog.flush();
    const rows = await app.ctx.db.select().from(accessLogs).where(sql`${accessLogs.path} = '/api/industries'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.path).toBe('/api/industries');
    expect(rows[0]!.sections).toBe('remote-info@2.0.0;canary,remote-account@1.0.0');
    await app.ctx.db.insert(accessLogs).values({
      method: 'GET',
      path: '/old',
      status: 200,
      durationMs: 1,
      createdAt: new Date(Date.now() - 31 * 24 * 3600_000),
    });
    expect(await app.accessLog.purge()).toBe(1);
    const left = await app.ctx.db.select().from(accessLogs).where(sql`${accessLogs.path} = '/old'`);
    expect(left).toHaveLength(0);
  });

  it('keeps outbox mails as JSON files readable by tests', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lager-outbox-'));
    const logged: string[] = [];
    const outbox = createOutboxTransport(dir, (msg, file) => logged.push(msg, file));
    await outbox.send({ to: 'a@example.test', subject: 'S', text: 'go to http://x.test/a?b=1', html: '<p>x</p>' });
    const [mail] = readOutbox(dir, 'A@example.test');
    expect(mail).toMatchObject({
      to: 'a@example.test',
      subject: 'S',
      html: '<p>x</p>',
      created_at: expect.any(String),
    });
    // The log names the file; the link (reset/verification tokens) stays in the 0600 file only.
    expect(logged[1]).toMatch(/\.json$/);
    expect(logged.join(' ')).not.toContain('x.test');
    expect(statSync(logged[1]!).mode & 0o777).toBe(0o600);
  });
});

describe('several API instances on one database', () => {
  it('share sessions: log in on one, be logged in on the other, log out everywhere', async () => {
    const second = process.env.TEST_DATABASE_URL ? await openTestDatabaseAgain() : database;
    const { app: other } = await buildTestApp(second);
    const { user, client } = await loggedIn(app);
    const viaOther = new Client(other);
    viaOther.cookies = client.cookies;
    expect((await viaOther.get('/api/user')).json().id).toBe(user.id);
    expect((await viaOther.post('/api/logout')).statusCode).toBe(204);
    expect((await new Client(app).get('/api/user')).statusCode).toBe(401);
    await other.close();
    if (second !== database) await second.close();
  });
});

/** A second connection pool to the same PostgreSQL schema (a second "process"). */
async function openTestDatabaseAgain() {
  const { openDatabase } = await import('../src/platform/db/client');
  const schema = `test_${'operations.test.ts'.replace(/\W+/g, '_')}`;
  return openDatabase({ url: process.env.TEST_DATABASE_URL!, schema, poolSize: 2 });
}

describe('in-process server on a PGlite directory', () => {
  // Two PGlite starts on disk (initdb, migrations, demo seed, then a reopen): 12 s on an idle machine, over 60 s in a
  // clean-clone CI run beside the browser journeys (load 5–6) — the same bound as the other PGlite files.
  it('starts, seeds demo data, writes the outbox, and keeps data across a restart', async () => {
    const { startServer } = await import('../src/start');
    const dataDir = mkdtempSync(join(tmpdir(), 'lager-data-'));
    const first = await startServer({ port: 0, dataDir, seedDemo: true, hashOptions: TEST_HASH });
    expect(first.demo?.logins.map((l) => l.email)).toEqual([
      'owner@lager.demo',
      'guest@lager.demo',
      'invitee@lager.demo',
    ]);
    expect(readOutbox(first.outboxDir!, 'invitee@lager.demo')[0]!.text).toContain('/invitations/accept/');
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    const user = await createUser(first.app, { email: 'kept@example.test' });
    const key = readFileSync(join(dataDir, 'app-key'), 'utf8');
    await first.close();

    const second = await startServer({ port: 0, dataDir, seedDemo: true, hashOptions: TEST_HASH });
    expect(second.demo).toBeNull();
    expect(readFileSync(join(dataDir, 'app-key'), 'utf8')).toBe(key);
    const client = new Client(second.app);
    expect((await client.login(user.email, PASSWORD)).json().user.id).toBe(user.id);
    expect((await client.login('owner@lager.demo', 'demo1234')).statusCode).toBe(200);
    expect((await client.get('/api/mywarehouses')).json().warehouses).toHaveLength(2);
    // The demo clerk (role Lagerist) sees the stock and his own bookings, books, but manages no articles.
    const clerk = new Client(second.app);
    expect((await clerk.login('guest@lager.demo', 'demo1234')).statusCode).toBe(200);
    const journal = await clerk.get('/api/stock/movements');
    expect(journal.statusCode).toBe(200);
    expect(journal.json().movements.some((m: { user_name: string }) => m.user_name === 'Gustav Guest')).toBe(true);
    const [some] = (await clerk.get('/api/stock/articles')).json().articles;
    const booked = await clerk.request(
      'POST',
      '/api/stock/movements',
      { article_id: some.id, kind: 'in', quantity: 1, reason: 'purchase' },
      { 'idempotency-key': randomUUID() },
    );
    expect(booked.statusCode).toBe(201);
    expect(
      (await clerk.post('/api/stock/articles', { sku: 'NEU-1', name: 'Neu', unit: 'pcs', min_stock: 0 })).statusCode,
    ).toBe(403);
    expect((await clerk.post('/api/stock/locations', { code: 'NEU-1' })).statusCode).toBe(403);
    // He counts (count_stock) in a count the owner opened, prints its sheets, but neither opens nor closes one.
    const write = (who: Client, url: string, body: unknown) =>
      who.request('POST', url, body, { 'idempotency-key': randomUUID() });
    expect((await write(clerk, '/api/stock/count-sessions', {})).statusCode).toBe(403);
    const count = (await write(client, '/api/stock/count-sessions', {})).json().session;
    const [line] = (await clerk.get(`/api/stock/count-sessions/${count.id}`)).json().session.lines;
    const counted = await clerk.put(`/api/stock/count-sessions/${count.id}/lines`, [
      { article_id: line.article_id, location_id: line.location_id, lot: line.lot, counted: 1 },
    ]);
    expect(counted.statusCode).toBe(200);
    expect(counted.json().session.lines[0]).toMatchObject({ counted: 1, counted_by: 'Gustav Guest' });
    expect((await clerk.get(`/api/stock/count-sessions/${count.id}/sheets.pdf`)).statusCode).toBe(200);
    expect((await write(clerk, `/api/stock/count-sessions/${count.id}/close`, { uncounted: 'keep' })).statusCode).toBe(
      403,
    );
    expect((await clerk.get(`/api/stock/count-sessions/${count.id}`)).json().session.status).toBe('open');
    await second.close();
  }, 180_000);
});

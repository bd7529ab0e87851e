/**
 * Two API instances on one database count together (guarded-rollout spec §2): the aggregates and
 * the 120-batches-a-minute limit live in the database, not in a process. With TEST_DATABASE_URL
 * each instance has its own connection pool on the same PostgreSQL schema, as two processes would;
 * on PGlite they share the one in-memory database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, openTestDatabase } from '../../../test/helpers';
import type { Database } from '../../platform/db/client';
import { openDatabase } from '../../platform/db/client';

const TOKEN = 'operator-token-with-at-least-32-chars!';
let first: { app: FastifyInstance; database: Database };
let second: { app: FastifyInstance; database: Database };

beforeAll(async () => {
  const database = await openTestDatabase(__filename);
  const url = process.env.TEST_DATABASE_URL;
  // The schema openTestDatabase made for this file, opened again by a second pool.
  const schema = `test_${'telemetry-instances.test.ts'.replace(/\W+/g, '_').toLowerCase()}`;
  const other = url ? await openDatabase({ url, schema, poolSize: 4 }) : database;
  first = { app: (await buildTestApp(database, { operatorToken: TOKEN })).app, database };
  second = { app: (await buildTestApp(other, { operatorToken: TOKEN })).app, database: other };
});

afterAll(async () => {
  await first?.app.close();
  await second?.app.close();
  if (second?.database !== first?.database) await second?.database.close();
  await first?.database.close();
});

const post = (app: FastifyInstance, body: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/telemetry',
    payload: body,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://web.test' },
    remoteAddress,
  });

const batch = (version: string, channel: string, n: number, withError: boolean) =>
  JSON.stringify({
    page: `page-${randomUUID().replaceAll('-', '')}`,
    events: Array.from({ length: n }, (_, i) => ({
      type: withError && i === 0 ? 'render_error' : 'mount',
      remote: 'remote-info',
      version,
      channel,
      first: 'page',
      ...(withError && i === 0 ? { message: 'boom', source: '/remote-info/2.0.0/static/js/a.js' } : {}),
    })),
  });

it('batches sent to both instances at once add up in one set of rows, read alike from either', async () => {
  // 200 batches (pages) in parallel, alternating instances and addresses: 2.0.0 canary gets 100
  // pages (50 with an error), 1.0.0 stable 100 pages; the events a batch repeats add nothing.
  const sends = Array.from({ length: 200 }, (_, i) => {
    const app = i % 2 ? second.app : first.app;
    const body = i % 4 < 2 ? batch('2.0.0', 'canary', 10, i % 8 < 4) : batch('1.0.0', 'stable', 20, false);
    return post(app, body, `10.9.${i % 20}.1`);
  });
  const statuses = (await Promise.all(sends)).map((r) => r.statusCode);
  expect(statuses.filter((s) => s !== 204)).toEqual([]);

  const read = async (app: FastifyInstance) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/telemetry/summary?remote=remote-info&since=2026-01-01T00:00:00Z',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).json();
  const [a, b] = [await read(first.app), await read(second.app)];
  expect(a).toEqual(b);
  expect(
    a.versions.map((v: { version: string; pages: number; error_pages: number }) => [v.version, v.pages, v.error_pages]),
  ).toEqual([
    ['2.0.0', 100, 50],
    ['1.0.0', 100, 0],
  ]);
  expect(a.versions[0].top_errors[0]).toMatchObject({ message: 'boom', count: 50 });
}, 60_000);

it('the 120-a-minute limit counts one client over both instances', async () => {
  const client = '10.9.200.7';
  const empty = JSON.stringify({ page: 'page-0123456789abcdef', events: [] });
  const statuses: number[] = [];
  for (let i = 0; i < 120; i += 1)
    statuses.push((await post(i % 2 ? second.app : first.app, empty, client)).statusCode);
  expect(statuses.every((s) => s === 204)).toBe(true);
  expect((await post(first.app, empty, client)).statusCode).toBe(429);
  expect((await post(second.app, empty, client)).statusCode).toBe(429);
}, 60_000);

describe('issue 37: the intake state lives in the database, so two instances enforce it together', () => {
  const read = async (remote: string) =>
    (
      await first.app.inject({
        method: 'GET',
        url: `/api/telemetry/summary?remote=${remote}`,
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).json().versions as { version: string; pages: number; error_pages: number }[];
  const page = () => `page-${randomUUID().replaceAll('-', '')}`;
  const one = (remote: string, id: string, withError = false) =>
    JSON.stringify({
      page: id,
      events: [
        { type: withError ? 'render_error' : 'mount', remote, version: '2.0.0', channel: 'canary', first: 'page' },
      ],
    });

  it('one page id sent to both instances counts once; one address’s 30 a minute hold over both', async () => {
    const id = page();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(i % 2 ? second.app : first.app, one('remote-dedupe', id), `10.37.0.${i}`),
      ),
    );
    expect((await read('remote-dedupe')).map((v) => v.pages)).toEqual([1]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(i % 2 ? second.app : first.app, one('remote-ceiling', page(), true), '10.37.1.1'),
      ),
    );
    expect(answers.every((a) => a.statusCode === 204)).toBe(true);
    const [counted] = await read('remote-ceiling');
    // 30 a minute (60 when the run straddles a minute boundary), never 100.
    expect(counted!.pages).toBeGreaterThanOrEqual(30);
    expect(counted!.pages).toBeLessThanOrEqual(60);
    expect(counted!.error_pages).toBe(counted!.pages);
  }, 60_000);

  it('16 concurrent senders with new versions on both instances: the room of 200 new rows a minute holds exactly', async () => {
    // Each sender brings 3 batches of 30 versions nobody else sends (no deployment: every version is open).
    const sends = Array.from({ length: 16 }, (_, sender) =>
      Array.from({ length: 3 }, (_, round) =>
        JSON.stringify({
          page: page(),
          events: Array.from({ length: 30 }, (_, i) => ({
            type: 'mount',
            remote: 'remote-room',
            version: `${sender + 1}.${round}.${i}`,
            channel: 'stable',
          })),
        }),
      ).map((body, round) => post(round % 2 ? second.app : first.app, body, `10.37.2.${sender}`)),
    ).flat();
    const statuses = (await Promise.all(sends)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 204)).toEqual([]);
    const perMinute = (await first.database.db.execute(
      sql`SELECT minute, count(*)::int AS n FROM telemetry_minutes GROUP BY minute`,
    )) as unknown as { rows?: { n: number }[] } | { n: number }[];
    const counts = (Array.isArray(perMinute) ? perMinute : (perMinute.rows ?? [])).map((r) => Number(r.n));
    // Asked for 16 × 90 = 1 440 new rows; each sender opens 16 versions a minute; the minute holds 200.
    expect(Math.max(...counts)).toBeLessThanOrEqual(200);
    const room = (await first.database.db.execute(
      sql`SELECT count(*)::int AS n FROM telemetry_minutes WHERE remote = 'remote-room'`,
    )) as unknown as { rows?: { n: number }[] } | { n: number }[];
    const stored = Number((Array.isArray(room) ? room : (room.rows ?? []))[0]!.n);
    expect(stored).toBeGreaterThanOrEqual(150);
  }, 60_000);
});

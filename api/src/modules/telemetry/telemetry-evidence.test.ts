/**
 * Issue 37: one anonymous client cannot blind, inflate or steer the rollout guard's evidence.
 * A batch is one page (whatever its `first` flags say), a page id counts once per version, one
 * address adds at most 30 pages and 30 error pages per version and minute, versions the
 * deployment does not name are not stored (without a deployment one client opens at most 16 a
 * minute), ill-formed text never costs a batch, and TELEMETRY_SIGNED_IN_ONLY counts sessions only.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, loggedIn, openTestDatabase } from '../../../test/helpers';
import type { Database } from '../../platform/db/client';
import { deleteIntakeState } from './repository';
import { OPEN_VERSIONS_PER_CLIENT } from './service';

const TOKEN = 'evidence-operator-token-with-32-chars!';
const ORIGIN = 'http://web.test';

let database: Database;
let deployed: FastifyInstance;
let open: FastifyInstance;
let signedInOnly: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase(__filename);
  // The deployment names remote-info 1.0.0 (stable), 2.0.0 (canary) and 0.9.0 (kept for rollback).
  const dir = mkdtempSync(join(tmpdir(), 'lager-evidence-'));
  writeFileSync(
    join(dir, 'rollout.json'),
    JSON.stringify({
      remotes: {
        'remote-info': {
          stable: { version: '1.0.0' },
          canary: { version: '2.0.0', percent: 5 },
          previous: ['0.9.0'],
        },
      },
    }),
  );
  const empty = mkdtempSync(join(tmpdir(), 'lager-evidence-none-'));
  // Each app reads the deployment target the environment names at its first beacon (then every 10 s).
  process.env.LAGER_DEPLOY_DIR = dir;
  deployed = (await buildTestApp(database, { operatorToken: TOKEN })).app;
  await post(deployed, batch([]));
  process.env.LAGER_DEPLOY_DIR = empty;
  open = (await buildTestApp(database, { operatorToken: TOKEN })).app;
  await post(open, batch([]));
  signedInOnly = (await buildTestApp(database, { operatorToken: TOKEN, telemetrySignedInOnly: true })).app;
  await post(signedInOnly, batch([]));
});
afterAll(async () => {
  delete process.env.LAGER_DEPLOY_DIR;
  await deployed?.close();
  await open?.close();
  await signedInOnly?.close();
  await database?.close();
});

let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.37.${(address >> 8) & 255}.${address & 255}`;
};
const nextPage = () => `page-${randomUUID().replaceAll('-', '')}`;

type Event = Record<string, unknown>;
const mount = (over: Event = {}): Event => ({
  type: 'mount',
  remote: 'remote-info',
  version: '2.0.0',
  channel: 'canary',
  first: 'page',
  ...over,
});
const renderError = (over: Event = {}): Event =>
  mount({ type: 'render_error', message: 'Boom', source: '/remote-info/2.0.0/static/js/a.js', ...over });
const batch = (events: Event[], page = nextPage()) => JSON.stringify({ page, events });

function post(app: FastifyInstance, body: string, remoteAddress = nextAddress(), cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/telemetry',
    payload: body,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...(cookie ? { cookie } : {}),
    },
    remoteAddress,
  });
}

/** pages and error pages per version of a remote, from the operators' summary. */
async function counts(remote: string): Promise<Record<string, [number, number]>> {
  const res = await deployed.inject({
    method: 'GET',
    url: `/api/telemetry/summary?remote=${remote}`,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  const out: Record<string, [number, number]> = {};
  for (const v of res.json().versions as { version: string; pages: number; error_pages: number }[]) {
    out[v.version] = [v.pages, v.error_pages];
  }
  return out;
}
/** The summary's `busiest` (pages, error pages) per version: what the guard leaves out. */
async function busiest(remote: string): Promise<Record<string, [number, number]>> {
  const res = await deployed.inject({
    method: 'GET',
    url: `/api/telemetry/summary?remote=${remote}`,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const out: Record<string, [number, number]> = {};
  for (const v of res.json().versions as { version: string; busiest: { pages: number; error_pages: number } }[]) {
    out[v.version] = [v.busiest.pages, v.busiest.error_pages];
  }
  return out;
}
const delta = (after: Record<string, [number, number]>, before: Record<string, [number, number]>, v: string) => [
  (after[v]?.[0] ?? 0) - (before[v]?.[0] ?? 0),
  (after[v]?.[1] ?? 0) - (before[v]?.[1] ?? 0),
];

async function rows(query: ReturnType<typeof sql>) {
  const result = (await database.db.execute(query)) as unknown as { rows?: Record<string, unknown>[] };
  return Array.isArray(result) ? (result as Record<string, unknown>[]) : (result.rows ?? []);
}

describe('with a deployment: only what it names gets rows', () => {
  it('200 versions nobody deployed, then real pages in the same minute: every real page counts', async () => {
    const before = await counts('remote-info');
    const attacker = nextAddress();
    // Two batches of 100 mount events for 200 versions nobody deployed, from one address.
    for (const offset of [0, 100]) {
      const events = Array.from({ length: 100 }, (_, i) => mount({ version: `9.${offset + i}.0`, channel: 'stable' }));
      expect((await post(deployed, batch(events), attacker)).statusCode).toBe(204);
    }
    // Real pages of every deployed version in the same minute.
    for (let page = 0; page < 20; page += 1) {
      const events = [mount({ version: '1.0.0', channel: 'stable' }), mount({ version: '2.0.0' })];
      if (page < 3) events.push(mount({ version: '0.9.0', channel: 'pinned' }));
      expect((await post(deployed, batch(events))).statusCode).toBe(204);
    }
    const after = await counts('remote-info');
    expect(delta(after, before, '1.0.0')).toEqual([20, 0]);
    expect(delta(after, before, '2.0.0')).toEqual([20, 0]);
    expect(delta(after, before, '0.9.0')).toEqual([3, 0]);
    expect(Object.keys(after).filter((v) => v.startsWith('9.'))).toEqual([]);
    const stored = await rows(sql`SELECT count(*)::int AS n FROM telemetry_minutes WHERE version LIKE '9.%'`);
    expect(stored[0]!.n).toBe(0);
    // The 200 are one figure of the minute (or two, when the minute turned in between).
    const unlisted = await rows(sql`SELECT sum(events)::int AS n, count(*)::int AS minutes FROM telemetry_unlisted`);
    expect(unlisted[0]).toMatchObject({ n: 200 });
    expect(Number(unlisted[0]!.minutes)).toBeLessThanOrEqual(2);
  });

  it('one batch of 100 `first: "page"` render errors adds one page and one error page', async () => {
    const before = await counts('remote-info');
    const events = Array.from({ length: 100 }, (_, i) => mount({ type: 'render_error', message: `Boom ${i}` }));
    expect((await post(deployed, batch(events))).statusCode).toBe(204);
    const after = await counts('remote-info');
    expect(delta(after, before, '2.0.0')).toEqual([1, 1]);
  });

  it('a person’s pace (3 pages of a version a minute from one address) is not “busiest”', async () => {
    const before = await counts('remote-info');
    const busyBefore = await busiest('remote-info');
    const person = nextAddress();
    for (let i = 0; i < 3; i += 1) {
      expect((await post(deployed, batch([mount({ version: '0.9.0', channel: 'pinned' })]), person)).statusCode).toBe(
        204,
      );
    }
    expect(delta(await counts('remote-info'), before, '0.9.0')).toEqual([3, 0]);
    expect(delta(await busiest('remote-info'), busyBefore, '0.9.0')).toEqual([0, 0]);
  });

  it('one page id sent in 10 batches (from 10 addresses) counts once', async () => {
    const before = await counts('remote-info');
    const page = nextPage();
    for (let i = 0; i < 10; i += 1) {
      expect((await post(deployed, batch([mount(), renderError()], page))).statusCode).toBe(204);
    }
    const after = await counts('remote-info');
    expect(delta(after, before, '2.0.0')).toEqual([1, 1]);
  });

  it('one address with 100 fresh page ids in a minute adds at most 30 pages and 30 error pages', async () => {
    const before = await counts('remote-info');
    const busyBefore = await busiest('remote-info');
    const attacker = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      statuses.push((await post(deployed, batch([renderError()]), attacker)).statusCode);
    }
    // The rest is dropped silently.
    expect(statuses.every((s) => s === 204)).toBe(true);
    const after = await counts('remote-info');
    const [pages, errorPages] = delta(after, before, '2.0.0');
    // 30 a minute; a run that straddles a minute boundary may reach twice that, never 100.
    expect(pages).toBeGreaterThanOrEqual(30);
    expect(pages).toBeLessThanOrEqual(60);
    expect(errorPages).toBe(pages);
    // All of them are the busiest client's, over a person's pace: the guard leaves them out.
    expect(delta(await busiest('remote-info'), busyBefore, '2.0.0')).toEqual([pages, errorPages]);
    // Another address is not affected by the first one's ceiling.
    const real = await counts('remote-info');
    expect((await post(deployed, batch([mount()]))).statusCode).toBe(204);
    expect(delta(await counts('remote-info'), real, '2.0.0')).toEqual([1, 0]);
  });

  it('text never costs a batch: an emoji cut at character 200, a lone low surrogate, NUL — 204 and counted', async () => {
    const before = await counts('remote-info');
    // What the old collector sent for a message with an emoji at character 200: a lone high surrogate.
    const cut = `${'x'.repeat(199)}\uD83D`;
    const body = batch([
      mount({ version: '1.0.0', channel: 'stable' }),
      renderError({ version: '1.0.0', channel: 'stable', message: cut }),
      mount({ type: 'runtime_error', version: '1.0.0', channel: 'stable', message: '\uDE00 nul\u0000byte' }),
      mount({ type: 'api_error', version: '1.0.0', channel: 'stable', source: `GET /api/x\uD800` }),
    ]);
    const res = await post(deployed, body);
    expect(res.body).toBe('');
    expect(res.statusCode).toBe(204);
    const after = await counts('remote-info');
    expect(delta(after, before, '1.0.0')).toEqual([1, 1]);
    const kept = await rows(
      sql`SELECT message, source FROM telemetry_errors WHERE remote = 'remote-info' AND version = '1.0.0' ORDER BY type`,
    );
    expect(kept.map((r) => r.message)).toEqual(expect.arrayContaining([`${'x'.repeat(199)}\uFFFD`, '\uFFFD nul byte']));
    expect(kept.map((r) => r.source)).toContain('GET /api/x\uFFFD');
  });
});

describe('without a deployment: per-client ceilings protect the room', () => {
  it(`200 versions from one client open at most ${OPEN_VERSIONS_PER_CLIENT}; real pages after them all count`, async () => {
    const attacker = nextAddress();
    for (const offset of [0, 100]) {
      const events = Array.from({ length: 100 }, (_, i) =>
        mount({ remote: 'remote-flood', version: `9.${offset + i}.0`, channel: 'stable' }),
      );
      expect((await post(open, batch(events), attacker)).statusCode).toBe(204);
    }
    const flood = await rows(sql`SELECT count(*)::int AS n FROM telemetry_minutes WHERE remote = 'remote-flood'`);
    expect(flood[0]!.n).toBeLessThanOrEqual(2 * OPEN_VERSIONS_PER_CLIENT);
    expect(flood[0]!.n).toBeGreaterThanOrEqual(OPEN_VERSIONS_PER_CLIENT);
    for (let page = 0; page < 20; page += 1) {
      const events = [mount({ remote: 'remote-open', version: '1.0.0', channel: 'stable' })];
      expect((await post(open, batch(events))).statusCode).toBe(204);
    }
    expect((await counts('remote-open'))['1.0.0']).toEqual([20, 0]);
  });
});

describe('TELEMETRY_SIGNED_IN_ONLY=1', () => {
  it('an anonymous beacon is answered 204 and counts nothing; one with a valid session counts', async () => {
    const remote = 'remote-signed';
    expect((await post(signedInOnly, batch([mount({ remote })]))).statusCode).toBe(204);
    expect(await counts(remote)).toEqual({});
    const { client } = await loggedIn(signedInOnly);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await post(signedInOnly, batch([mount({ remote })]), nextAddress(), cookie)).statusCode).toBe(204);
    // A forged or stale cookie is anonymous.
    expect(
      (await post(signedInOnly, batch([mount({ remote })]), nextAddress(), 'lager_session=forged')).statusCode,
    ).toBe(204);
    expect(await counts(remote)).toEqual({ '2.0.0': [1, 0] });
  });
});

describe('the intake’s own state is short-lived and bounded', () => {
  it('page hashes go after an hour (and beyond the bound, oldest first), client minutes after 5, salts after 2 hours', async () => {
    for (let i = 0; i < 5; i += 1) await post(deployed, batch([mount({ version: '1.0.0', channel: 'stable' })]));
    const count = async (table: string) =>
      Number((await rows(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);
    expect(await count('telemetry_pages')).toBeGreaterThanOrEqual(5);
    // Nothing in them names a page id or an address: 32 hex digits of an HMAC.
    const hashes = await rows(sql`SELECT page FROM telemetry_pages UNION ALL SELECT client FROM telemetry_clients`);
    expect(hashes.every((r) => /^[0-9a-f]{32}$/.test(String(Object.values(r)[0])))).toBe(true);
    await database.db.execute(sql`UPDATE telemetry_pages SET seen_at = now() - interval '61 minutes'`);
    await database.db.execute(sql`UPDATE telemetry_clients SET minute = minute - interval '6 minutes'`);
    await database.db.execute(sql`UPDATE telemetry_salts SET hour = hour - interval '3 hours'`);
    for (let i = 0; i < 4; i += 1) await post(deployed, batch([mount({ version: '1.0.0', channel: 'stable' })]));
    await deleteIntakeState(database.db, 3);
    expect(await count('telemetry_pages')).toBe(3);
    expect(await count('telemetry_clients')).toBe(4);
    const old = await rows(sql`SELECT count(*)::int AS n FROM telemetry_salts WHERE hour < now() - interval '2 hours'`);
    expect(old[0]!.n).toBe(0);
  });
});

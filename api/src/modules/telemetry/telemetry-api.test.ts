/**
 * POST /api/telemetry and GET /api/telemetry/summary (guarded-rollout spec §2), one rule per test:
 * origin guard 403, 16 KiB 413, schema 422 (type/remote/channel/semver/vital ranges/100 events),
 * 120 batches a minute 429, 204 otherwise, never 5xx (1 000 malformed batches, fixed seed), no raw
 * batch stored, page counts from the collector's flags, operators only (401/403), 30-day retention.
 */

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, Client, createUser, loggedIn, openTestDatabase } from '../../../test/helpers';
import type { Database } from '../../platform/db/client';
import { purgeTelemetry } from './index';

const TOKEN = 'operator-token-with-at-least-32-chars!';
const OPERATOR = 'ops@lager.test';
const PENDING_OPERATOR = 'pending-ops@lager.test';
const ORIGIN = 'http://web.test';

let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(__filename);
  ({ app } = await buildTestApp(database, {
    // Listed in any case: the comparison ignores it.
    operatorEmails: ['Ops@Lager.Test', PENDING_OPERATOR],
    operatorToken: TOKEN,
  }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let address = 0;
/** A fresh client address: the 120-a-minute limit counts per address. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

interface Beacon {
  headers?: Record<string, string | undefined>;
  remoteAddress?: string;
  contentType?: string;
}

/** What navigator.sendBeacon sends for a string: text/plain, the page's Origin, Sec-Fetch-Site same-origin. */
function beacon(target: FastifyInstance, body: unknown, options: Beacon = {}) {
  const headers: Record<string, string> = {
    'content-type': options.contentType ?? 'text/plain;charset=UTF-8',
    origin: ORIGIN,
    'sec-fetch-site': 'same-origin',
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return target.inject({
    method: 'POST',
    url: '/api/telemetry',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers,
    remoteAddress: options.remoteAddress ?? nextAddress(),
  });
}

const PAGE = 'page-0123456789abcdef';
type Event = Record<string, unknown>;
const event = (over: Event = {}): Event => ({
  type: 'mount',
  remote: 'remote-info',
  version: '2.0.0',
  channel: 'canary',
  first: 'page',
  ...over,
});
/** A fresh page id: the server counts each page id once per version (issue 37). */
const nextPage = () => `page-${randomUUID().replaceAll('-', '')}`;
const batch = (events: Event[], page = nextPage()) => ({ page, events });

const summary = (remote: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  app.inject({ method: 'GET', url: `/api/telemetry/summary?remote=${remote}`, headers });

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await app.ctx.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

describe('POST /api/telemetry accepts what the shell sends', () => {
  it('a batch as text/plain (sendBeacon) or application/json: 204 without a session or CSRF token', async () => {
    const text = await beacon(app, batch([event({ remote: 'remote-accept' })]));
    expect(text.statusCode).toBe(204);
    expect(text.headers['set-cookie']).toBeUndefined();
    const json = await beacon(app, batch([event({ remote: 'remote-accept' })]), { contentType: 'application/json' });
    expect(json.statusCode).toBe(204);
    // No Origin (some browsers omit it on same-origin beacons) and same-site are the app's own too.
    const bare = await beacon(app, batch([event({ remote: 'remote-accept' })]), {
      headers: { origin: undefined, 'sec-fetch-site': 'same-site' },
    });
    expect(bare.statusCode).toBe(204);
    const body = (await summary('remote-accept')).json();
    expect(body.versions[0]).toMatchObject({ version: '2.0.0', pages: 3 });
  });

  it('an empty batch and extra fields a newer shell may send are fine', async () => {
    expect((await beacon(app, batch([]))).statusCode).toBe(204);
    expect((await beacon(app, batch([event({ remote: 'remote-extra', later: 1 })]))).statusCode).toBe(204);
  });
});

describe('bad input gets the spec’s status codes', () => {
  it('cross-site: a foreign Origin or Sec-Fetch-Site cross-site is 403, before the body is read', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: undefined, 'sec-fetch-site': 'cross-site' },
      { origin: ORIGIN, 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await beacon(app, batch([event()]), { headers });
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
      expect(res.json()).toMatchObject({ code: 'telemetry.cross_site' });
    }
    // A cross-site flood of huge bodies is refused as cross-site, not read.
    const huge = await beacon(app, 'x'.repeat(100_000), { headers: { origin: 'https://evil.example' } });
    expect(huge.statusCode).toBe(403);
  });

  it('over 16 KiB is 413 (16 384 bytes pass)', async () => {
    const envelope = JSON.stringify(batch([event({ remote: 'remote-size' })]));
    const exact = `${envelope}${' '.repeat(16 * 1024 - Buffer.byteLength(envelope))}`;
    expect(Buffer.byteLength(exact)).toBe(16_384);
    expect((await beacon(app, exact)).statusCode).toBe(204);
    const over = await beacon(app, `${exact} `);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'request.too_large' });
    expect((await beacon(app, over.json(), { contentType: 'application/json' })).statusCode).toBe(422);
  });

  const malformed: [string, unknown][] = [
    ['not JSON', '{"page":'],
    ['JSON but not an object', '[1,2]'],
    ['no page', { events: [event()] }],
    ['page id too short', batch([event()], 'short')],
    ['page id with other characters', batch([event()], 'page id with spaces!')],
    ['page id too long', batch([event()], 'p'.repeat(65))],
    ['events not an array', { page: PAGE, events: {} }],
    ['101 events', batch(Array.from({ length: 101 }, () => event({ first: undefined })))],
    ['unknown type', batch([event({ type: 'crash' })])],
    ['unknown remote', batch([event({ remote: 'evil' })])],
    ['remote with a path', batch([event({ remote: 'remote-info/../x' })])],
    ['unknown channel', batch([event({ channel: 'beta' })])],
    ['version not semver: local', batch([event({ version: 'local' })])],
    ['version not semver: 2.0', batch([event({ version: '2.0' })])],
    ['version not semver: leading zero', batch([event({ version: '02.0.0' })])],
    ['version not semver: v prefix', batch([event({ version: 'v2.0.0' })])],
    ['unknown first', batch([event({ first: 'everything' })])],
    ['LCP over 120 000 ms', batch([event({ type: 'vital', name: 'LCP', value: 120_001 })])],
    ['INP negative', batch([event({ type: 'vital', name: 'INP', value: -1 })])],
    ['CLS over 100', batch([event({ type: 'vital', name: 'CLS', value: 100.5 })])],
    ['vital without a value', batch([event({ type: 'vital', name: 'LCP' })])],
    ['vital with an unknown name', batch([event({ type: 'vital', name: 'FID', value: 3 })])],
    ['value as text', batch([event({ type: 'vital', name: 'LCP', value: '100' })])],
    ['message over 200 characters', batch([event({ type: 'render_error', message: 'm'.repeat(201) })])],
    // A NUL byte in a message is no longer malformed: the intake makes the text well-formed (issue 37,
    // telemetry-evidence.test.ts), so it costs neither the batch nor a 503.
  ];
  it.each(malformed)('malformed: %s → 422, nothing counted', async (_label, body) => {
    const before = await rows(sql`SELECT coalesce(sum(pages), 0)::int AS pages FROM telemetry_minutes`);
    const res = await beacon(app, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation.failed' });
    const after = await rows(sql`SELECT coalesce(sum(pages), 0)::int AS pages FROM telemetry_minutes`);
    expect(after).toEqual(before);
  });

  it('the edges of the ranges pass: LCP/INP 0 and 120 000 ms, CLS 0 and 100, semver with pre-release and build', async () => {
    const events = [
      event({ remote: 'remote-edges', type: 'vital', name: 'LCP', value: 0 }),
      event({ remote: 'remote-edges', type: 'vital', name: 'LCP', value: 120_000, first: undefined }),
      event({ remote: 'remote-edges', type: 'vital', name: 'INP', value: 120_000, first: undefined }),
      event({ remote: 'remote-edges', type: 'vital', name: 'CLS', value: 100, first: undefined }),
      event({ remote: 'remote-edges', type: 'vital', name: 'CLS', value: 0, first: undefined }),
      event({ remote: 'remote-edges', version: '1.0.0-rc.1+build.5' }),
      event({ remote: 'shell', version: '1.4.2', channel: 'stable' }),
    ];
    expect((await beacon(app, batch(events))).statusCode).toBe(204);
  });

  it('flood: the 121st batch in a minute from one client is 429 with Retry-After; another client is unaffected', async () => {
    const flooder = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      statuses.push((await beacon(app, batch([]), { remoteAddress: flooder })).statusCode);
    }
    expect(statuses.slice(0, 120).every((s) => s === 204)).toBe(true);
    const refused = await beacon(app, batch([]), { remoteAddress: flooder });
    expect([statuses[120], refused.statusCode]).toEqual([429, 429]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'throttle' });
    expect((await beacon(app, batch([]))).statusCode).toBe(204);
  });

  it('TELEMETRY_BATCHES_PER_MINUTE (rateLimits.telemetryBatches) moves the limit: 3 a minute refuses the 4th', async () => {
    const { app: strict } = await buildTestApp(database, {
      rateLimits: { telemetryBatches: { max: 3, windowMs: 60_000 } },
    });
    try {
      const client = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await beacon(strict, batch([]), { remoteAddress: client })).statusCode);
      expect(statuses).toEqual([204, 204, 204, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('never 5xx', () => {
  const SEED = 24_2026;
  const RUNS = 1000;
  const weird = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 1e308, 120_001, 2 ** 53, Number.MIN_VALUE),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom('', 'local', '1.0', 'v1.0.0', '01.0.0', '\u0000', '\uD800', '😀'.repeat(120), 'x'.repeat(400)),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  );
  const field = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: weird });
  const anEvent = fc.record(
    {
      type: field(fc.constantFrom('mount', 'load_error', 'render_error', 'runtime_error', 'api_error', 'vital')),
      remote: field(fc.constantFrom('shell', 'remote-info', 'remote-stock')),
      version: field(fc.constantFrom('1.0.0', '2.0.0', '2.1.0-rc.1')),
      channel: field(fc.constantFrom('stable', 'canary', 'pinned', 'fallback')),
      first: field(fc.constantFrom('page', 'error', 'type')),
      message: field(fc.string({ maxLength: 60 })),
      source: field(fc.constantFrom('/remote-info/2.0.0/static/js/main.js', 'GET /api/user')),
      name: field(fc.constantFrom('LCP', 'INP', 'CLS')),
      value: field(fc.double({ min: -10, max: 200_000, noNaN: true })),
    },
    { requiredKeys: [] },
  );
  const aBatch = fc.record(
    {
      page: field(fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/)),
      events: fc.oneof(
        { weight: 6, arbitrary: fc.array(anEvent, { maxLength: 12 }) },
        { weight: 1, arbitrary: fc.array(anEvent, { minLength: 101, maxLength: 110 }) },
        { weight: 1, arbitrary: weird },
      ),
    },
    { requiredKeys: [] },
  );
  const request = fc.record({
    body: fc.oneof(
      { weight: 8, arbitrary: aBatch.map((b) => JSON.stringify(b)) },
      { weight: 1, arbitrary: weird.map((w) => JSON.stringify(w) ?? 'undefined') },
      { weight: 1, arbitrary: fc.constantFrom('{', '[1,', '{"page":}', 'null', '', '"x"', '{"__proto__":{"x":1}}') },
      {
        weight: 1,
        arbitrary: fc.constant(JSON.stringify(batch([event({ message: 'x'.repeat(190) })]))).map((b) => b.repeat(60)),
      },
    ),
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('text/plain;charset=UTF-8', 'text/plain', 'application/json') },
      { weight: 1, arbitrary: fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data; boundary=x') },
    ),
  });

  it(`${RUNS} malformed batches (seed ${SEED}): 0 × 5xx, every refusal in the contract's error shape`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ body, contentType }) => {
        const res = await beacon(app, body, { contentType });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400)
          expect(Object.keys(res.json()).sort()).toEqual(expect.arrayContaining(['code', 'message']));
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
    console.log(
      `telemetry fuzz: ${total} batches, 5xx: ${fiveHundreds}, statuses: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(total).toBe(RUNS);
    expect(fiveHundreds).toBe(0);
    // Mostly malformed, as meant: most are refused.
    expect(statuses.get(422) ?? 0).toBeGreaterThan(RUNS / 2);
  }, 120_000);
});

describe('aggregates only', () => {
  it('no raw batch is stored: neither the page id nor an address, and messages are scrubbed again', async () => {
    const page = 'secret-page-id-7f3a9c21';
    const res = await beacon(
      app,
      batch(
        [
          event({ remote: 'remote-raw' }),
          event({
            remote: 'remote-raw',
            type: 'runtime_error',
            first: 'error',
            message: 'failed for jane.doe@example.org order 12345678',
            source: '/remote-raw/2.0.0/static/js/main.js',
          }),
        ],
        page,
      ),
      { remoteAddress: '203.0.113.77' },
    );
    expect(res.statusCode).toBe(204);
    const tables = await rows(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'telemetry%'`,
    );
    // The page id and the client are kept an hour at most, and only as an HMAC with the hour's salt.
    expect(tables.map((t) => t.table_name).sort()).toEqual([
      'telemetry_clients',
      'telemetry_errors',
      'telemetry_minutes',
      'telemetry_pages',
      'telemetry_salts',
      'telemetry_unlisted',
      'telemetry_vitals',
    ]);
    for (const { table_name } of tables) {
      const dump = JSON.stringify(await rows(sql`SELECT * FROM ${sql.identifier(String(table_name))}`));
      expect(dump).not.toContain(page);
      expect(dump).not.toContain('203.0.113.77');
      expect(dump).not.toContain('jane.doe');
      expect(dump).not.toContain('12345678');
    }
    const body = (await summary('remote-raw')).json();
    expect(body.versions[0].top_errors[0]).toMatchObject({ message: 'failed for … order …', count: 1 });
  });

  it('a batch is one page: 240 pages, their errors once per type, a fell-back canary once on two channels', async () => {
    const remote = 'remote-pages';
    // 240 canary pages of 2.0.0: 27 with a render error only, 2 with render + runtime, 2 with runtime only.
    for (let page = 0; page < 240; page += 1) {
      const events: Event[] = [];
      const mine = (over: Event) => events.push(event({ remote, ...over }));
      mine({ type: 'mount', first: 'page' });
      if (page < 29) {
        mine({
          type: 'render_error',
          first: 'error',
          message: 'Cannot read properties of undefined',
          source: '/remote-pages/2.0.0/static/js/list.js',
        });
      }
      if (page >= 27 && page < 31) {
        mine({
          type: 'runtime_error',
          first: page < 29 ? 'type' : 'error',
          message: 'boom',
          source: '/remote-pages/2.0.0/static/js/x.js',
        });
      }
      // The same error again on the page, even flagged as a new page: the page counts it once.
      if (page === 0) {
        mine({
          type: 'render_error',
          first: 'page',
          message: 'Cannot read properties of undefined',
          source: '/remote-pages/2.0.0/static/js/list.js',
        });
      }
      expect((await beacon(app, batch(events))).statusCode).toBe(204);
    }
    // One page that tried the canary, failed to load it and fell back: one page, one error page, two channels.
    const fellBack = [
      event({ remote, version: '1.0.0', channel: 'canary', type: 'load_error', first: 'page', message: 'chunk' }),
      event({ remote, version: '1.0.0', channel: 'fallback', type: 'mount', first: undefined }),
    ];
    expect((await beacon(app, batch(fellBack))).statusCode).toBe(204);
    const body = (await summary(remote)).json();
    expect(body).toMatchObject({ remote });
    const [v2, v1] = body.versions;
    expect(v2).toMatchObject({
      version: '2.0.0',
      channels: ['canary'],
      pages: 240,
      error_pages: 31,
      error_rate: 0.1292,
      ci95: [0.0925, 0.1775],
      errors: { load_error: 0, render_error: 29, runtime_error: 4, api_error: 0 },
    });
    expect(v2.top_errors.map((e: { count: number; type: string }) => [e.type, e.count])).toEqual([
      ['render_error', 29],
      ['runtime_error', 4],
    ]);
    expect(v1).toMatchObject({ version: '1.0.0', channels: ['canary', 'fallback'], pages: 1, error_pages: 1 });
    expect(v1.errors.load_error).toBe(1);
  });

  it('vitals: p75 from fixed buckets within 5 % of the exact value, n per vital (one value per page)', async () => {
    const remote = 'remote-vitals';
    const lcp = Array.from({ length: 212 }, (_, i) => 800 + i * 10); // 800 … 2910 ms
    const cls = Array.from({ length: 100 }, (_, i) => i / 1000); // 0 … 0.099
    for (let i = 0; i < lcp.length; i += 1) {
      const events = [event({ remote, type: 'vital', name: 'LCP', value: lcp[i], first: undefined })];
      if (i < cls.length) events.push(event({ remote, type: 'vital', name: 'CLS', value: cls[i], first: undefined }));
      // A second value of a vital in the same batch is not counted: a batch is one page.
      events.push(event({ remote, type: 'vital', name: 'LCP', value: 100_000, first: undefined }));
      await beacon(app, batch(events));
    }
    const exact = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!;
    const { vitals } = (await summary(remote)).json().versions[0];
    expect(vitals.LCP.n).toBe(212);
    expect(Math.abs(vitals.LCP.p75 - exact(lcp)) / exact(lcp)).toBeLessThan(0.05);
    expect(vitals.CLS.n).toBe(100);
    expect(Math.abs(vitals.CLS.p75 - exact(cls)) / exact(cls)).toBeLessThan(0.05);
    expect(vitals.INP).toBeUndefined();
  });

  it('100 000 events make a handful of rows: rows per minute, not per event', async () => {
    const started = Date.now();
    const remote = 'remote-volume';
    const kinds: Event[] = [
      { type: 'mount', first: 'page' },
      { type: 'vital', name: 'LCP', value: 1800, first: undefined },
      { type: 'vital', name: 'INP', value: 96, first: undefined },
      { type: 'vital', name: 'CLS', value: 0.01, first: undefined },
      {
        type: 'render_error',
        first: 'error',
        message: 'x is undefined',
        source: '/remote-volume/2.0.0/static/js/a.js',
      },
    ];
    const targets = [
      { version: '1.0.0', channel: 'stable' },
      { version: '2.0.0', channel: 'canary' },
    ];
    const events = Array.from({ length: 100 }, (_, i) => event({ remote, ...targets[i % 2], ...kinds[i % 5] }));
    let accepted = 0;
    for (let round = 0; round < 100; round += 1) {
      // 10 pages at once from each of 100 addresses (the limits are per client).
      const remoteAddress = nextAddress();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => beacon(app, JSON.stringify(batch(events)), { remoteAddress })),
      );
      accepted += answers.filter((a) => a.statusCode === 204).length;
    }
    expect(accepted * 100).toBe(100_000);
    const count = async (table: string) =>
      Number((await rows(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE remote = ${remote}`))[0]!.n);
    const counts = {
      minutes: await count('telemetry_minutes'),
      vitals: await count('telemetry_vitals'),
      errors: await count('telemetry_errors'),
    };
    const seconds = (Date.now() - started) / 1000;
    console.log(`telemetry volume: 100 000 events → rows ${JSON.stringify(counts)} in ${seconds.toFixed(1)} s`);
    // Two versions × one channel each, per minute (a run may straddle a minute boundary: ×2).
    expect(counts.minutes).toBeLessThanOrEqual(4);
    expect(counts.vitals).toBeLessThanOrEqual(12);
    expect(counts.errors).toBe(2);
    const versions = (await summary(remote)).json().versions;
    // A batch is one page: 1 000 pages of each version, however many events say `first: "page"`.
    expect(versions.map((v: { pages: number }) => v.pages)).toEqual([1_000, 1_000]);
  }, 60_000);
});

describe('GET /api/telemetry/summary is for operators only', () => {
  it('401 anonymous or with a wrong bearer token, 403 a logged-in non-operator or an unverified operator', async () => {
    expect((await summary('remote-info', {})).statusCode).toBe(401);
    expect((await summary('remote-info', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await summary('remote-info', { authorization: `Bearer ${TOKEN.slice(0, -1)}` })).statusCode).toBe(401);
    expect((await summary('remote-info', { authorization: TOKEN })).statusCode).toBe(401);
    const { client } = await loggedIn(app);
    const res = await client.get('/api/telemetry/summary?remote=remote-info');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'telemetry.operators_only' });
    // Listed, but the address is not verified: not an operator.
    const unverified = await createUser(app, { email: PENDING_OPERATOR, verified: false });
    const pending = new Client(app);
    await pending.login(unverified.email);
    expect((await pending.get('/api/telemetry/summary?remote=remote-info')).statusCode).toBe(403);
  });

  it('200 with the bearer token, or for a verified user in OPERATOR_EMAILS', async () => {
    expect((await summary('remote-info')).statusCode).toBe(200);
    const { client } = await loggedIn(app, { email: OPERATOR });
    const res = await client.get('/api/telemetry/summary?remote=remote-info&since=2026-01-01T00:00:00Z');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ remote: 'remote-info', since: '2026-01-01T00:00:00.000Z' });
  });

  it('a bad query is 422 (for operators)', async () => {
    for (const query of ['remote=evil', 'remote=remote-info&since=yesterday', '']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/telemetry/summary?${query}`,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect({ query, status: res.statusCode }).toEqual({ query, status: 422 });
    }
  });

  it('no LAGER_OPERATOR_TOKEN set: no bearer access at all', async () => {
    const other = await buildTestApp(app.ctx.database);
    try {
      for (const authorization of ['Bearer ', 'Bearer undefined', `Bearer ${TOKEN}`]) {
        const res = await other.app.inject({
          method: 'GET',
          url: '/api/telemetry/summary?remote=remote-info',
          headers: { authorization },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await other.app.close();
    }
  });
});

describe('retention', () => {
  it('rows older than 30 days are deleted, younger ones kept', async () => {
    const remote = 'remote-old';
    await beacon(
      app,
      batch([
        event({ remote }),
        event({ remote, type: 'api_error', first: undefined, message: 'HTTP 503', source: 'GET /api/x' }),
      ]),
    );
    await beacon(app, batch([event({ remote, type: 'vital', name: 'LCP', value: 1000, first: undefined })]));
    await app.ctx.db.execute(
      sql`UPDATE telemetry_minutes SET minute = now() - interval '31 days' WHERE remote = ${remote}`,
    );
    await app.ctx.db.execute(
      sql`UPDATE telemetry_vitals SET minute = now() - interval '31 days' WHERE remote = ${remote}`,
    );
    await app.ctx.db.execute(
      sql`UPDATE telemetry_errors SET first_seen = now() - interval '40 days', last_seen = now() - interval '31 days' WHERE remote = ${remote}`,
    );
    await beacon(app, batch([event({ remote, version: '3.0.0' })]));
    expect(await purgeTelemetry(app.ctx.db)).toBe(3);
    const left = await rows(sql`SELECT version FROM telemetry_minutes WHERE remote = ${remote}`);
    expect(left).toEqual([{ version: '3.0.0' }]);
    expect(await purgeTelemetry(app.ctx.db)).toBe(0);
  });
});

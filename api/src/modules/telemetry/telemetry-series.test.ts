/**
 * GET /api/telemetry/series (the Releases page's charts): per version and time bucket the pages,
 * error rate with its Wilson interval and LCP p75 from the same aggregates as the summary;
 * operators only; buckets widen so a chart never has more than 60 points.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Client, createUser, loggedIn, useTestApp } from '../../../test/helpers';
import { seriesStep, wilson } from './service';

const TOKEN = 'series-operator-token-with-32-characters';
const OPERATOR = 'series-ops@lager.test';
let app: FastifyInstance;
useTestApp(__filename, (t) => (app = t.app), { operatorEmails: [OPERATOR], operatorToken: TOKEN });

let address = 0;
const beacon = (events: object[]) =>
  app.inject({
    method: 'POST',
    url: '/api/telemetry',
    payload: JSON.stringify({ page: `page-series-${String(address + 1).padStart(10, '0')}`, events }),
    headers: { 'content-type': 'text/plain', origin: 'http://web.test', 'sec-fetch-site': 'same-origin' },
    remoteAddress: `10.9.0.${++address}`,
  });
const mount = (version: string, extra: object = {}) => ({
  type: 'mount',
  remote: 'remote-chart',
  version,
  channel: version === '1.0.0' ? 'stable' : 'canary',
  first: 'page',
  ...extra,
});
const renderError = (version: string) => ({
  type: 'render_error',
  remote: 'remote-chart',
  version,
  channel: 'canary',
  first: 'error',
  message: 'Boom',
  source: `/remote-chart/${version}/static/js/main.js`,
});
const lcp = (version: string, value: number) => ({
  type: 'vital',
  name: 'LCP',
  value,
  remote: 'remote-chart',
  version,
  channel: 'stable',
});
const series = (query: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  app.inject({ method: 'GET', url: `/api/telemetry/series?${query}`, headers });

it('one point per version and time bucket: rate, Wilson interval and LCP p75 of that bucket', async () => {
  // 10 canary pages of which 3 threw, 20 stable pages with LCP 1 000 ms, now (a batch a page) …
  for (let page = 0; page < 10; page += 1) {
    expect((await beacon(page < 3 ? [mount('2.0.0'), renderError('2.0.0')] : [mount('2.0.0')])).statusCode).toBe(204);
  }
  for (let page = 0; page < 20; page += 1) {
    expect((await beacon([mount('1.0.0'), lcp('1.0.0', 1000)])).statusCode).toBe(204);
  }
  // … and 5 stable pages 2½ hours ago (moved back in time as the database clock stamps rows).
  for (let page = 0; page < 5; page += 1) await beacon([mount('1.0.0', { channel: 'pinned' })]);
  await app.ctx.db.execute(
    sql`UPDATE telemetry_minutes SET minute = date_trunc('minute', now()) - interval '150 minutes' WHERE remote = 'remote-chart' AND channel = 'pinned'`,
  );

  const since = new Date(Date.now() - 24 * 60 * 60_000).toISOString();
  const res = await series(`remote=remote-chart&since=${since}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  // Asked for 24 hours, figures over 2½ hours: at most 60 points of 3 minutes.
  expect(body.step_minutes).toBe(3);
  expect(body.versions.map((v: { version: string }) => v.version)).toEqual(['2.0.0', '1.0.0']);
  const canary = body.versions[0].points;
  expect(canary).toHaveLength(1);
  const [low, high] = wilson(3, 10);
  expect(canary[0]).toMatchObject({ pages: 10, error_pages: 3, error_rate: 0.3, lcp_p75: null });
  expect(canary[0].ci95[0]).toBeCloseTo(low, 3);
  expect(canary[0].ci95[1]).toBeCloseTo(high, 3);
  const stable = body.versions[1].points;
  expect(stable.map((p: { pages: number }) => p.pages)).toEqual([5, 20]);
  expect(Date.parse(stable[0].at)).toBeLessThan(Date.parse(stable[1].at));
  expect(stable[1].lcp_p75).toBeGreaterThan(950);
  expect(stable[1].lcp_p75).toBeLessThan(1100);
  expect(stable[0].lcp_p75).toBeNull();
});

it('only figures of the last minutes: one-minute points however far back the question starts', async () => {
  const res = await series(`remote=remote-chart-new&since=${new Date(Date.now() - 24 * 60 * 60_000).toISOString()}`);
  expect(res.json()).toMatchObject({ step_minutes: 1, versions: [] });
  expect((await beacon([{ ...mount('1.0.0'), remote: 'remote-chart-new' }])).statusCode).toBe(204);
  const since = new Date(Date.now() - 24 * 60 * 60_000).toISOString();
  expect((await series(`remote=remote-chart-new&since=${since}`)).json().step_minutes).toBe(1);
});

it('bucket width: at most 60 points whatever the span', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  expect(seriesStep(ago(10), now)).toBe(1);
  expect(seriesStep(ago(60), now)).toBe(1);
  expect(seriesStep(ago(61), now)).toBe(2);
  expect(seriesStep(ago(24 * 60), now)).toBe(24);
  expect(seriesStep(ago(30 * 24 * 60), now)).toBe(720);
});

it('operators only: 401 anonymous, 403 a non-operator, 200 for an operator; a bad query is 422', async () => {
  expect((await series('remote=remote-chart', {})).statusCode).toBe(401);
  const { client } = await loggedIn(app);
  expect((await client.get('/api/telemetry/series?remote=remote-chart')).statusCode).toBe(403);
  await createUser(app, { email: OPERATOR });
  const operator = new Client(app);
  await operator.login(OPERATOR);
  expect((await operator.get('/api/telemetry/series?remote=remote-chart')).statusCode).toBe(200);
  expect((await series('remote=remote-chart&since=soon')).statusCode).toBe(422);
  expect((await series('remote=../etc')).statusCode).toBe(422);
});

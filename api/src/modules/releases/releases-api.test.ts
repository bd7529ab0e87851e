/**
 * GET /api/releases (guarded-rollout spec §4): the rollout manifest and its history as the Releases
 * page reads them, through the deployment target the CLI uses (LAGER_DEPLOY_DIR, or a
 * LAGER_DEPLOY_TARGET module); operators only; a target that cannot be read is 503, never 500.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client, createUser, loggedIn, useTestApp } from '../../../test/helpers';

const TOKEN = 'releases-operator-token-with-32-chars!';
const OPERATOR = 'releases-ops@lager.test';
let app: FastifyInstance;
useTestApp(__filename, (t) => (app = t.app), {
  operatorEmails: [OPERATOR, `pending-${OPERATOR}`],
  operatorToken: TOKEN,
});

const saved = { dir: process.env.LAGER_DEPLOY_DIR, target: process.env.LAGER_DEPLOY_TARGET };
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-releases-'));
  process.env.LAGER_DEPLOY_DIR = dir;
  delete process.env.LAGER_DEPLOY_TARGET;
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [name, value] of [
    ['LAGER_DEPLOY_DIR', saved.dir],
    ['LAGER_DEPLOY_TARGET', saved.target],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const get = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  app.inject({ method: 'GET', url: '/api/releases', headers });

/** What `rollout --guarded` and the guard leave in the folder (rollout.json + rollout-history.jsonl). */
function writeDeployment() {
  const guard = {
    steps: [5, 25, 50, 100],
    window: '10m',
    windowMs: 600_000,
    minPages: 200,
    step: 1,
    startedAt: '2026-05-01T10:00:00.000Z',
    stepStartedAt: '2026-05-01T10:12:00.000Z',
    evidence: 0.4,
    thresholds: {},
  };
  const manifest = {
    remotes: {
      'remote-info': {
        stable: { version: '1.0.0', entry: 'remote-info/1.0.0/mf-manifest.json' },
        previous: ['0.9.0'],
        canary: { version: '2.0.0', entry: 'remote-info/2.0.0/mf-manifest.json', percent: 25, guard },
        updatedAt: '2026-05-01T10:12:00.000Z',
      },
      'remote-account': { stable: { version: '3.1.0', entry: 'remote-account/3.1.0/mf-manifest.json' }, previous: [] },
    },
  };
  const history = [
    {
      at: '2026-05-01T10:00:00.000Z',
      actor: 'ops',
      remote: 'remote-info',
      command: 'rollout',
      version: '2.0.0',
      percent: 5,
    },
    {
      at: '2026-05-01T10:12:00.000Z',
      actor: 'rollout-guard',
      remote: 'remote-info',
      action: 'guard-advance',
      command: 'guard-advance',
      version: '2.0.0',
      percent: 25,
      reason: 'step 1 of 4 (5 %) healthy: error rate 0.9 % vs 1.0 % over 240 vs 2 310 pages',
    },
  ];
  fs.writeFileSync(path.join(dir, 'rollout.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'rollout-history.jsonl'), `${history.map((h) => JSON.stringify(h)).join('\n')}\n`);
}

it('the manifest per section (stable, canary with percent and guard plan, kept versions) and the history, newest first', async () => {
  writeDeployment();
  const res = await get();
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.remotes).toEqual([
    { remote: 'remote-account', stable: { version: '3.1.0' }, canary: null, pinned: [], updated_at: null },
    {
      remote: 'remote-info',
      stable: { version: '1.0.0' },
      canary: {
        version: '2.0.0',
        percent: 25,
        guard: {
          step: 1,
          steps: [5, 25, 50, 100],
          window_ms: 600_000,
          min_pages: 200,
          started_at: '2026-05-01T10:00:00.000Z',
          step_started_at: '2026-05-01T10:12:00.000Z',
        },
      },
      pinned: ['0.9.0'],
      updated_at: '2026-05-01T10:12:00.000Z',
    },
  ]);
  expect(body.history).toEqual([
    {
      at: '2026-05-01T10:12:00.000Z',
      remote: 'remote-info',
      action: 'guard-advance',
      version: '2.0.0',
      percent: 25,
      actor: 'rollout-guard',
      reason: 'step 1 of 4 (5 %) healthy: error rate 0.9 % vs 1.0 % over 240 vs 2 310 pages',
    },
    {
      at: '2026-05-01T10:00:00.000Z',
      remote: 'remote-info',
      action: 'rollout',
      version: '2.0.0',
      percent: 5,
      actor: 'ops',
    },
  ]);
});

it('an empty deployment: no sections, no history', async () => {
  expect((await get()).json()).toEqual({ remotes: [], history: [] });
});

it('through a LAGER_DEPLOY_TARGET module like the CLI; a target that fails is 503 with Retry-After', async () => {
  const module = path.join(dir, 'target.cjs');
  fs.writeFileSync(
    module,
    `exports.createTarget = () => ({
      describe: () => 'bucket',
      listVersions: async () => [],
      readManifest: async () => ({ remotes: { 'remote-bucket': { stable: { version: '4.0.0' } } } }),
      readHistory: async () => { if (process.env.TARGET_FAILS) throw new Error('bucket away'); return []; },
    });`,
  );
  process.env.LAGER_DEPLOY_TARGET = module;
  expect((await get()).json().remotes.map((r: { remote: string }) => r.remote)).toEqual(['remote-bucket']);
  process.env.TARGET_FAILS = '1';
  try {
    const res = await get();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
  } finally {
    delete process.env.TARGET_FAILS;
  }
});

it('operators only: 401 anonymous or a wrong token, 403 a non-operator, 200 an operator', async () => {
  expect((await get({})).statusCode).toBe(401);
  expect((await get({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
  const { client } = await loggedIn(app);
  const refused = await client.get('/api/releases');
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({ code: 'telemetry.operators_only' });
  await createUser(app, { email: OPERATOR });
  const operator = new Client(app);
  await operator.login(OPERATOR);
  expect((await operator.get('/api/releases')).statusCode).toBe(200);
});

it('GET /api/user tells the shell who is an operator (is_operator), so it shows the Releases section to them only', async () => {
  const { client } = await loggedIn(app);
  expect((await client.get('/api/user')).json()).toMatchObject({ is_operator: false });
  const unverified = await createUser(app, { email: `pending-${OPERATOR}`, verified: false });
  const pending = new Client(app);
  await pending.login(unverified.email);
  expect((await pending.get('/api/user')).json()).toMatchObject({ is_operator: false });
  const operator = new Client(app);
  await operator.login(OPERATOR);
  expect((await operator.get('/api/user')).json()).toMatchObject({ email: OPERATOR, is_operator: true });
});

/**
 * The guard against the real API (guarded-rollout spec §2-3): the compiled API runs as a child
 * process (as `npm start` runs it), beacons go to POST /api/telemetry the way the shell sends them,
 * and `npm run rollout:guard -- --once` reads GET /api/telemetry/summary with the operator token and
 * rolls the failing canary back with the API's figures. The fake-API tests (rollout-guard.test.cjs)
 * cover every decision; this one proves the two sides agree on the wire.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { freePort, startApi } = require('./stack.cjs');
const { evaluateOnce } = require('./rollout-guard.cjs');
const { localDirTarget } = require('../deployment/deploy-target.cjs');
const { targetDirTools } = require('./rollout-test-target.cjs');

const TOKEN = 'operator-token-for-the-guard-test-0123456789';
const APP_URL = 'http://127.0.0.1:3000';
let api;
let dir;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-guard-api-'));

jest.setTimeout(120_000);

beforeAll(async () => {
  api = await startApi({
    port: await freePort(),
    dataDir,
    appUrl: APP_URL,
    origins: [APP_URL],
    quiet: true,
    // PGlite in dataDir whatever the environment says; the guard's token.
    // Every page of this test comes from 127.0.0.1: the per-address ceilings (issue 37) are lifted.
    env: {
      DATABASE_URL: '',
      LAGER_OPERATOR_TOKEN: TOKEN,
      OPERATOR_EMAILS: 'ops@lager.example',
      TELEMETRY_BATCHES_PER_MINUTE: '1000000',
      TELEMETRY_PAGES_PER_MINUTE: '1000000',
      TELEMETRY_PERSON_PAGES_PER_MINUTE: '1000000',
    },
  });
});

afterAll(async () => {
  await api?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-guard-api-deploy-'));
  for (const version of ['1.0.0', '2.0.0']) {
    const folder = path.join(dir, 'remote-info', version);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [] }));
    fs.writeFileSync(path.join(folder, 'section.json'), JSON.stringify({ scope: 'remote_info', version }));
  }
  expect(cli('rollout.mjs', ['promote', 'remote-info', '1.0.0']).code).toBe(0);
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const { cli, manifest, history } = targetDirTools(() => dir);

/** `pages` page loads of a version, the first `errorPages` with a render error: one batch of events each. */
function pagesOf(version, channel, pages, errorPages) {
  const batches = [];
  for (let page = 0; page < pages; page += 1) {
    const events = [{ type: 'mount', remote: 'remote-info', version, channel, first: 'page' }];
    batches.push(events);
    if (page < errorPages) {
      events.push({
        type: 'render_error',
        remote: 'remote-info',
        version,
        channel,
        first: 'error',
        message: "Cannot read properties of undefined (reading 'map')",
        source: `/remote-info/${version}/static/js/main.js`,
      });
    }
  }
  return batches;
}

let pageIds = 0;
/** Each page's batch as navigator.sendBeacon sends it (text/plain, the app's Origin), with its own page id. */
async function beacon(batches) {
  const send = async (events) => {
    pageIds += 1;
    const res = await fetch(`${api.url}/api/telemetry`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: APP_URL, 'Sec-Fetch-Site': 'same-site' },
      body: JSON.stringify({ page: `page-${String(pageIds).padStart(16, '0')}`, events }),
    });
    expect(res.status).toBe(204);
  };
  for (let i = 0; i < batches.length; i += 20) await Promise.all(batches.slice(i, i + 20).map(send));
}

test('rollout:guard --once reads the API’s summary and rolls a failing canary back with its figures', async () => {
  const start = cli('rollout.mjs', [
    'rollout',
    'remote-info',
    '2.0.0',
    '--guarded',
    '--steps',
    '10,50',
    '--window',
    '1m',
    '--min-pages',
    '50',
  ]);
  expect(start.err).toBe('');
  await beacon([...pagesOf('2.0.0', 'canary', 240, 31), ...pagesOf('1.0.0', 'stable', 1000, 9)]);

  const outbox = path.join(dir, '.outbox');
  const run = cli('rollout-guard.cjs', ['--once'], {
    LAGER_API_URL: api.url,
    LAGER_OPERATOR_TOKEN: TOKEN,
    OPERATOR_EMAILS: 'ops@lager.example',
    MAIL_OUTBOX_DIR: outbox,
    SMTP_URL: '',
    LAGER_ROLLOUT_WEBHOOK: '',
  });
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  const line = history().at(-1);
  expect(line).toMatchObject({ action: 'auto-rollback', remote: 'remote-info', version: '2.0.0' });
  expect(line.reason).toMatch(
    /^error rate 12\.9 % vs 0\.9 % \(difference 12\.0 points, 95 % CI \d+\.\d–\d+\.\d\) over 240 vs 1 000 pages$/,
  );
  expect(manifest().remotes['remote-info'].canary).toBeUndefined();
  expect(fs.readdirSync(outbox)).toHaveLength(1);
});

test('without the operator token the API answers 401 and the guard changes nothing', async () => {
  expect(cli('rollout.mjs', ['rollout', 'remote-info', '2.0.0', '--guarded']).err).toBe('');
  const before = fs.readFileSync(path.join(dir, 'rollout.json'), 'utf8');
  const logs = [];
  const decisions = await evaluateOnce({
    target: localDirTarget({ dir }),
    apiUrl: api.url,
    token: 'not-the-operator-token-not-the-operator-token',
    notify: () => {},
    log: (line) => logs.push(line),
  });
  expect(decisions).toEqual([]);
  expect(logs.join('\n')).toContain('GET /api/telemetry/summary answered 401');
  expect(fs.readFileSync(path.join(dir, 'rollout.json'), 'utf8')).toBe(before);
});

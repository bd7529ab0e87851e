/**
 * The guard against a temp deployment folder and a fake summary API (a real local HTTP server):
 * `rollout --guarded` as a team runs it, then looks that roll back, advance, promote and wait,
 * each a history line; mails, the webhook, the lease, and manual commands ending a guard.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { localDirTarget } = require('../deployment/deploy-target.cjs');
const { targetDirTools } = require('./rollout-test-target.cjs');
const { evaluateOnce, guardFromEnv, runGuard } = require('./rollout-guard.cjs');

const TOKEN = 'operator-token-with-at-least-32-chars!';
let dir;
let outbox;
let api;
let hook;

/** GET /api/telemetry/summary answering `api.versions`; each request is kept. */
function startServer(handler) {
  const server = http.createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      server.url = `http://127.0.0.1:${server.address().port}`;
      resolve(server);
    });
  });
}

async function startApi() {
  const server = await startServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    server.requests.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      auth: req.headers.authorization,
    });
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return res.writeHead(401).end();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        remote: url.searchParams.get('remote'),
        since: url.searchParams.get('since'),
        versions: server.versions,
      }),
    );
  });
  server.requests = [];
  server.versions = [];
  return server;
}

async function startHook(status) {
  const server = await startServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      server.received.push(JSON.parse(body));
      res.writeHead(server.status).end();
    });
  });
  server.received = [];
  server.status = status;
  return server;
}

function publish(remote, version) {
  const folder = path.join(dir, remote, version);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [] }));
  fs.writeFileSync(path.join(folder, 'section.json'), JSON.stringify({ scope: 'remote_info', version }));
}

const target = () => localDirTarget({ dir });
const { cli, manifest, history } = targetDirTools(() => dir);
const mails = () =>
  fs.existsSync(outbox)
    ? fs.readdirSync(outbox).map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')))
    : [];
const figures = (version, pages, errorPages, extra = {}) => ({
  version,
  channels: [],
  pages,
  error_pages: errorPages,
  ...extra,
});

function guard(env = {}) {
  const base = {
    LAGER_API_URL: api.url,
    LAGER_OPERATOR_TOKEN: TOKEN,
    OPERATOR_EMAILS: 'ops@lager.example, lead@lager.example',
  };
  return guardFromEnv({
    env: { ...base, ...env },
    target: target(),
    outboxDir: outbox,
    webhookRetry: { delayMs: 5 },
    log: () => {},
  });
}

/** A look at a given time (the guard's clock). */
const lookAt = (iso, env) => evaluateOnce({ ...guard(env), now: () => iso });

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-guard-'));
  outbox = path.join(dir, '.outbox');
  publish('remote-info', '1.0.0');
  publish('remote-info', '2.0.0');
  expect(cli('rollout.mjs', ['promote', 'remote-info', '1.0.0']).code).toBe(0);
  api = await startApi();
});

afterEach(async () => {
  await new Promise((r) => api.close(r));
  if (hook) await new Promise((r) => hook.close(r));
  hook = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

function startGuarded(args = ['--steps', '10,50', '--window', '1m', '--min-pages', '50']) {
  const run = cli('rollout.mjs', ['rollout', 'remote-info', '2.0.0', '--guarded', ...args]);
  expect(run.err).toBe('');
  return run;
}

test('rollout --guarded starts the canary at the first step and stores the plan in rollout.json', () => {
  const run = startGuarded();
  expect(run.out).toContain('canary 2.0.0 at 10 %');
  expect(run.out).toContain('npm run rollout:guard');
  const canary = manifest().remotes['remote-info'].canary;
  expect(canary).toMatchObject({
    version: '2.0.0',
    percent: 10,
    guard: { steps: [10, 50], step: 0, window: '1m', windowMs: 60_000, minPages: 50, evidence: 0 },
  });
  expect(canary.guard.stepStartedAt).toBe(canary.guard.startedAt);
  expect(canary.guard.thresholds).toMatchObject({ alpha: 0.05, loadErrorRate: 0.1, lcpWorse: 0.2 });
  expect(history().at(-1)).toMatchObject({
    command: 'rollout',
    version: '2.0.0',
    percent: 10,
    guarded: { steps: [10, 50] },
  });
});

test('bad plans and mixed options are refused with a reason, nothing changes', () => {
  const before = fs.readFileSync(path.join(dir, 'rollout.json'), 'utf8');
  for (const [args, message] of [
    [['--guarded', '--percent', '5'], 'leave out --percent'],
    [['--guarded', '--steps', '50,10'], '--steps must be rising'],
    [['--guarded', '--window', 'soon'], '--window must be a duration'],
    [['--guarded', '--min-pages', '0'], '--min-pages must be a whole number'],
    [['--percent', '5', '--window', '1m'], '--window belongs to rollout --guarded'],
  ]) {
    const run = cli('rollout.mjs', ['rollout', 'remote-info', '2.0.0', ...args]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(message);
  }
  expect(fs.readFileSync(path.join(dir, 'rollout.json'), 'utf8')).toBe(before);
});

test('a canary failing far more often is rolled back with the figures, the operators mailed and the webhook told', async () => {
  startGuarded();
  hook = await startHook(200);
  const started = manifest().remotes['remote-info'].canary.guard.stepStartedAt;
  api.versions = [figures('2.0.0', 240, 31), figures('1.0.0', 2310, 21)];
  const [decision] = await lookAt(new Date(Date.parse(started) + 5000).toISOString(), {
    LAGER_ROLLOUT_WEBHOOK: hook.url,
  });
  expect(decision.action).toBe('rollback');
  expect(api.requests[0]).toMatchObject({
    path: '/api/telemetry/summary',
    query: { remote: 'remote-info', since: started },
    auth: `Bearer ${TOKEN}`,
  });
  expect(manifest().remotes['remote-info'].canary).toBeUndefined();
  const line = history().at(-1);
  expect(line).toMatchObject({ action: 'auto-rollback', remote: 'remote-info', version: '2.0.0' });
  expect(line.reason).toMatch(
    /^error rate 12\.9 % vs 0\.9 % \(difference 12\.0 points, 95 % CI \d+\.\d–\d+\.\d\) over 240 vs 2 310 pages$/,
  );
  expect(line.guardEnded).toBeUndefined();
  expect(
    mails()
      .map((m) => m.to)
      .sort(),
  ).toEqual(['lead@lager.example', 'ops@lager.example']);
  expect(mails()[0].subject).toBe('Lager: remote-info 2.0.0 rolled back automatically');
  expect(mails()[0].text).toContain(line.reason);
  expect(hook.received).toEqual([line]);
});

test('hard limit: load errors on 10 % of 20 canary pages roll back even without a significant difference', async () => {
  startGuarded();
  api.versions = [
    figures('2.0.0', 20, 2, { errors: { load_error: 2 } }),
    figures('1.0.0', 20, 1, { errors: { load_error: 0 } }),
  ];
  const [decision] = await lookAt(new Date().toISOString());
  expect(decision).toMatchObject({
    action: 'rollback',
    reason: expect.stringContaining('load errors on 10.0 % of 20 canary pages'),
  });
  expect(history().at(-1).action).toBe('auto-rollback');
});

test('hard limit: LCP p75 more than 20 % worse with 100 pages a side', async () => {
  startGuarded();
  const lcp = (p75) => ({ vitals: { LCP: { p75, n: 100 } } });
  api.versions = [figures('2.0.0', 99, 0, lcp(2600)), figures('1.0.0', 2000, 20, lcp(2000))];
  expect((await lookAt(new Date().toISOString()))[0].action).toBe('wait');
  api.versions = [figures('2.0.0', 100, 1, lcp(2600)), figures('1.0.0', 2000, 20, lcp(2000))];
  const [decision] = await lookAt(new Date().toISOString());
  expect(decision).toMatchObject({
    action: 'rollback',
    reason: expect.stringMatching(/^LCP p75 2600 ms vs 2000 ms \(\+30 %, limit \+20 %\)/),
  });
});

test('a healthy canary waits, advances after the window with enough pages, then is promoted', async () => {
  startGuarded();
  const started = Date.parse(manifest().remotes['remote-info'].canary.guard.stepStartedAt);
  const at = (ms) => new Date(started + ms).toISOString();
  api.versions = [figures('2.0.0', 60, 1), figures('1.0.0', 600, 6)];

  const [wait] = await lookAt(at(20_000));
  expect(wait).toMatchObject({ action: 'wait' });
  expect(wait.reason).toBe(
    'waiting: 40 s left in step 1 of 2 (10 %), 60/50 canary and 600/50 stable pages; error rate 1.7 % vs 1.0 %',
  );
  expect(history().at(-1)).toMatchObject({ action: 'guard-wait', reason: wait.reason });
  const lines = history().length;
  await lookAt(at(50_000));
  expect(history()).toHaveLength(lines); // a wait is written at most every 5 minutes

  const [advance] = await lookAt(at(61_000));
  expect(advance).toMatchObject({ action: 'advance', percent: 50 });
  const canary = manifest().remotes['remote-info'].canary;
  expect(canary).toMatchObject({ percent: 50, guard: { step: 1, stepStartedAt: at(61_000) } });
  expect(history().at(-1)).toMatchObject({
    action: 'guard-advance',
    percent: 50,
    reason: expect.stringContaining('step 1 of 2 (10 %) healthy'),
  });
  expect(mails()).toEqual([]);

  // The next step compares from its own start: the summary is asked since then.
  await lookAt(at(90_000));
  expect(api.requests.at(-1).query.since).toBe(at(61_000));
  const [promote] = await lookAt(at(122_000));
  expect(promote.action).toBe('promote');
  const state = manifest().remotes['remote-info'];
  expect(state.canary).toBeUndefined();
  expect(state.stable).toMatchObject({ version: '2.0.0', section: { scope: 'remote_info', version: '2.0.0' } });
  expect(history().at(-1)).toMatchObject({ action: 'auto-promote', version: '2.0.0' });
  expect(mails()[0].subject).toBe('Lager: remote-info 2.0.0 promoted automatically');
});

test('a manual rollback, promote or --percent ends the guard, and the history says so', async () => {
  for (const args of [
    ['rollback', 'remote-info'],
    ['promote', 'remote-info'],
    ['rollout', 'remote-info', '2.0.0', '--percent', '30'],
  ]) {
    if (manifest().remotes['remote-info'].stable.version === '2.0.0')
      expect(cli('rollout.mjs', ['rollback', 'remote-info']).code).toBe(0);
    startGuarded();
    const run = cli('rollout.mjs', args);
    expect(run.out).toContain('The guard of remote-info 2.0.0 ended');
    expect(history().at(-1)).toMatchObject({ command: args[0], guardEnded: '2.0.0' });
    expect(manifest().remotes['remote-info'].canary?.guard).toBeUndefined();
    expect(await lookAt(new Date().toISOString())).toEqual([]);
  }
});

test('without figures (API down or refusing) the guard decides nothing', async () => {
  startGuarded();
  const lines = history().length;
  expect(
    await lookAt(new Date().toISOString(), { LAGER_OPERATOR_TOKEN: 'wrong-token-wrong-token-wrong-token!' }),
  ).toEqual([]);
  expect(history()).toHaveLength(lines);
  expect(manifest().remotes['remote-info'].canary.percent).toBe(10);
});

test('a webhook that keeps failing is tried 3 times, then a history line says so', async () => {
  startGuarded();
  hook = await startHook(500);
  api.versions = [figures('2.0.0', 240, 31), figures('1.0.0', 2310, 21)];
  await lookAt(new Date().toISOString(), { LAGER_ROLLOUT_WEBHOOK: hook.url });
  expect(hook.received).toHaveLength(3);
  expect(history().at(-1)).toMatchObject({ action: 'guard-webhook-failed', version: '2.0.0' });
});

test('one guard per manifest: a second guard waits while the first holds the lease; a dead owner frees it', async () => {
  const t = target();
  expect(await t.acquireGuardLease('a', 60_000)).toBe(true);
  expect(await t.acquireGuardLease('b', 60_000)).toBe(false);
  startGuarded();
  api.versions = [figures('2.0.0', 240, 31), figures('1.0.0', 2310, 21)];
  const log = [];
  await runGuard({ ...guard(), once: true, log: (l) => log.push(l) });
  expect(log).toEqual(['another guard holds this manifest; waiting']);
  expect(manifest().remotes['remote-info'].canary).toBeDefined();
  await t.releaseGuardLease('a');
  expect(await t.acquireGuardLease(`${os.hostname()}:999999999:x`, 60_000)).toBe(true);
  expect(await t.acquireGuardLease('b', 60_000)).toBe(true);
});

test('npm run rollout:guard -- --once: a fresh process resumes from rollout.json at the stored step', async () => {
  startGuarded(['--steps', '10,50,80', '--window', '1s', '--min-pages', '50']);
  api.versions = [figures('2.0.0', 60, 0), figures('1.0.0', 600, 6)];
  const env = { LAGER_API_URL: api.url, LAGER_OPERATOR_TOKEN: TOKEN, OPERATOR_EMAILS: '' };
  await new Promise((r) => setTimeout(r, 1100));
  // Run as a child process (async: the fake API answers from this process).
  const once = () =>
    new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(__dirname, 'rollout-guard.cjs'), '--once', '--target-dir', dir],
        {
          env: { ...process.env, ...env },
        },
      );
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
      });
      child.on('close', (code) => resolve({ code, out }));
    });
  const first = await once();
  expect(first.code).toBe(0);
  expect(first.out).toContain('remote-info 2.0.0: advance');
  expect(manifest().remotes['remote-info'].canary).toMatchObject({ percent: 50, guard: { step: 1 } });
  await new Promise((r) => setTimeout(r, 1100));
  await once();
  expect(manifest().remotes['remote-info'].canary).toMatchObject({ percent: 80, guard: { step: 2 } });
  expect(
    history()
      .filter((h) => h.action === 'guard-advance')
      .map((h) => h.percent),
  ).toEqual([50, 80]);
});

test('a lock left by a process killed while holding it is taken over; a live holder keeps it', async () => {
  const lock = path.join(dir, '.rollout.lock');
  fs.writeFileSync(lock, `${os.hostname()}:999999999`);
  const t = target();
  await t.update((manifest) => ({ manifest, history: { at: 'now', remote: 'remote-info', command: 'test' } }));
  expect(fs.existsSync(lock)).toBe(false);
  expect(history().at(-1)).toMatchObject({ command: 'test' });
  // Held by a running process (this one) on this machine, or by another machine: not taken.
  fs.writeFileSync(lock, `${os.hostname()}:${process.pid}`);
  const waiting = t.update((manifest) => ({
    manifest,
    history: { at: 'later', remote: 'remote-info', command: 'second' },
  }));
  await new Promise((r) => setTimeout(r, 300));
  expect(history().at(-1)).toMatchObject({ command: 'test' });
  fs.rmSync(lock);
  await waiting;
  expect(history().at(-1)).toMatchObject({ command: 'second' });
});

test('a writer killed between the manifest and its history line: the line is not lost, and a change never written is not logged', async () => {
  // A child process makes one change and dies (SIGKILL) the moment it would append the history line.
  const die = (command, at) =>
    spawnSync(process.execPath, [
      '-e',
      `const fs = require('node:fs');
       const append = fs.appendFileSync;
       fs.appendFileSync = (file, ...rest) => {
         if (${JSON.stringify(at)} === 'history' && String(file).endsWith('rollout-history.jsonl')) process.kill(process.pid, 'SIGKILL');
         return append(file, ...rest);
       };
       const rename = fs.renameSync;
       fs.renameSync = (from, to) => {
         if (${JSON.stringify(at)} === 'manifest' && String(to).endsWith('rollout.json')) process.kill(process.pid, 'SIGKILL');
         return rename(from, to);
       };
       require(${JSON.stringify(path.join(__dirname, '..', 'deployment', 'deploy-target.cjs'))})
         .localDirTarget({ dir: ${JSON.stringify(dir)} })
         .update((m) => ({ manifest: { ...m, note: ${JSON.stringify(command)} }, history: { at: 'now', remote: 'remote-info', command: ${JSON.stringify(command)} } }));`,
    ]);
  const before = history().length;
  const commands = () =>
    history()
      .slice(before)
      .map((h) => h.command);
  expect(die('died-after-manifest', 'history').signal).toBe('SIGKILL');
  expect(manifest().note).toBe('died-after-manifest');
  const t = target();
  // Readers see the change the manifest already shows; the next change appends its line first.
  expect((await t.readHistory()).at(-1)).toMatchObject({ command: 'died-after-manifest' });
  await t.update((m) => ({ manifest: m, history: { at: 'later', remote: 'remote-info', command: 'next' } }));
  expect(commands()).toEqual(['died-after-manifest', 'next']);

  expect(die('died-before-manifest', 'manifest').signal).toBe('SIGKILL');
  expect(manifest().note).toBe('died-after-manifest');
  expect((await t.readHistory()).at(-1)).toMatchObject({ command: 'next' });
  await t.update((m) => ({ manifest: m, history: { at: 'last', remote: 'remote-info', command: 'last' } }));
  expect(commands()).toEqual(['died-after-manifest', 'next', 'last']);
  expect(fs.existsSync(path.join(dir, '.rollout-pending.json'))).toBe(false);
});

test('a guard whose look fails (target locked) keeps running and looks again', async () => {
  startGuarded();
  api.versions = [figures('2.0.0', 240, 31), figures('1.0.0', 2310, 21)];
  const t = target();
  const failing = { ...t, acquireGuardLease: async () => Promise.reject(new Error('bucket away')) };
  const log = [];
  const controller = new AbortController();
  const running = runGuard({
    ...guard(),
    target: failing,
    intervalMs: 20,
    signal: controller.signal,
    log: (l) => log.push(l),
  });
  await new Promise((r) => setTimeout(r, 200));
  controller.abort();
  await running;
  expect(log.filter((l) => l === 'this look failed (bucket away); looking again later').length).toBeGreaterThan(1);
});

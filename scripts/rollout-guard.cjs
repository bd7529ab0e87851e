/**
 * `npm run rollout:guard [-- --once] [-- --interval 30s]`: evaluates every guarded canary of the
 * rollout manifest (guarded-rollout spec §3) every 30 s (or --interval), or once. Figures come from GET /api/telemetry/summary
 * (LAGER_API_URL, LAGER_OPERATOR_TOKEN); decisions (rollout-guard-lib.cjs) are stored through
 * the deployment target, so any target module works. One guard per manifest: a lease in the
 * target; everything it needs to resume is in rollout.json (`canary.guard`).
 */
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');
const lib = require('../deployment/rollout-lib.cjs');
const { decide, applyDecision, parseWindow, waitIsDue } = require('./rollout-guard-lib.cjs');
const { loadTarget } = require('../deployment/deploy-target.cjs');
const { notifyOperators } = require('./rollout-guard-notify.cjs');

const repoRoot = path.resolve(__dirname, '..');
const LOOK_MS = 30_000;
/** A lease outlives a few missed looks, so a guard that died frees the manifest within minutes. */
const LEASE_MS = 3 * 60_000;

async function fetchSummary({ apiUrl, token, remote, since }) {
  const url = new URL('/api/telemetry/summary', apiUrl);
  url.search = new URLSearchParams({ remote, since }).toString();
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${url.pathname} answered ${res.status}`);
  return res.json();
}

/** The guarded canaries of a manifest: [{ remote, stable, canary, guard }]. */
function guardedCanaries(manifest) {
  return Object.entries(manifest.remotes ?? {})
    .filter(([, state]) => state?.canary?.guard && state.stable)
    .map(([remote, state]) => ({
      remote,
      stable: state.stable.version,
      canary: state.canary.version,
      guard: state.canary.guard,
      described: { section: state.canary.section, requires: state.canary.requires },
    }));
}

/**
 * One look at every guarded canary. Returns the decisions taken (for the CLI and tests).
 * `options`: target, apiUrl, token, now(), actor, notify(line), log(text).
 */
async function evaluateOnce(options) {
  const { target, now = () => new Date().toISOString(), log = () => {} } = options;
  const results = [];
  for (const item of guardedCanaries(await target.readManifest())) {
    const at = now();
    let summary;
    try {
      summary = await fetchSummary({ ...options, remote: item.remote, since: item.guard.stepStartedAt });
    } catch (error) {
      log(`${item.remote} ${item.canary}: no figures (${error.message}); looking again later`);
      continue;
    }
    const version = (v) => summary.versions?.find((entry) => entry.version === v);
    const decision = decide(item.guard, { now: at, canary: version(item.canary), stable: version(item.stable) });
    log(`${item.remote} ${item.canary}: ${decision.action} — ${decision.reason}`);
    results.push({ remote: item.remote, version: item.canary, ...decision });
    if (decision.action === 'wait' && !waitIsDue(item.guard, at)) continue;
    // A promotion writes the canary's description (routes, shared ranges) into the stable entry.
    const described = (await target.describeVersion?.(item.remote, item.canary)) ?? item.described;
    const ctx = {
      now: at,
      actor: options.actor ?? 'rollout-guard',
      deployed: await target.listVersions(item.remote),
      describe: (v) => (v === item.canary ? described : undefined),
    };
    let history;
    try {
      ({ history } = await target.update((manifest) =>
        applyDecision(manifest, { remote: item.remote, version: item.canary, decision }, ctx),
      ));
    } catch (error) {
      // A manual command changed the canary meanwhile: its own history line says so.
      if (error instanceof lib.RolloutError) log(error.message);
      else throw error;
      continue;
    }
    if (decision.action === 'rollback' || decision.action === 'promote') await options.notify?.(history);
  }
  return results;
}

/**
 * Runs the guard until `signal` aborts (or once). Holds the target's guard lease while it acts;
 * a second guard on the same manifest waits and says so.
 */
async function runGuard(options) {
  const { target, once = false, intervalMs = LOOK_MS, signal, log = () => {} } = options;
  const owner = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const lease = (ms) => target.acquireGuardLease?.(owner, ms) ?? true;
  try {
    for (;;) {
      try {
        if (await lease(LEASE_MS)) await evaluateOnce(options);
        else log('another guard holds this manifest; waiting');
      } catch (error) {
        // A look that failed (the target busy or away) is tried again at the next look; the guard keeps running.
        if (once) throw error;
        log(`this look failed (${error.message}); looking again later`);
      }
      if (once || signal?.aborted) return;
      await new Promise((resolve) => {
        // One abort listener at a time (a listener per look piled up on a long-running guard).
        const onAbort = () => resolve(clearTimeout(timer));
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, intervalMs);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      if (signal?.aborted) return;
    }
  } finally {
    await target.releaseGuardLease?.(owner);
  }
}

/** The guard as `npm start` (LAGER_GUARD=1) and the CLI configure it from the environment. */
function guardFromEnv({
  env = process.env,
  target,
  outboxDir,
  webhookRetry,
  log = (line) => console.log(`[guard] ${line}`),
} = {}) {
  const apiUrl = env.LAGER_API_URL;
  const token = env.LAGER_OPERATOR_TOKEN;
  if (!apiUrl || !token)
    throw new Error('rollout:guard needs LAGER_API_URL and LAGER_OPERATOR_TOKEN (32+ characters).');
  const resolved = target ?? loadTarget({ repoRoot });
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(repoRoot, 'api/data');
  const notify = (line) =>
    notifyOperators(line, {
      target: resolved,
      operators: (env.OPERATOR_EMAILS ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      outboxDir: outboxDir ?? env.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox'),
      webhook: env.LAGER_ROLLOUT_WEBHOOK,
      webhookRetry,
      log,
    });
  return { target: resolved, apiUrl, token, notify, log };
}

module.exports = { evaluateOnce, runGuard, guardFromEnv };

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      once: { type: 'boolean' },
      // How often the guard looks (default 30 s): a short canary in a test, a slow one in production.
      interval: { type: 'string' },
      target: { type: 'string' },
      'target-dir': { type: 'string' },
    },
  });
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => controller.abort());
  try {
    const target = loadTarget({ targetModule: values.target, targetDir: values['target-dir'], repoRoot });
    let intervalMs = LOOK_MS;
    if (values.interval !== undefined) {
      try {
        intervalMs = parseWindow(values.interval);
      } catch {
        throw new Error(`--interval must be a duration like 2s or 30s (got "${values.interval}").`);
      }
    }
    runGuard({ ...guardFromEnv({ target }), once: values.once, intervalMs, signal: controller.signal }).catch(
      (error) => {
        console.error(`rollout:guard: ${error.message}`);
        process.exitCode = 1;
      },
    );
  } catch (error) {
    console.error(`rollout:guard: ${error.message}`);
    process.exitCode = 1;
  }
}

/**
 * The guard's decisions as pure functions (guarded-rollout spec §3): from a guarded canary's
 * plan (`canary.guard` in rollout.json) and the two versions' figures since the step started,
 * decide roll back / advance / promote / wait; `applyDecision` turns a decision into the next
 * manifest and its history line. No clock, no network: rollout-guard.cjs does the IO.
 */
const lib = require('../deployment/rollout-lib.cjs');
const { regression, differenceInterval } = require('./guard-stats.cjs');

const DEFAULT_PLAN = { steps: [5, 25, 50, 100], window: '10m', minPages: 200 };
/** α and the mixture's τ (the size of regression it is tuned for: 3 points), and the hard limits. */
const THRESHOLDS = {
  alpha: 0.05,
  tau: 0.03,
  loadErrorRate: 0.1,
  loadErrorMinPages: 20,
  lcpWorse: 0.2,
  lcpMinPages: 100,
};
/** A `wait` is written to the history at most this often (the guard looks every 30 s). */
const WAIT_LINE_MS = 5 * 60_000;

function parseSteps(raw) {
  const steps = String(raw)
    .split(',')
    .map((s) => lib.parsePercent(s));
  if (!steps.length || steps[0] >= 100 || steps.some((p, i) => p <= 0 || (i > 0 && p <= steps[i - 1]))) {
    throw new lib.RolloutError(
      `--steps must be rising percentages from above 0, the first below 100, e.g. 5,25,50,100 (got "${raw}").`,
    );
  }
  return steps;
}

function parseWindow(raw) {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(String(raw).trim());
  if (!match) throw new lib.RolloutError(`--window must be a duration like 30s, 10m or 1h (got "${raw}").`);
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2]];
}

function parseMinPages(raw) {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new lib.RolloutError(`--min-pages must be a whole number above 0 (got "${raw}").`);
  }
  return value;
}

/** The plan stored as `canary.guard` when `rollout --guarded` starts. */
function guardPlan({ steps, window, minPages }, now) {
  const plan = {
    steps: parseSteps(steps ?? DEFAULT_PLAN.steps.join(',')),
    window: window ?? DEFAULT_PLAN.window,
    minPages: parseMinPages(minPages ?? DEFAULT_PLAN.minPages),
  };
  return {
    ...plan,
    windowMs: parseWindow(plan.window),
    step: 0,
    startedAt: now,
    stepStartedAt: now,
    evidence: 0,
    thresholds: { ...THRESHOLDS },
  };
}

/** `rollout <remote> <version> --guarded`: the canary at the plan's first step, with its plan. */
function startGuarded(manifest, { remote, version, ...options }, ctx) {
  const guard = guardPlan(options, ctx.now);
  const result = lib.rollout(manifest, { remote, version, percent: guard.steps[0] }, ctx);
  const state = result.manifest.remotes[remote];
  state.canary = { ...state.canary, guard };
  return {
    ...result,
    history: { ...result.history, guarded: { steps: guard.steps, window: guard.window, minPages: guard.minPages } },
  };
}

const pct = (x, n) => (n ? `${((100 * x) / n).toFixed(1)} %` : '– %');
const pages = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * A version's figures from its summary, without the pages of each minute's busiest client where
 * it went over a person's pace (the summary's `busiest`, issue 37): one address at its ceiling
 * can neither add error pages to a healthy canary nor dilute a broken one with healthy pages.
 * Load errors lose the busiest client's error pages too (they may be any of them).
 */
function figures(v) {
  const busyPages = v?.busiest?.pages ?? 0;
  const busyErrors = v?.busiest?.error_pages ?? 0;
  const pages = Math.max(0, (v?.pages ?? 0) - busyPages);
  return {
    pages,
    errorPages: Math.min(pages, Math.max(0, (v?.error_pages ?? 0) - busyErrors)),
    loadErrors: Math.max(0, (v?.errors?.load_error ?? 0) - busyErrors),
    lcp: v?.vitals?.LCP?.p75,
  };
}

function formatDuration(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

/**
 * One look at a guarded canary. `canary` / `stable`: the summary entries of the two versions
 * since the step started (GET /api/telemetry/summary). Returns { action, reason, … }.
 */
function decide(guard, { now, canary, stable }) {
  const t = { ...THRESHOLDS, ...guard.thresholds };
  const c = figures(canary);
  const s = figures(stable);
  const over = `over ${pages(c.pages)} vs ${pages(s.pages)} pages`;
  if (c.pages >= t.loadErrorMinPages && c.loadErrors / c.pages >= t.loadErrorRate) {
    return {
      action: 'rollback',
      reason: `load errors on ${pct(c.loadErrors, c.pages)} of ${pages(c.pages)} canary pages (limit ${t.loadErrorRate * 100} % of at least ${t.loadErrorMinPages})`,
    };
  }
  if (
    c.pages >= t.lcpMinPages &&
    s.pages >= t.lcpMinPages &&
    c.lcp > 0 &&
    s.lcp > 0 &&
    c.lcp > s.lcp * (1 + t.lcpWorse)
  ) {
    return {
      action: 'rollback',
      reason: `LCP p75 ${Math.round(c.lcp)} ms vs ${Math.round(s.lcp)} ms (+${Math.round((100 * c.lcp) / s.lcp - 100)} %, limit +${t.lcpWorse * 100} %) ${over}`,
    };
  }
  const counts = { x1: c.errorPages, n1: c.pages, x0: s.errorPages, n0: s.pages };
  const test = regression(counts, { alpha: t.alpha, tau: t.tau, evidence: guard.evidence ?? 0 });
  const rates = `error rate ${pct(c.errorPages, c.pages)} vs ${pct(s.errorPages, s.pages)}`;
  if (test.regressed) {
    const [low, high] = differenceInterval(counts).map((d) => (100 * d).toFixed(1));
    const diff = ((100 * c.errorPages) / c.pages - (100 * s.errorPages) / s.pages).toFixed(1);
    return { action: 'rollback', reason: `${rates} (difference ${diff} points, 95 % CI ${low}–${high}) ${over}` };
  }
  const left = guard.windowMs - (Date.parse(now) - Date.parse(guard.stepStartedAt));
  const at = `step ${guard.step + 1} of ${guard.steps.length} (${guard.steps[guard.step]} %)`;
  if (left <= 0 && c.pages >= guard.minPages && s.pages >= guard.minPages) {
    // Reaching 100 % is the promotion itself (no stable traffic would be left to compare with).
    const last = guard.step + 1 >= guard.steps.length || guard.steps[guard.step + 1] >= 100;
    return {
      action: last ? 'promote' : 'advance',
      ...(last ? {} : { percent: guard.steps[guard.step + 1] }),
      evidence: test.total,
      reason: `${at} healthy: ${rates} ${over}`,
    };
  }
  const waits = [left > 0 ? `${formatDuration(left)} left in ${at}` : `window of ${at} passed`];
  waits.push(`${pages(c.pages)}/${guard.minPages} canary and ${pages(s.pages)}/${guard.minPages} stable pages`);
  return { action: 'wait', reason: `waiting: ${waits.join(', ')}; ${rates}` };
}

const ACTIONS = { rollback: 'auto-rollback', advance: 'guard-advance', promote: 'auto-promote', wait: 'guard-wait' };

/** True when the guard should write this wait to the history (the first, then every 5 min). */
function waitIsDue(guard, now) {
  return !guard.lastWaitAt || Date.parse(now) - Date.parse(guard.lastWaitAt) >= WAIT_LINE_MS;
}

/** The plan after an advance (next step, its clock, the evidence so far) or a written wait. */
function nextGuard(guard, decision, now) {
  if (decision.action === 'advance') {
    const { lastWaitAt: _written, ...rest } = guard;
    return { ...rest, step: guard.step + 1, stepStartedAt: now, evidence: decision.evidence };
  }
  return { ...guard, lastWaitAt: now };
}

/** The next manifest and history line for a decision on `remote` (inside target.update). */
function applyDecision(manifest, { remote, version, decision }, ctx) {
  const state = manifest.remotes?.[remote];
  const guard = state?.canary?.guard;
  if (!guard || state.canary.version !== version) {
    throw new lib.RolloutError(`${remote} ${version} is no longer a guarded canary (changed meanwhile).`);
  }
  const line = {
    action: ACTIONS[decision.action],
    command: ACTIONS[decision.action],
    version,
    reason: decision.reason,
  };
  let result;
  if (decision.action === 'rollback') result = lib.rollback(manifest, { remote }, ctx);
  else if (decision.action === 'promote') result = lib.promote(manifest, { remote }, ctx);
  else {
    const next = nextGuard(guard, decision, ctx.now);
    const canary = {
      ...state.canary,
      guard: next,
      ...(decision.action === 'advance' ? { percent: decision.percent } : {}),
    };
    const nextState = { ...state, canary, updatedAt: ctx.now };
    result = {
      manifest: { ...manifest, remotes: { ...manifest.remotes, [remote]: nextState } },
      history: { at: ctx.now, actor: ctx.actor, remote, ...(decision.percent ? { percent: decision.percent } : {}) },
    };
    result.history.before = { stable: state.stable.version, canary: { version, percent: state.canary.percent } };
    result.history.after = { stable: state.stable.version, canary: { version, percent: canary.percent } };
  }
  // lib.rollback/promote note a manual command that ends a guard; here the guard itself acted.
  const { guardEnded: _ended, ...history } = result.history;
  return { manifest: result.manifest, history: { ...history, ...line, at: ctx.now } };
}

module.exports = { DEFAULT_PLAN, guardPlan, startGuarded, decide, nextGuard, applyDecision, parseWindow, waitIsDue };

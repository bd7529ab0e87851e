/**
 * The guard's statistics proven by a seeded simulation (guarded-rollout spec §3): whole guarded
 * rollouts through the real decision function (`decide`, `nextGuard`), looked at every 30 s.
 * Traffic: 200 pages per look (400 a minute), default plan 5,25,50,100 % with 10 min windows and
 * 200 pages a side. `GUARD_TABLE=1` prints the README's power table.
 */
const { decide, guardPlan, nextGuard } = require('./rollout-guard-lib.cjs');
const { logLikelihoodRatio, wilson, differenceInterval } = require('./guard-stats.cjs');

/** mulberry32: a small seeded generator, the same numbers on every machine. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A binomial draw by inverting its distribution function: one random number per draw. */
function binomial(rng, n, p) {
  if (p <= 0 || n === 0) return 0;
  if (p >= 1) return n;
  const odds = p / (1 - p);
  let pmf = (1 - p) ** n;
  let cdf = pmf;
  const u = rng();
  let k = 0;
  while (u > cdf && k < n) {
    pmf *= ((n - k) / (k + 1)) * odds;
    k += 1;
    cdf += pmf;
  }
  return k;
}

const LOOK_MS = 30_000;

/** One address at its ceiling (TELEMETRY_PAGES_PER_MINUTE, default 30): half of it each look. */
const ATTACK_PER_MINUTE = 30;

/**
 * One guarded rollout; returns whether it was rolled back and how many real canary pages it had
 * shown. `attack`: one address adds canary pages at its ceiling, all with an error (`errors`) or
 * none (`pages`), which the API names as the minute's busiest client (summary `busiest`);
 * `blind`: a guard that ignores `busiest` (the one before issue 37).
 */
function rollout(rng, { stableRate, canaryRate, perLook = 200, plan = {}, attack, blind = false }) {
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  let guard = guardPlan(plan, new Date(t0).toISOString());
  let shown = 0;
  const fresh = () => ({ pages: 0, error_pages: 0, busiest: { pages: 0, error_pages: 0 } });
  let c = fresh();
  let s = fresh();
  for (let look = 1; look < 10_000; look++) {
    const share = guard.steps[guard.step] / 100;
    const canaryPages = binomial(rng, perLook, share);
    c.pages += canaryPages;
    c.error_pages += binomial(rng, canaryPages, canaryRate);
    s.pages += perLook - canaryPages;
    s.error_pages += binomial(rng, perLook - canaryPages, stableRate);
    shown += canaryPages;
    if (attack) {
      const forged = ATTACK_PER_MINUTE / 2;
      const errors = attack === 'errors' ? forged : 0;
      c.pages += forged;
      c.error_pages += errors;
      // 15 or 30 pages of one client in the minute: over a person's pace, so the minute's busiest.
      c.busiest.pages += forged;
      c.busiest.error_pages += errors;
    }
    const now = new Date(t0 + look * LOOK_MS).toISOString();
    const seen = (v) => (blind ? { pages: v.pages, error_pages: v.error_pages } : v);
    const decision = decide(guard, { now, canary: seen(c), stable: seen(s) });
    if (decision.action === 'rollback') return { rolledBack: true, shown, decision };
    if (decision.action === 'promote') return { rolledBack: false, shown };
    if (decision.action === 'advance') {
      guard = nextGuard(guard, decision, now);
      c = fresh();
      s = fresh();
    }
  }
  throw new Error('a rollout never finished');
}

function run(count, seed, options) {
  const rng = random(seed);
  return Array.from({ length: count }, () => rollout(rng, options));
}

test('equal error rates (1 % and 1 %): at most 5 % of 1 000 guarded rollouts roll back', () => {
  const results = run(1000, 20261125, { stableRate: 0.01, canaryRate: 0.01 });
  const rolledBack = results.filter((r) => r.rolledBack).length;
  console.log(`false rollbacks: ${rolledBack} of 1000`);
  expect(rolledBack).toBeLessThanOrEqual(50);
  // Not a test that cannot fail: the same rates do promote.
  expect(results.length - rolledBack).toBeGreaterThanOrEqual(950);
});

test('canary 5 % vs stable 1 %: at least 95 % rolled back before the canary reached 1 000 pages', () => {
  const results = run(1000, 424242, { stableRate: 0.01, canaryRate: 0.05 });
  const caught = results.filter((r) => r.rolledBack && r.shown < 1000).length;
  const median = results.map((r) => r.shown).sort((a, b) => a - b)[500];
  console.log(`caught before 1 000 canary pages: ${caught} of 1000 (median ${median} canary pages)`);
  expect(caught).toBeGreaterThanOrEqual(950);
});

describe('one address at its full rate limit beside real traffic (issue 37)', () => {
  test('error pages for a healthy canary (1 % vs 1 %): at most 5 % of 1 000 guarded rollouts roll back', () => {
    const results = run(1000, 20261125, { stableRate: 0.01, canaryRate: 0.01, attack: 'errors' });
    const rolledBack = results.filter((r) => r.rolledBack).length;
    // The same attack against a guard that counted every page (before issue 37).
    const blind = run(1000, 20261125, { stableRate: 0.01, canaryRate: 0.01, attack: 'errors', blind: true });
    const blindBack = blind.filter((r) => r.rolledBack).length;
    console.log(
      `attacker, healthy canary: false rollbacks ${rolledBack} of 1000 (a guard counting every page: ${blindBack})`,
    );
    expect(rolledBack).toBeLessThanOrEqual(50);
    expect(blindBack).toBeGreaterThanOrEqual(950);
  });

  test('healthy pages for a broken canary (5 % vs 1 %): at least 95 % still rolled back before 1 000 real canary pages', () => {
    const results = run(1000, 424242, { stableRate: 0.01, canaryRate: 0.05, attack: 'pages' });
    const caught = results.filter((r) => r.rolledBack && r.shown < 1000).length;
    const blind = run(1000, 424242, { stableRate: 0.01, canaryRate: 0.05, attack: 'pages', blind: true });
    const blindCaught = blind.filter((r) => r.rolledBack && r.shown < 1000).length;
    const median = (list) => list.map((r) => r.shown).sort((a, b) => a - b)[500];
    console.log(
      `attacker, broken canary: caught before 1 000 canary pages ${caught} of 1000, median ${median(results)} pages (a guard counting every page: ${blindCaught}, median ${median(blind)})`,
    );
    expect(caught).toBeGreaterThanOrEqual(950);
    // The dilution does work on a guard that counts every page: it needs more real canary pages.
    expect(median(blind)).toBeGreaterThan(median(results));
  });
});

test('the test looks at the canary being worse only, and more errors give more evidence', () => {
  const base = { x0: 10, n0: 1000, n1: 500 };
  expect(logLikelihoodRatio({ ...base, x1: 25 }, 0.03)).toBeGreaterThan(logLikelihoodRatio({ ...base, x1: 10 }, 0.03));
  expect(logLikelihoodRatio({ ...base, x1: 0 }, 0.03)).toBeLessThan(0);
  expect(
    decide(guardPlan({}, '2026-01-01T00:00:00Z'), {
      now: '2026-01-01T00:00:30Z',
      canary: { pages: 500, error_pages: 0 },
      stable: { pages: 9500, error_pages: 400 },
    }).action,
  ).toBe('wait');
});

test('Wilson and Newcombe intervals match published values', () => {
  // Newcombe (1998), table II: 81/263 → 0.2553–0.3662; difference 56/70 − 48/80 → 0.0524–0.3339.
  expect(wilson(81, 263).map((v) => v.toFixed(4))).toEqual(['0.2553', '0.3662']);
  expect(differenceInterval({ x1: 56, n1: 70, x0: 48, n0: 80 }).map((v) => v.toFixed(4))).toEqual(['0.0524', '0.3339']);
});

if (process.env.GUARD_TABLE) {
  test('power table', () => {
    const rows = [];
    for (const perLook of [200, 40]) {
      for (const canaryRate of [0.01, 0.015, 0.02, 0.03, 0.05, 0.1]) {
        const results = run(1000, 7, { stableRate: 0.01, canaryRate, perLook });
        const back = results.filter((r) => r.rolledBack);
        const before1000 = back.filter((r) => r.shown < 1000).length;
        const median = back.map((r) => r.shown).sort((a, b) => a - b)[Math.floor(back.length / 2)] ?? '-';
        rows.push(
          `| ${perLook * 2} | ${canaryRate * 100} % | ${back.length / 10} % | ${before1000 / 10} % | ${median} |`,
        );
      }
    }
    console.log(rows.join('\n'));
  });
}

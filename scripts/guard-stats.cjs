/**
 * The guard's statistics (guarded-rollout spec §3), plain functions without IO.
 *
 * Regression test: a mixture sequential probability ratio test (mSPRT, Johari et al., "Always
 * valid inference", 2017) on the difference of error rates, canary minus stable, with a
 * half-normal mixture N(0, τ²) restricted to "canary worse". Its likelihood ratio Λ is a
 * non-negative martingale under "no difference", so by Ville's inequality the chance that it
 * EVER reaches 1/α is at most α — however often the guard looks (every 30 s). The spec compares
 * each step's data on its own; the ratios of successive steps multiply (the product is again
 * such a martingale), so evidence carries from step to step without spending α again.
 * The normal approximation is checked by the seeded simulation (guard-stats.test.cjs).
 */

/** log Φ(z), accurate far into the lower tail (a canary much better than stable). */
function logNormalCdf(z) {
  if (z < -6) {
    const z2 = z * z;
    return -z2 / 2 - Math.log(-z) - 0.5 * Math.log(2 * Math.PI) + Math.log(1 - 1 / z2 + 3 / (z2 * z2));
  }
  return Math.log(0.5 * erfc(-z / Math.SQRT2));
}

/** erfc with relative error < 1.2e-7 (Numerical Recipes' Chebyshev fit). */
function erfc(x) {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** An error rate smoothed towards ½ by one page each way: never 0, so the variance never is. */
const smoothed = (x, n) => (x + 1) / (n + 2);

/**
 * log Λ of the one-sided normal-mixture SPRT for canary (x1 of n1 pages with an error) against
 * stable (x0 of n0). Λ = 2 Φ(θ̂τ/√(V(V+τ²))) · √(V/(V+τ²)) · exp(θ̂²τ²/(2V(V+τ²))).
 */
function logLikelihoodRatio({ x1, n1, x0, n0 }, tau) {
  if (!n1 || !n0) return 0;
  const p1 = smoothed(x1, n1);
  const p0 = smoothed(x0, n0);
  const v = (p1 * (1 - p1)) / n1 + (p0 * (1 - p0)) / n0;
  const t2 = tau * tau;
  const diff = x1 / n1 - x0 / n0;
  return (
    Math.LN2 +
    logNormalCdf((diff * tau) / Math.sqrt(v * (v + t2))) +
    0.5 * Math.log(v / (v + t2)) +
    (diff * diff * t2) / (2 * v * (v + t2))
  );
}

/** Wilson score interval of x errors in n pages (95 % by default). */
function wilson(x, n, z = 1.959964) {
  if (!n) return [0, 1];
  const p = x / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Newcombe's interval of p1 − p0 from the two Wilson intervals (the figure shown to people). */
function differenceInterval({ x1, n1, x0, n0 }) {
  const p1 = x1 / n1;
  const p0 = x0 / n0;
  const [l1, u1] = wilson(x1, n1);
  const [l0, u0] = wilson(x0, n0);
  const d = p1 - p0;
  return [d - Math.hypot(p1 - l1, u0 - p0), d + Math.hypot(u1 - p1, p0 - l0)];
}

/**
 * The regression verdict for one look: `evidence` is the log Λ carried from finished steps.
 * Rolls back when the combined log Λ reaches log(1/α) while the canary is the worse one.
 */
function regression(counts, { alpha, tau, evidence = 0 }) {
  const step = logLikelihoodRatio(counts, tau);
  const total = evidence + step;
  const worse = counts.n1 > 0 && counts.n0 > 0 && counts.x1 / counts.n1 > counts.x0 / counts.n0;
  return { step, total, regressed: worse && total >= Math.log(1 / alpha) };
}

module.exports = { logLikelihoodRatio, regression, wilson, differenceInterval, logNormalCdf };

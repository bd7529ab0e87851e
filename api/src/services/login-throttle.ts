import type { RateLimit } from '../context';

/**
 * Counts failed logins per e-mail + IP (Laravel's anchor: 5 per minute). Only failures count,
 * so @fastify/rate-limit (which counts every hit) does not fit. Per process: behind a load
 * balancer each instance counts on its own, which only makes the limit looser, never stricter.
 */
export class LoginThrottle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly limit: RateLimit) {}

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.limit.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  fail(key: string, now = Date.now()) {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.limit.windowMs });
      if (this.hits.size > 10_000) this.sweep(now);
    } else entry.count += 1;
  }

  clear(key: string) {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

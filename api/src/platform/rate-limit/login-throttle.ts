import type { RateLimit } from '../context';
import { AppError } from '../errors';
import type { Counters } from './counters';

/** The three login ceilings: per e-mail + address (Laravel's 5 a minute), per account, per address. */
export interface LoginLimits {
  /** Attempts for one e-mail from one client address. */
  login: RateLimit;
  /** Attempts for one e-mail from any address (a botnet guessing one password). */
  loginPerAccount?: RateLimit;
  /** Attempts from one address over any e-mails (one client trying many accounts). */
  loginPerIp?: RateLimit;
}

export interface LoginAttempt {
  /** The credentials were right: the e-mail's counters start again. */
  succeeded(): Promise<void>;
}

const throttled = (ttlMs: number) => {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError(429, 'loginThrottled', 'auth.throttled', {
    vars: { seconds },
    errors: { email: [{ key: 'loginThrottled', vars: { seconds } }] },
    headers: { 'retry-after': String(seconds) },
  });
};

/**
 * Counts a login attempt before the password is checked, then decides: of 100 parallel wrong
 * logins for one account at most `login.max` reach the password check, the rest get 429. Counters
 * live in the database, so every API instance counts together. A success clears the e-mail's
 * counters and takes the attempt back from the address's (not clearing it: logging in to one's own
 * account must not reset a scan of others).
 *
 * The address is counted first: once it is over its ceiling, its attempts touch no e-mail's
 * counters, so a client sending a new e-mail with every request adds one counter row, not two per
 * request (and cannot push strangers' accounts towards their ceiling).
 */
export class LoginThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly limits: LoginLimits,
  ) {}

  async attempt(email: string, ip: string): Promise<LoginAttempt> {
    const account = email.trim().toLowerCase();
    const ipKey = `login:ip:${ip}`;
    const checks: [string, RateLimit | undefined][] = [
      [`login:pair:${account}|${ip}`, this.limits.login],
      [`login:account:${account}`, this.limits.loginPerAccount],
    ];
    if (this.limits.loginPerIp) {
      const hit = await this.counters.hit(ipKey, this.limits.loginPerIp.windowMs);
      if (hit.count > this.limits.loginPerIp.max) throw throttled(hit.ttlMs);
    }
    let wait = 0;
    for (const [key, limit] of checks) {
      if (!limit) continue;
      const hit = await this.counters.hit(key, limit.windowMs);
      if (hit.count > limit.max) wait = Math.max(wait, hit.ttlMs);
    }
    if (wait > 0) throw throttled(wait);
    return {
      succeeded: async () => {
        for (const [key] of checks) await this.counters.clear(key);
        // Only failures count against an address: a busy office behind one NAT logs in all day.
        if (this.limits.loginPerIp) await this.counters.release(ipKey);
      },
    };
  }
}

import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from './tables';

interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Fixed-window counters. `hit` counts first and answers after: parallel requests cannot all slip under the limit. */
export interface Counters {
  hit(key: string, windowMs: number): Promise<Hit>;
  clear(key: string): Promise<void>;
  /** Takes one hit back (an attempt that turned out fine). */
  release(key: string): Promise<void>;
  /** Deletes counters whose window ended. */
  purge(): Promise<number>;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);

/** Keys are bounded: an e-mail of 255 characters plus an IPv6 address fits; longer input is cut. */
const boundKey = (key: string) => key.slice(0, 400);

/**
 * Counters in the database: one upsert per hit, atomic on PostgreSQL (the conflicting row is
 * locked) and on PGlite (one connection). The database clock decides the window, so instances
 * with drifting clocks still agree.
 */
export function databaseCounters(db: Db): Counters {
  return {
    async hit(key, windowMs) {
      const result = await db.execute(sql`
        INSERT INTO rate_limit_counters AS c (key, count, reset_at)
        VALUES (${boundKey(key)}, 1, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.count + 1 END,
          reset_at = CASE WHEN c.reset_at <= now() THEN EXCLUDED.reset_at ELSE c.reset_at END
        RETURNING count, GREATEST(0, EXTRACT(EPOCH FROM (reset_at - now())) * 1000)::float8 AS ttl_ms`);
      const [row] = rowsOf(result);
      return { count: Number(row?.count ?? 1), ttlMs: Math.ceil(Number(row?.ttl_ms ?? windowMs)) };
    },
    async clear(key) {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE key = ${boundKey(key)}`);
    },
    async release(key) {
      await db.execute(sql`UPDATE rate_limit_counters SET count = GREATEST(count - 1, 0) WHERE key = ${boundKey(key)}`);
    },
    async purge() {
      const deleted = await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.resetAt, new Date()))
        .returning({ key: rateLimitCounters.key });
      return deleted.length;
    },
  };
}

/**
 * Rate-limit counters (issue 18 item 3): in the database so every API instance on it counts
 * together, and an attacker cannot multiply the limits by the number of instances. Migrations
 * are generated from this file with drizzle-kit like every other `schema.ts`.
 */
import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** `<bucket>:<subject>`, e.g. `login:account:a@b.c` or `register:ip:203.0.113.7`. */
    key: varchar('key', { length: 400 }).primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);

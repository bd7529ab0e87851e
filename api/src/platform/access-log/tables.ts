/** One row per API request (method, path, status, time; never query strings), kept for support. */
import { bigserial, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../tenancy/tables';

export const accessLogs = pgTable(
  'access_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: tz('created_at').notNull().defaultNow(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 512 }).notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ipAddress: varchar('ip_address', { length: 45 }),
    userId: integer('user_id'),
    /** Which section versions (rollout) the web app ran when it sent the request, for support. */
    sections: varchar('sections', { length: 512 }),
  },
  (t) => [index('access_logs_created_at_idx').on(t.createdAt)],
);

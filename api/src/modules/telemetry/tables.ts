/**
 * Telemetry aggregates (guarded-rollout spec §2). No raw batch, page id or client address is
 * stored: only counts per remote, version, channel and minute, vital histograms with fixed
 * buckets, and error signatures per version. Each table grows by rows per minute (or per
 * signature), never per event: every write is an upsert that adds to the row of its minute.
 */
import { index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../platform/tenancy';

const key = {
  remote: varchar('remote', { length: 64 }).notNull(),
  version: varchar('version', { length: 64 }).notNull(),
  channel: varchar('channel', { length: 16 }).notNull(),
  /** The database clock's minute the batch arrived in (every API instance agrees). */
  minute: tz('minute').notNull(),
};

/** Pages, pages with at least one error, and pages per error type, per section version and minute. */
export const telemetryMinutes = pgTable(
  'telemetry_minutes',
  {
    ...key,
    pages: integer('pages').notNull().default(0),
    errorPages: integer('error_pages').notNull().default(0),
    loadError: integer('load_error').notNull().default(0),
    renderError: integer('render_error').notNull().default(0),
    runtimeError: integer('runtime_error').notNull().default(0),
    apiError: integer('api_error').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'telemetry_minutes_pkey', columns: [t.remote, t.version, t.channel, t.minute] }),
    index('telemetry_minutes_remote_minute_idx').on(t.remote, t.minute),
    index('telemetry_minutes_minute_idx').on(t.minute),
  ],
);

/** A fixed-bucket histogram per vital (service.ts `bucketOf`): one row per used bucket and minute. */
export const telemetryVitals = pgTable(
  'telemetry_vitals',
  {
    ...key,
    name: varchar('name', { length: 8 }).notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'telemetry_vitals_pkey',
      columns: [t.remote, t.version, t.channel, t.minute, t.name, t.bucket],
    }),
    index('telemetry_vitals_remote_minute_idx').on(t.remote, t.minute),
    index('telemetry_vitals_minute_idx').on(t.minute),
  ],
);

/** Error signatures (scrubbed message + source) per section version: how often, first and last seen. */
export const telemetryErrors = pgTable(
  'telemetry_errors',
  {
    remote: varchar('remote', { length: 64 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    /** sha256 of type, message and source (hex, 32 characters kept). */
    signature: varchar('signature', { length: 32 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    message: varchar('message', { length: 200 }).notNull(),
    source: varchar('source', { length: 300 }).notNull(),
    count: integer('count').notNull().default(0),
    firstSeen: tz('first_seen').notNull().defaultNow(),
    lastSeen: tz('last_seen').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'telemetry_errors_pkey', columns: [t.remote, t.version, t.signature] }),
    index('telemetry_errors_remote_last_seen_idx').on(t.remote, t.lastSeen),
    index('telemetry_errors_last_seen_idx').on(t.lastSeen),
  ],
);

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
    /**
     * The most pages (error pages) one client added to this version in this minute (issue 37): a
     * client over a person's pace is left out of the rollout guard's evidence (summary `busiest`).
     */
    busiestPages: integer('busiest_pages').notNull().default(0),
    busiestErrorPages: integer('busiest_error_pages').notNull().default(0),
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

/**
 * The page ids of the last hour, as an HMAC with the hour's salt (telemetry_salts): never the id
 * itself, not linkable to a user, gone after an hour. Per page and section version, which counts
 * the page has already added (bits: 1 page, 2 error page, 4–32 the error types), so a page id sent
 * again counts no more (issue 37). `added` is the last write's new bits (read back in one statement).
 */
export const telemetryPages = pgTable(
  'telemetry_pages',
  {
    page: varchar('page', { length: 32 }).notNull(),
    remote: varchar('remote', { length: 64 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    counted: smallint('counted').notNull().default(0),
    added: smallint('added').notNull().default(0),
    seenAt: tz('seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'telemetry_pages_pkey', columns: [t.page, t.remote, t.version] }),
    index('telemetry_pages_seen_at_idx').on(t.seenAt),
  ],
);

/**
 * What one client (its address or signed-in user, as an HMAC with the hour's salt) added per
 * section version in the current minute: the per-client ceilings, counted by every API instance
 * alike. Rows older than a few minutes are deleted.
 */
export const telemetryClients = pgTable(
  'telemetry_clients',
  {
    client: varchar('client', { length: 32 }).notNull(),
    minute: tz('minute').notNull(),
    remote: varchar('remote', { length: 64 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    pages: integer('pages').notNull().default(0),
    errorPages: integer('error_pages').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'telemetry_clients_pkey', columns: [t.client, t.minute, t.remote, t.version] }),
    index('telemetry_clients_minute_idx').on(t.minute),
  ],
);

/** One random salt per hour for the page and client hashes; deleted with the hashes it made. */
export const telemetrySalts = pgTable('telemetry_salts', {
  hour: tz('hour').primaryKey(),
  salt: varchar('salt', { length: 64 }).notNull(),
});

/** Events for section versions the deployment does not name: not stored, one figure per minute. */
export const telemetryUnlisted = pgTable('telemetry_unlisted', {
  minute: tz('minute').primaryKey(),
  events: integer('events').notNull().default(0),
});

/** The telemetry module's SQL: upserts that add to the row of the current minute, the summary's sums, retention. */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);

/** Page views and the errors among them, by kind. */
interface PageCounts {
  pages: number;
  errorPages: number;
  loadError: number;
  renderError: number;
  runtimeError: number;
  apiError: number;
}

export interface MinuteRow extends PageCounts {
  remote: string;
  version: string;
  channel: string;
}

export interface VitalRow {
  remote: string;
  version: string;
  channel: string;
  name: string;
  bucket: number;
  count: number;
}

export interface ErrorRow {
  remote: string;
  version: string;
  signature: string;
  type: string;
  message: string;
  source: string;
  count: number;
}

/**
 * New rows one minute may add, installation-wide, whatever the clients send. Keys (remote, version,
 * channel), vital buckets and error signatures are the client's choice: without a ceiling a flood
 * with a new key in every event adds a row per event, kept 30 days. Existing rows keep counting;
 * new ones over the ceiling are dropped (one statement may pass it by its own rows, ≤ 100). A real
 * installation has a few dozen live keys.
 */
export const NEW_ROWS_PER_MINUTE = { minutes: 200, vitals: 2000, errors: 100 } as const;

/** The database clock's minute: every API instance writes the same row for the same minute. */
const MINUTE = sql`date_trunc('minute', now())`;
const INT_MAX = 2_147_483_647;

/**
 * One batch's aggregates in one statement of always the same shape: the three upserts read their
 * rows from JSON (jsonb_to_recordset), the vitals and errors as data-modifying CTEs. One round trip
 * and atomic. Every batch locks the tables in the same order and each table's rows in key order
 * (ORDER BY), so two instances adding to the same rows wait for each other but never deadlock.
 * A row that does not exist yet is only added while its table has fewer than NEW_ROWS_PER_MINUTE
 * new rows this minute.
 */
export async function addAggregates(db: Db, rows: { minutes: MinuteRow[]; vitals: VitalRow[]; errors: ErrorRow[] }) {
  const { minutes, vitals, errors } = rows;
  if (!minutes.length && !vitals.length && !errors.length) return;
  const json = (list: object[]) => sql`${JSON.stringify(list)}::jsonb`;
  const minuteRows = minutes.map((r) => ({
    remote: r.remote,
    version: r.version,
    channel: r.channel,
    pages: r.pages,
    error_pages: r.errorPages,
    load_error: r.loadError,
    render_error: r.renderError,
    runtime_error: r.runtimeError,
    api_error: r.apiError,
  }));
  const add = (column: string) =>
    sql`${sql.identifier(column)} = LEAST(t.${sql.identifier(column)}::bigint + EXCLUDED.${sql.identifier(column)}, ${INT_MAX})`;
  const counters = ['pages', 'error_pages', 'load_error', 'render_error', 'runtime_error', 'api_error'];
  await db.execute(sql`
    WITH vitals AS (
      INSERT INTO telemetry_vitals AS t (remote, version, channel, minute, name, bucket, count)
      SELECT remote, version, channel, ${MINUTE}, name, bucket, count
      FROM jsonb_to_recordset(${json(vitals)})
        AS u(remote text, version text, channel text, name text, bucket smallint, count int)
      WHERE EXISTS (
          SELECT 1 FROM telemetry_vitals v
          WHERE (v.remote, v.version, v.channel, v.minute, v.name, v.bucket)
            = (u.remote, u.version, u.channel, ${MINUTE}, u.name, u.bucket))
        OR (SELECT count(*) FROM telemetry_vitals v WHERE v.minute = ${MINUTE}) < ${NEW_ROWS_PER_MINUTE.vitals}
      ORDER BY remote, version, channel, name, bucket
      ON CONFLICT (remote, version, channel, minute, name, bucket) DO UPDATE SET
        count = LEAST(t.count::bigint + EXCLUDED.count, ${INT_MAX})
    ), errors AS (
      INSERT INTO telemetry_errors AS t (remote, version, signature, type, message, source, count, first_seen, last_seen)
      SELECT remote, version, signature, type, message, source, count, now(), now()
      FROM jsonb_to_recordset(${json(errors)})
        AS u(remote text, version text, signature text, type text, message text, source text, count int)
      WHERE EXISTS (
          SELECT 1 FROM telemetry_errors e
          WHERE (e.remote, e.version, e.signature) = (u.remote, u.version, u.signature))
        OR (
          SELECT count(*) FROM telemetry_errors e WHERE e.last_seen >= ${MINUTE} AND e.first_seen >= ${MINUTE}
        ) < ${NEW_ROWS_PER_MINUTE.errors}
      ORDER BY remote, version, signature
      ON CONFLICT (remote, version, signature) DO UPDATE SET
        count = LEAST(t.count::bigint + EXCLUDED.count, ${INT_MAX}),
        last_seen = EXCLUDED.last_seen
    )
    INSERT INTO telemetry_minutes AS t (remote, version, channel, minute, ${sql.join(
      counters.map((c) => sql.identifier(c)),
      sql`, `,
    )})
    SELECT remote, version, channel, ${MINUTE}, ${sql.join(
      counters.map((c) => sql.identifier(c)),
      sql`, `,
    )}
    FROM jsonb_to_recordset(${json(minuteRows)})
      AS u(remote text, version text, channel text, pages int, error_pages int, load_error int, render_error int, runtime_error int, api_error int)
    WHERE EXISTS (
        SELECT 1 FROM telemetry_minutes m
        WHERE (m.remote, m.version, m.channel, m.minute) = (u.remote, u.version, u.channel, ${MINUTE}))
      OR (SELECT count(*) FROM telemetry_minutes m WHERE m.minute = ${MINUTE}) < ${NEW_ROWS_PER_MINUTE.minutes}
    ORDER BY remote, version, channel
    ON CONFLICT (remote, version, channel, minute) DO UPDATE SET ${sql.join(counters.map(add), sql`, `)}`);
}

/** Minutes from the one `since` falls in. */
const fromMinute = (since: Date) => sql`date_trunc('minute', ${since.toISOString()}::timestamptz)`;

export interface VersionTotals extends PageCounts {
  version: string;
  channels: string[];
}

export async function versionTotals(db: Db, remote: string, since: Date): Promise<VersionTotals[]> {
  const result = await db.execute(sql`
    SELECT version, string_agg(DISTINCT channel, ',') AS channels,
      sum(pages) AS pages, sum(error_pages) AS error_pages, sum(load_error) AS load_error,
      sum(render_error) AS render_error, sum(runtime_error) AS runtime_error, sum(api_error) AS api_error
    FROM telemetry_minutes
    WHERE remote = ${remote} AND minute >= ${fromMinute(since)}
    GROUP BY version`);
  return rowsOf(result).map((r) => ({
    version: String(r.version),
    channels: String(r.channels ?? '')
      .split(',')
      .filter(Boolean)
      .sort(),
    pages: Number(r.pages ?? 0),
    errorPages: Number(r.error_pages ?? 0),
    loadError: Number(r.load_error ?? 0),
    renderError: Number(r.render_error ?? 0),
    runtimeError: Number(r.runtime_error ?? 0),
    apiError: Number(r.api_error ?? 0),
  }));
}

/** The histograms of every version of `remote` since then: [version, name, bucket, count]. */
export async function vitalHistograms(db: Db, remote: string, since: Date) {
  const result = await db.execute(sql`
    SELECT version, name, bucket, sum(count) AS count
    FROM telemetry_vitals
    WHERE remote = ${remote} AND minute >= ${fromMinute(since)}
    GROUP BY version, name, bucket
    ORDER BY version, name, bucket`);
  return rowsOf(result).map((r) => ({
    version: String(r.version),
    name: String(r.name),
    bucket: Number(r.bucket),
    count: Number(r.count ?? 0),
  }));
}

/** The `limit` most frequent error signatures per version seen since then. */
export async function topErrors(db: Db, remote: string, since: Date, limit: number) {
  const result = await db.execute(sql`
    SELECT version, type, message, source, count, first_seen, last_seen FROM (
      SELECT *, row_number() OVER (PARTITION BY version ORDER BY count DESC, last_seen DESC, signature) AS rank
      FROM telemetry_errors
      WHERE remote = ${remote} AND last_seen >= ${since.toISOString()}::timestamptz
    ) ranked
    WHERE rank <= ${limit}
    ORDER BY version, rank`);
  return rowsOf(result).map((r) => ({
    version: String(r.version),
    type: String(r.type),
    message: String(r.message),
    source: String(r.source),
    count: Number(r.count),
    firstSeen: new Date(r.first_seen as string | Date),
    lastSeen: new Date(r.last_seen as string | Date),
  }));
}

/** Deletes aggregates older than the retention; returns the rows deleted. Safe to run on every instance at once. */
export async function deleteOlderThan(db: Db, days: number): Promise<number> {
  const cutoff: SQL = sql`now() - ${days} * interval '1 day'`;
  let deleted = 0;
  for (const statement of [
    sql`DELETE FROM telemetry_minutes WHERE minute < ${cutoff}`,
    sql`DELETE FROM telemetry_vitals WHERE minute < ${cutoff}`,
    sql`DELETE FROM telemetry_errors WHERE last_seen < ${cutoff}`,
  ]) {
    const result = (await db.execute(statement)) as { rowCount?: number; affectedRows?: number };
    deleted += Number(result.rowCount ?? result.affectedRows ?? 0);
  }
  return deleted;
}

/** A time bucket of `stepMinutes` minutes that `minute` falls in (aligned to the epoch): the series' x. */
const bucketOfMinute = (stepMinutes: number) =>
  sql`to_timestamp(floor(extract(epoch from minute) / ${stepMinutes * 60}) * ${stepMinutes * 60})`;

/** The first minute with figures of `remote` since then (null: none). */
export async function firstMinute(db: Db, remote: string, since: Date): Promise<Date | null> {
  const result = await db.execute(sql`
    SELECT min(minute) AS first FROM telemetry_minutes WHERE remote = ${remote} AND minute >= ${fromMinute(since)}`);
  const first = rowsOf(result)[0]?.first;
  return first ? new Date(first as string | Date) : null;
}

/** Pages and error pages per version and time bucket since then (the Releases page's chart), oldest first. */
export async function pageSeries(db: Db, remote: string, since: Date, stepMinutes: number) {
  const result = await db.execute(sql`
    SELECT version, ${bucketOfMinute(stepMinutes)} AS at, sum(pages) AS pages, sum(error_pages) AS error_pages
    FROM telemetry_minutes
    WHERE remote = ${remote} AND minute >= ${fromMinute(since)}
    GROUP BY version, at
    ORDER BY version, at`);
  return rowsOf(result).map((r) => ({
    version: String(r.version),
    at: new Date(r.at as string | Date),
    pages: Number(r.pages ?? 0),
    errorPages: Number(r.error_pages ?? 0),
  }));
}

/** One vital's histogram per version and time bucket since then: [version, at, bucket, count]. */
export async function vitalSeries(db: Db, remote: string, since: Date, stepMinutes: number, name: string) {
  const result = await db.execute(sql`
    SELECT version, ${bucketOfMinute(stepMinutes)} AS at, bucket, sum(count) AS count
    FROM telemetry_vitals
    WHERE remote = ${remote} AND name = ${name} AND minute >= ${fromMinute(since)}
    GROUP BY version, at, bucket
    ORDER BY version, at, bucket`);
  return rowsOf(result).map((r) => ({
    version: String(r.version),
    at: new Date(r.at as string | Date),
    bucket: Number(r.bucket),
    count: Number(r.count ?? 0),
  }));
}

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
  /** This client's pages (error pages) of the version this minute, when this batch added one. */
  busiestPages: number;
  busiestErrorPages: number;
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
 * New rows one minute may add, installation-wide, for keys the deployment does not vouch for.
 * Keys (remote, version, channel), vital buckets and error signatures are the client's choice:
 * without a ceiling a flood with a new key in every event adds a row per event, kept 30 days. The
 * versions the deployment names are bounded by it and always get their rows; any other new row
 * is admitted while its table has fewer rows this minute than this, decided under one lock, so the
 * ceiling holds exactly whatever the concurrency and the number of API instances (issue 37).
 */
export const NEW_ROWS_PER_MINUTE = { minutes: 200, vitals: 2000, errors: 100 } as const;

/** The database clock's minute: every API instance writes the same row for the same minute. */
const MINUTE = sql`date_trunc('minute', now())`;
const INT_MAX = 2_147_483_647;
/** pg_advisory_xact_lock's first key: "TELE"; the second is the client's hash, or 0 for the room. */
const TELEMETRY_LOCK = 0x54_45_4c_45;
const json = (list: object[]) => sql`${JSON.stringify(list)}::jsonb`;

/** This hour's salt for the page and client hashes (made by whichever instance asks first). */
export async function hourSalt(db: Db, fresh: string): Promise<{ hour: number; salt: string } | undefined> {
  const result = await db.execute(sql`
    WITH made AS (
      INSERT INTO telemetry_salts (hour, salt) VALUES (date_trunc('hour', now()), ${fresh})
      ON CONFLICT (hour) DO NOTHING RETURNING hour, salt
    )
    SELECT extract(epoch from hour)::bigint AS hour, salt FROM made
    UNION ALL
    SELECT extract(epoch from hour)::bigint, salt FROM telemetry_salts WHERE hour = date_trunc('hour', now())
    LIMIT 1`);
  const row = rowsOf(result)[0];
  return row && { hour: Number(row.hour), salt: String(row.salt) };
}

/**
 * Serialises one client's batches across instances (a transaction-scoped advisory lock), so its
 * per-minute ceilings are read and raised without a race. `key` is a 32-bit slice of its hash.
 * Never waits: false when another transaction holds it (the caller retries without a connection).
 */
export async function tryLockClient(tx: Db, key: number): Promise<boolean> {
  const result = await tx.execute(
    sql`SELECT pg_try_advisory_xact_lock(${TELEMETRY_LOCK}::integer, ${key}::integer) AS locked`,
  );
  return rowsOf(result)[0]?.locked === true;
}

/** Serialises the admission of new rows that count against NEW_ROWS_PER_MINUTE. */
const lockRoom = (tx: Db) => tx.execute(sql`SELECT pg_advisory_xact_lock(${TELEMETRY_LOCK}::integer, 0)`);

export interface ClientRow {
  remote: string;
  version: string;
  pages: number;
  errorPages: number;
}

/** What the client added this minute, per section version. */
export async function clientMinute(tx: Db, client: string): Promise<ClientRow[]> {
  const result = await tx.execute(sql`
    SELECT remote, version, pages, error_pages FROM telemetry_clients
    WHERE client = ${client} AND minute = ${MINUTE}`);
  return rowsOf(result).map((r) => ({
    remote: String(r.remote),
    version: String(r.version),
    pages: Number(r.pages),
    errorPages: Number(r.error_pages),
  }));
}

export async function saveClientMinute(tx: Db, client: string, rows: ClientRow[]) {
  if (!rows.length) return;
  await tx.execute(sql`
    INSERT INTO telemetry_clients AS t (client, minute, remote, version, pages, error_pages)
    SELECT ${client}, ${MINUTE}, remote, version, pages, error_pages
    FROM jsonb_to_recordset(${json(rows.map((r) => ({ remote: r.remote, version: r.version, pages: r.pages, error_pages: r.errorPages })))})
      AS u(remote text, version text, pages int, error_pages int)
    ORDER BY remote, version
    ON CONFLICT (client, minute, remote, version) DO UPDATE SET
      pages = EXCLUDED.pages, error_pages = EXCLUDED.error_pages`);
}

/**
 * Adds `bits` to what the page already counted per section version and returns both, in one
 * statement under the rows' locks: `added` is what no earlier batch of this page had.
 */
export async function markPage(
  tx: Db,
  page: string,
  rows: { remote: string; version: string; bits: number }[],
): Promise<{ remote: string; version: string; counted: number; added: number }[]> {
  if (!rows.length) return [];
  const result = await tx.execute(sql`
    INSERT INTO telemetry_pages AS t (page, remote, version, counted, added, seen_at)
    SELECT ${page}, remote, version, bits, bits, now()
    FROM jsonb_to_recordset(${json(rows)}) AS u(remote text, version text, bits smallint)
    ORDER BY remote, version
    ON CONFLICT (page, remote, version) DO UPDATE SET
      counted = t.counted | EXCLUDED.counted,
      added = EXCLUDED.counted & ~t.counted
    RETURNING remote, version, counted, added`);
  return rowsOf(result).map((r) => ({
    remote: String(r.remote),
    version: String(r.version),
    counted: Number(r.counted),
    added: Number(r.added),
  }));
}

/** Adds flags (a refusal) to a page's row. */
export async function flagPage(tx: Db, page: string, rows: { remote: string; version: string; bits: number }[]) {
  if (!rows.length) return;
  await tx.execute(sql`
    UPDATE telemetry_pages AS t SET counted = t.counted | u.bits
    FROM jsonb_to_recordset(${json(rows)}) AS u(remote text, version text, bits smallint)
    WHERE t.page = ${page} AND t.remote = u.remote AND t.version = u.version`);
}

/** Events for versions the deployment does not name: one figure per minute. */
export async function addUnlisted(db: Db, events: number) {
  await db.execute(sql`
    INSERT INTO telemetry_unlisted AS t (minute, events) VALUES (${MINUTE}, ${events})
    ON CONFLICT (minute) DO UPDATE SET events = LEAST(t.events::bigint + EXCLUDED.events, ${INT_MAX})`);
}

type Keyed<T> = T & { vouched: boolean };

type Rows = { minutes: Keyed<MinuteRow>[]; vitals: Keyed<VitalRow>[]; errors: Keyed<ErrorRow>[] };
type Kind = keyof typeof NEW_ROWS_PER_MINUTE;
const KEYS: { [K in Kind]: (r: Rows[K][number]) => string } = {
  minutes: (r) => `${r.remote} ${r.version} ${r.channel}`,
  vitals: (r) => `${r.remote} ${r.version} ${r.channel} ${r.name} ${r.bucket}`,
  errors: (r) => `${r.remote} ${r.version} ${r.signature}`,
};

/** Which of the rows not vouched for exist already (`kind key`), and, when asked, each table's rows this minute. */
async function existing(tx: Db, rows: Rows, withUsed: boolean) {
  const open = {
    minutes: rows.minutes.filter((r) => !r.vouched),
    vitals: rows.vitals.filter((r) => !r.vouched),
    errors: rows.errors.filter((r) => !r.vouched),
  };
  const used = withUsed
    ? sql`
    SELECT 'minutes' AS kind, NULL AS key, count(*) AS n FROM telemetry_minutes WHERE minute = ${MINUTE}
    UNION ALL
    SELECT 'vitals', NULL, count(*) FROM telemetry_vitals WHERE minute = ${MINUTE}
    UNION ALL
    SELECT 'errors', NULL, count(*) FROM telemetry_errors WHERE last_seen >= ${MINUTE} AND first_seen >= ${MINUTE}
    UNION ALL`
    : sql``;
  const result = await tx.execute(sql`${used}
    SELECT 'minutes' AS kind, concat_ws(' ', m.remote, m.version, m.channel) AS key, 1 AS n FROM telemetry_minutes m
      JOIN jsonb_to_recordset(${json(open.minutes)}) AS u(remote text, version text, channel text)
      ON (m.remote, m.version, m.channel, m.minute) = (u.remote, u.version, u.channel, ${MINUTE})
    UNION ALL
    SELECT 'vitals', concat_ws(' ', v.remote, v.version, v.channel, v.name, v.bucket), 1 FROM telemetry_vitals v
      JOIN jsonb_to_recordset(${json(open.vitals)}) AS u(remote text, version text, channel text, name text, bucket smallint)
      ON (v.remote, v.version, v.channel, v.minute, v.name, v.bucket) = (u.remote, u.version, u.channel, ${MINUTE}, u.name, u.bucket)
    UNION ALL
    SELECT 'errors', concat_ws(' ', e.remote, e.version, e.signature), 1 FROM telemetry_errors e
      JOIN jsonb_to_recordset(${json(open.errors)}) AS u(remote text, version text, signature text)
      ON (e.remote, e.version, e.signature) = (u.remote, u.version, u.signature)`);
  const counts: Record<string, number> = { minutes: 0, vitals: 0, errors: 0 };
  const keys = new Set<string>();
  for (const r of rowsOf(result)) {
    if (r.key === null || r.key === undefined) counts[String(r.kind)] = Number(r.n);
    else keys.add(`${r.kind} ${r.key}`);
  }
  const missing = (Object.keys(KEYS) as Kind[]).some((kind) =>
    open[kind].some((r) => !keys.has(`${kind} ${(KEYS[kind] as (r: unknown) => string)(r)}`)),
  );
  return { keys, counts, missing };
}

/**
 * Keeps the rows that may be written: every row of a vouched key and every existing row without
 * further ado; new rows while their table has room this minute, decided under the room lock (so
 * exactly), which is only taken when a batch brings a key that is not there yet.
 */
async function withinRoom(tx: Db, rows: Rows): Promise<Rows> {
  if (
    !(
      rows.minutes.some((r) => !r.vouched) ||
      rows.vitals.some((r) => !r.vouched) ||
      rows.errors.some((r) => !r.vouched)
    )
  ) {
    return rows;
  }
  // Rows that exist stay (only the 30-day retention deletes them), so this check needs no lock.
  if (!(await existing(tx, rows, false)).missing) return rows;
  await lockRoom(tx);
  const { keys, counts } = await existing(tx, rows, true);
  const admit = <T extends { vouched: boolean }>(kind: Kind, list: T[]) =>
    list.filter((r) => {
      if (r.vouched || keys.has(`${kind} ${(KEYS[kind] as (r: unknown) => string)(r)}`)) return true;
      if (counts[kind]! >= NEW_ROWS_PER_MINUTE[kind]) return false;
      counts[kind]! += 1;
      return true;
    });
  return {
    minutes: admit('minutes', rows.minutes),
    vitals: admit('vitals', rows.vitals),
    errors: admit('errors', rows.errors),
  };
}

/**
 * One batch's aggregates. Rows of keys the deployment names (`vouched`) are always written; any
 * other new row only within NEW_ROWS_PER_MINUTE, checked under the room lock. The upserts are one
 * statement of always the same shape: they read their rows from JSON (jsonb_to_recordset), the
 * vitals and errors as data-modifying CTEs. Every batch locks the tables in the same order and each
 * table's rows in key order (ORDER BY), so two instances adding to the same rows wait for each
 * other but never deadlock. Call inside the batch's transaction.
 */
export async function addAggregates(tx: Db, all: Rows) {
  const { minutes, vitals, errors } = await withinRoom(tx, all);
  if (!minutes.length && !vitals.length && !errors.length) return;
  const strip = <T extends { vouched: boolean }>(list: T[]) => list.map(({ vouched: _, ...row }) => row);
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
    busiest_pages: r.busiestPages,
    busiest_error_pages: r.busiestErrorPages,
  }));
  const add = (column: string) =>
    sql`${sql.identifier(column)} = LEAST(t.${sql.identifier(column)}::bigint + EXCLUDED.${sql.identifier(column)}, ${INT_MAX})`;
  const counters = ['pages', 'error_pages', 'load_error', 'render_error', 'runtime_error', 'api_error'];
  const busiest = ['busiest_pages', 'busiest_error_pages'];
  const greatest = (column: string) =>
    sql`${sql.identifier(column)} = GREATEST(t.${sql.identifier(column)}, EXCLUDED.${sql.identifier(column)})`;
  const columns = [...counters, ...busiest];
  await tx.execute(sql`
    WITH vitals AS (
      INSERT INTO telemetry_vitals AS t (remote, version, channel, minute, name, bucket, count)
      SELECT remote, version, channel, ${MINUTE}, name, bucket, count
      FROM jsonb_to_recordset(${json(strip(vitals))})
        AS u(remote text, version text, channel text, name text, bucket smallint, count int)
      ORDER BY remote, version, channel, name, bucket
      ON CONFLICT (remote, version, channel, minute, name, bucket) DO UPDATE SET
        count = LEAST(t.count::bigint + EXCLUDED.count, ${INT_MAX})
    ), errors AS (
      INSERT INTO telemetry_errors AS t (remote, version, signature, type, message, source, count, first_seen, last_seen)
      SELECT remote, version, signature, type, message, source, count, now(), now()
      FROM jsonb_to_recordset(${json(strip(errors))})
        AS u(remote text, version text, signature text, type text, message text, source text, count int)
      ORDER BY remote, version, signature
      ON CONFLICT (remote, version, signature) DO UPDATE SET
        count = LEAST(t.count::bigint + EXCLUDED.count, ${INT_MAX}),
        last_seen = EXCLUDED.last_seen
    )
    INSERT INTO telemetry_minutes AS t (remote, version, channel, minute, ${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )})
    SELECT remote, version, channel, ${MINUTE}, ${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )}
    FROM jsonb_to_recordset(${json(minuteRows)})
      AS u(remote text, version text, channel text, pages int, error_pages int, load_error int, render_error int,
        runtime_error int, api_error int, busiest_pages int, busiest_error_pages int)
    ORDER BY remote, version, channel
    ON CONFLICT (remote, version, channel, minute) DO UPDATE SET ${sql.join(
      [...counters.map(add), ...busiest.map(greatest)],
      sql`, `,
    )}`);
}

/** The intake's short-lived state: page hashes after an hour, client minutes after five, salts after two hours. */
export async function deleteIntakeState(db: Db, maxPages: number): Promise<void> {
  await db.execute(sql`DELETE FROM telemetry_pages WHERE seen_at < now() - interval '1 hour'`);
  await db.execute(sql`DELETE FROM telemetry_clients WHERE minute < now() - interval '5 minutes'`);
  await db.execute(sql`DELETE FROM telemetry_salts WHERE hour < now() - interval '2 hours'`);
  // Bounded whatever the traffic: beyond maxPages, the oldest page hashes go first.
  await db.execute(sql`
    DELETE FROM telemetry_pages WHERE seen_at <= (
      SELECT seen_at FROM telemetry_pages ORDER BY seen_at DESC OFFSET ${maxPages} LIMIT 1)`);
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

/**
 * Per version since then: the pages and error pages of each minute's busiest client, counted
 * only where that client went over `pace` in the minute (a person does not; a script does).
 */
export async function busiestTotals(db: Db, remote: string, since: Date, pace: number) {
  const result = await db.execute(sql`
    SELECT version,
      sum(CASE WHEN pages > ${pace} THEN pages ELSE 0 END) AS pages,
      sum(CASE WHEN error_pages > ${pace} THEN error_pages ELSE 0 END) AS error_pages
    FROM (
      SELECT version, minute, max(busiest_pages) AS pages, max(busiest_error_pages) AS error_pages
      FROM telemetry_minutes
      WHERE remote = ${remote} AND minute >= ${fromMinute(since)}
      GROUP BY version, minute
    ) per_minute
    GROUP BY version`);
  return rowsOf(result).map((r) => ({
    version: String(r.version),
    pages: Number(r.pages ?? 0),
    errorPages: Number(r.error_pages ?? 0),
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
    sql`DELETE FROM telemetry_unlisted WHERE minute < ${cutoff}`,
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

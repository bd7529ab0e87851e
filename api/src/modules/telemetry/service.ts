/**
 * Telemetry rules (guarded-rollout spec §2): what a batch adds to the aggregates, the vitals'
 * fixed buckets and p75, Wilson intervals, the summary, retention and who counts as an operator.
 */
import { createHash, createHmac } from 'node:crypto';
import type { AppContext, UserRow } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { type FieldErrors, validationError } from '../../platform/errors';
import { randomToken, safeEqual } from '../../platform/security/tokens';
import {
  addAggregates,
  addUnlisted,
  busiestTotals,
  type ClientRow,
  clientMinute,
  deleteIntakeState,
  deleteOlderThan,
  type ErrorRow,
  firstMinute,
  flagPage,
  hourSalt,
  type MinuteRow,
  markPage,
  pageSeries,
  saveClientMinute,
  topErrors,
  tryLockClient,
  type VitalRow,
  versionTotals,
  vitalHistograms,
  vitalSeries,
} from './repository';
import {
  ERROR_TYPES,
  type ErrorType,
  type TelemetryEventInput,
  type TelemetrySeriesBody,
  type TelemetrySummaryBody,
  VITAL_MAX,
  VITALS,
  type Vital,
} from './schemas';

const RETENTION_DAYS = 30;
const TOP_ERRORS = 5;

// ---------------------------------------------------------------------------------------------
// Vitals: fixed buckets. A value in the vital's unit (ms; CLS in 1/10 000) below 1 is bucket 0,
// else bucket b ≥ 1 holds [1.1^(b-1), 1.1^b): at most 10 % wide, so a p75 interpolated inside its
// bucket is within a few percent — fine for the guard's "LCP 20 % worse" rule. LCP 120 000 ms is
// bucket 123, CLS 100 bucket 145. The edges are part of the stored data: never change them
// without a migration that empties telemetry_vitals.
// ---------------------------------------------------------------------------------------------
const RATIO = 1.1;
const UNIT: Record<Vital, number> = { LCP: 1, INP: 1, CLS: 10_000 };

export function bucketOf(name: Vital, value: number): number {
  const units = value * UNIT[name];
  if (!(units >= 1)) return 0;
  let bucket = 1 + Math.floor(Math.log(units) / Math.log(RATIO));
  // Floating-point edges: keep [lower, upper) exact for values on an edge.
  if (RATIO ** (bucket - 1) > units) bucket -= 1;
  else if (RATIO ** bucket <= units) bucket += 1;
  return bucket;
}

function bucketEdges(bucket: number): [number, number] {
  return bucket === 0 ? [0, 1] : [RATIO ** (bucket - 1), RATIO ** bucket];
}

/** The 75th percentile of a histogram (bucket → count), interpolated within its bucket, in the vital's unit. */
export function p75(name: Vital, histogram: Map<number, number>): { p75: number; n: number } | undefined {
  const buckets = [...histogram].filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
  const n = buckets.reduce((sum, [, c]) => sum + c, 0);
  if (n === 0) return undefined;
  const target = 0.75 * n;
  let below = 0;
  for (const [bucket, count] of buckets) {
    if (below + count >= target) {
      const [low, high] = bucketEdges(bucket);
      const units = low + ((high - low) * (target - below)) / count;
      const value = units / UNIT[name];
      return { p75: name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value), n };
    }
    below += count;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Wilson score interval (Wilson 1927; Newcombe 1998 method 3), 95 %.
// ---------------------------------------------------------------------------------------------
const Z95 = 1.959963984540054;

export function wilson(errors: number, pages: number, z = Z95): [number, number] {
  if (pages <= 0) return [0, 1];
  const x = Math.min(Math.max(errors, 0), pages);
  const p = x / pages;
  const z2 = z * z;
  const denominator = 1 + z2 / pages;
  const centre = (p + z2 / (2 * pages)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / pages + z2 / (4 * pages * pages))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

// ---------------------------------------------------------------------------------------------
// Batches → aggregate rows (issue 37: the evidence cannot be blinded, inflated or steered)
//
// A batch is one page: per section version it adds at most one page, one error page, one of each
// error type and one value of each vital, whatever its events' `first` flags say. Across batches
// a page id counts once per version: telemetry_pages keeps its hash (HMAC with the hour's random
// salt, an hour at most) and which counts it already added. One client (address, or user when
// signed in) adds at most `pagesPerClient` pages and as many error pages per version and minute.
// Versions a remote's deployment does not name are not stored; without a deployment one client
// opens at most OPEN_VERSIONS_PER_CLIENT versions a minute, within the installation's room.
// ---------------------------------------------------------------------------------------------
const isError = (type: string): type is ErrorType => (ERROR_TYPES as readonly string[]).includes(type);

/** Bits of telemetry_pages.counted. */
const PAGE = 1;
const ERROR_PAGE = 2;
const TYPE_BIT: Record<ErrorType, number> = { load_error: 4, render_error: 8, runtime_error: 16, api_error: 32 };
const TYPES = 4 | 8 | 16 | 32;
const VITAL_BIT: Record<Vital, number> = { LCP: 64, INP: 128, CLS: 256 };
const VITALS_ALL = VITAL_BIT.LCP | VITAL_BIT.INP | VITAL_BIT.CLS;
/** The client's page was over its ceiling: nothing of this page counts, now or later. */
const PAGE_REFUSED = 512;
/** The client's error page was over its ceiling: no error of this page counts. */
const ERROR_REFUSED = 1024;

/** Section versions one client may bring in a minute where no deployment names the versions. */
export const OPEN_VERSIONS_PER_CLIENT = 16;
/** Page hashes kept at most (the oldest go first). */
const MAX_PAGE_HASHES = 200_000;

/** Who sent a batch and what the intake trusts. */
export interface Intake {
  /** The client address, or `user:<id>` for a signed-in user. */
  client: string;
  /** Per remote, the versions the deployment names; a remote absent here is open (null: no deployment). */
  deployment: ReadonlyMap<string, ReadonlySet<string>> | null;
  /** Pages and error pages one client adds per version and minute. */
  pagesPerClient: number;
  /** Pages of a version a minute a person loads at most: beyond it a client's vitals are not counted. */
  personPages: number;
}

/**
 * Text as PostgreSQL stores it: a lone surrogate (half an emoji cut off by a client) becomes
 * U+FFFD and a control character (NUL included, which jsonb refuses) a space.
 */
export function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, '\uFFFD').replace(/\p{Cc}/gu, ' ');
}

/** The first `max` characters (code points, as the schema and varchar count them: no emoji is halved). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/** The server scrubs again what it keeps (a client may not have): e-mail addresses and digit runs of 6+. */
export function scrub(text: string, max: number): string {
  return cut(
    wellFormed(text)
      .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/gi, '…')
      .replace(/\d{6,}/g, '…'),
    max,
  );
}

/** The rules the schema cannot say: a vital has a name and a value within its range. */
function checkEvents(events: TelemetryEventInput[]): void {
  const errors: FieldErrors = {};
  events.forEach((event, i) => {
    if (event.type !== 'vital') return;
    if (event.name === undefined || event.value === undefined) {
      errors[`events.${i}`] = [{ key: 'telemetry.vitalMissing' }];
    } else if (!(event.value >= 0 && event.value <= VITAL_MAX[event.name])) {
      errors[`events.${i}.value`] = [
        { key: 'telemetry.vitalRange', vars: { name: event.name, max: VITAL_MAX[event.name] } },
      ];
    }
  });
  if (Object.keys(errors).length) throw validationError(errors);
}

const byKey = <T>(map: Map<string, T>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/** What one batch brings for one section version. */
interface VersionPart {
  remote: string;
  version: string;
  /** The channel of its first event: the page counts there. */
  channel: string;
  /** Every channel its events name (a canary that fell back: `canary` and `fallback`), listed for the version. */
  channels: Set<string>;
  /** Named by the deployment: its rows need no room. */
  vouched: boolean;
  /** The counts it asks for (PAGE always; the error bits and vital bits it has events for). */
  bits: number;
  /** Its first value of each vital. */
  vitals: Map<Vital, number>;
  /** Its first error event of each type (the one whose signature counts). */
  errors: Map<ErrorType, { message: string; source: string }>;
}

const versionKey = (remote: string, version: string) => `${remote}\u0000${version}`;

/** Groups a batch by section version; events for versions a deployment does not name are counted apart. */
export function partsOf(
  events: TelemetryEventInput[],
  deployment: Intake['deployment'],
): { parts: VersionPart[]; unlisted: number } {
  const parts = new Map<string, VersionPart>();
  let unlisted = 0;
  for (const event of events) {
    const named = deployment?.get(event.remote);
    if (named && !named.has(event.version)) {
      unlisted += 1;
      continue;
    }
    const key = versionKey(event.remote, event.version);
    let part = parts.get(key);
    if (!part) {
      part = {
        remote: event.remote,
        version: event.version,
        channel: event.channel,
        channels: new Set(),
        vouched: !!named,
        bits: PAGE,
        vitals: new Map(),
        errors: new Map(),
      };
      parts.set(key, part);
    }
    part.channels.add(event.channel);
    if (event.type === 'vital') {
      const name = event.name as Vital;
      if (!part.vitals.has(name)) part.vitals.set(name, event.value ?? 0);
      part.bits |= VITAL_BIT[name];
    } else if (isError(event.type)) {
      part.bits |= ERROR_PAGE | TYPE_BIT[event.type];
      if (!part.errors.has(event.type)) {
        part.errors.set(event.type, {
          message: scrub(event.message ?? '', 200),
          source: scrub(event.source ?? '', 300),
        });
      }
    }
  }
  return { parts: byKey(parts), unlisted };
}

/**
 * Which of the new bits count, under the client's ceiling (`mine` is raised for what counts) and
 * which refusal flags the page gets. `old` is what earlier batches of this page left.
 */
export function decide(
  added: number,
  old: number,
  mine: ClientRow,
  pagesPerClient: number,
): { counts: number; refuse: number } {
  if (old & PAGE_REFUSED) return { counts: 0, refuse: 0 };
  let counts = 0;
  if (added & PAGE) {
    if (mine.pages >= pagesPerClient) return { counts: 0, refuse: PAGE_REFUSED };
    mine.pages += 1;
    counts |= PAGE;
  }
  counts |= added & (VITAL_BIT.LCP | VITAL_BIT.INP | VITAL_BIT.CLS);
  if (added & ERROR_PAGE) {
    if (mine.errorPages >= pagesPerClient) return { counts, refuse: ERROR_REFUSED };
    mine.errorPages += 1;
    counts |= ERROR_PAGE;
  }
  if (!(old & ERROR_REFUSED)) counts |= added & TYPES;
  return { counts, refuse: 0 };
}

/** The aggregate rows of what counts (`mine`: the client's counts after it). */
function rowsOf(parts: { part: VersionPart; counts: number; mine: ClientRow }[]) {
  const minutes: (MinuteRow & { vouched: boolean })[] = [];
  const vitals: (VitalRow & { vouched: boolean })[] = [];
  const errors: (ErrorRow & { vouched: boolean })[] = [];
  for (const { part, counts, mine } of parts) {
    if (!counts) continue;
    const { remote, version, channel, vouched } = part;
    minutes.push({
      remote,
      version,
      channel,
      vouched,
      pages: counts & PAGE ? 1 : 0,
      errorPages: counts & ERROR_PAGE ? 1 : 0,
      loadError: counts & TYPE_BIT.load_error ? 1 : 0,
      renderError: counts & TYPE_BIT.render_error ? 1 : 0,
      runtimeError: counts & TYPE_BIT.runtime_error ? 1 : 0,
      apiError: counts & TYPE_BIT.api_error ? 1 : 0,
      busiestPages: counts & PAGE ? mine.pages : 0,
      busiestErrorPages: counts & ERROR_PAGE ? mine.errorPages : 0,
    });
    for (const other of part.channels) {
      if (other === channel) continue;
      const zero = {
        pages: 0,
        errorPages: 0,
        loadError: 0,
        renderError: 0,
        runtimeError: 0,
        apiError: 0,
        busiestPages: 0,
        busiestErrorPages: 0,
      };
      minutes.push({ remote, version, channel: other, vouched, ...zero });
    }
    for (const [name, value] of part.vitals) {
      if (counts & VITAL_BIT[name]) {
        vitals.push({ remote, version, channel, vouched, name, bucket: bucketOf(name, value), count: 1 });
      }
    }
    for (const [type, { message, source }] of part.errors) {
      if (!(counts & TYPE_BIT[type])) continue;
      const signature = createHash('sha256').update(`${type}\n${message}\n${source}`).digest('hex').slice(0, 32);
      errors.push({ remote, version, vouched, signature, type, message, source, count: 1 });
    }
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  vitals.sort(
    (a, b) =>
      order(`${a.remote} ${a.version} ${a.channel} ${a.name}`, `${b.remote} ${b.version} ${b.channel} ${b.name}`) ||
      a.bucket - b.bucket,
  );
  errors.sort((a, b) => order(`${a.remote} ${a.version} ${a.signature}`, `${b.remote} ${b.version} ${b.signature}`));
  return { minutes, vitals, errors };
}

const salts = new WeakMap<Db, { until: number; salt: string }>();

/**
 * This hour's salt, shared by every instance through the database (kept a minute in the process,
 * never past its hour). A page open across the full hour gets a new hash and may count once more.
 */
async function currentSalt(db: Db): Promise<string> {
  const cached = salts.get(db);
  if (cached && Date.now() < cached.until) return cached.salt;
  // Two instances asking at once at the hour: the one whose insert lost reads the winner's next time.
  const found = (await hourSalt(db, randomToken(32))) ?? (await hourSalt(db, randomToken(32)));
  if (!found) throw new Error('telemetry salt not readable');
  salts.set(db, { until: Math.min((found.hour + 3600) * 1000, Date.now() + 60_000), salt: found.salt });
  return found.salt;
}

const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex').slice(0, 32);

/** Another instance held the client's lock: the transaction is rolled back and tried again. */
class ClientBusy extends Error {}
/** How long a batch waits for its client's lock held on another instance before it is dropped. */
const CLIENT_WAIT_MS = 2_000;

/**
 * One client's batches in this process, one after another: a client sending many at once waits
 * here, in memory, instead of holding a database connection each (the rate limit bounds the queue).
 */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(client: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(client) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => {});
  queues.set(client, settled);
  void settled.then(() => {
    if (queues.get(client) === settled) queues.delete(client);
  });
  return next;
}

export async function recordBatch(db: Db, batch: { page: string; events: TelemetryEventInput[] }, intake: Intake) {
  checkEvents(batch.events);
  const { parts, unlisted } = partsOf(batch.events, intake.deployment);
  if (unlisted) await addUnlisted(db, unlisted);
  if (!parts.length) return;
  const key = await currentSalt(db);
  const page = hmac(key, `page\n${batch.page}`);
  const client = hmac(key, `client\n${intake.client}`);
  await oneAtATime(client, async () => {
    const until = Date.now() + CLIENT_WAIT_MS;
    for (;;) {
      try {
        return await addBatch(db, page, client, parts, intake);
      } catch (error) {
        // The same client's batch on another instance: wait a moment without a connection. After
        // CLIENT_WAIT_MS the batch is dropped like one over a ceiling (204): never a 503 for contention.
        if (!(error instanceof ClientBusy)) throw error;
        if (Date.now() > until) return;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
    }
  });
}

/** One batch in one transaction under its client's lock: page hashes, the client's ceilings, the aggregates. */
async function addBatch(db: Db, page: string, client: string, parts: VersionPart[], intake: Intake) {
  await db.transaction(async (tx) => {
    if (!(await tryLockClient(tx, Number.parseInt(client.slice(0, 8), 16) | 0))) throw new ClientBusy();
    const mine = new Map((await clientMinute(tx, client)).map((r) => [versionKey(r.remote, r.version), r]));
    // Versions the deployment names do not use up the client's open versions.
    let opened = [...mine.values()].filter((r) => !intake.deployment?.get(r.remote)?.has(r.version)).length;
    const admitted = parts.filter((part) => {
      if (part.vouched || mine.has(versionKey(part.remote, part.version))) return true;
      if (opened >= OPEN_VERSIONS_PER_CLIENT) return false;
      opened += 1;
      return true;
    });
    const marks = await markPage(
      tx,
      page,
      admitted.map((p) => ({ remote: p.remote, version: p.version, bits: p.bits })),
    );
    const counted: { part: VersionPart; counts: number; mine: ClientRow }[] = [];
    const refused: { remote: string; version: string; bits: number }[] = [];
    const changed: ClientRow[] = [];
    for (const mark of marks) {
      const k = versionKey(mark.remote, mark.version);
      const part = admitted.find((p) => versionKey(p.remote, p.version) === k)!;
      const row = mine.get(k) ?? { remote: part.remote, version: part.version, pages: 0, errorPages: 0 };
      const before = { ...row };
      const decision = decide(mark.added, mark.counted & ~mark.added, row, intake.pagesPerClient);
      const { refuse } = decision;
      // A client over a person's pace adds no vitals (its pages are left out of the guard's figures).
      const counts = row.pages > intake.personPages ? decision.counts & ~VITALS_ALL : decision.counts;
      if (refuse) refused.push({ remote: part.remote, version: part.version, bits: refuse });
      counted.push({ part, counts, mine: row });
      if (!mine.has(k) || row.pages !== before.pages || row.errorPages !== before.errorPages) changed.push(row);
    }
    await saveClientMinute(tx, client, changed);
    await flagPage(tx, page, refused);
    await addAggregates(tx, rowsOf(counted));
  });
}

// ---------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------
/** Newest version first (semver precedence, ignoring build metadata). */
function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.split('+')[0]!.split(/-(.*)/s);
    return { nums: core.split('.').map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i += 1) if (x.nums[i] !== y.nums[i]) return (y.nums[i] ?? 0) - (x.nums[i] ?? 0);
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return -1;
  if (y.pre === undefined) return 1;
  return x.pre < y.pre ? 1 : -1;
}

export async function summarize(
  db: Db,
  remote: string,
  since: Date,
  personPages: number,
): Promise<TelemetrySummaryBody> {
  const [totals, busiest, histograms, top] = [
    await versionTotals(db, remote, since),
    await busiestTotals(db, remote, since, personPages),
    await vitalHistograms(db, remote, since),
    await topErrors(db, remote, since, TOP_ERRORS),
  ];
  const versions = totals.sort((a, b) => compareVersions(a.version, b.version));
  return {
    remote,
    since: since.toISOString(),
    versions: versions.map((v) => {
      const errorPages = Math.min(v.errorPages, v.pages);
      const vitals: TelemetrySummaryBody['versions'][number]['vitals'] = {};
      for (const name of VITALS) {
        const histogram = new Map<number, number>();
        for (const h of histograms) if (h.version === v.version && h.name === name) histogram.set(h.bucket, h.count);
        const figure = p75(name, histogram);
        if (figure) vitals[name] = figure;
      }
      const [low, high] = wilson(errorPages, v.pages);
      const busy = busiest.find((b) => b.version === v.version);
      return {
        version: v.version,
        channels: v.channels as TelemetrySummaryBody['versions'][number]['channels'],
        pages: v.pages,
        error_pages: errorPages,
        busiest: {
          pages: Math.min(busy?.pages ?? 0, v.pages),
          error_pages: Math.min(busy?.errorPages ?? 0, errorPages),
        },
        error_rate: v.pages ? round4(errorPages / v.pages) : 0,
        ci95: [round4(low), round4(high)],
        errors: {
          load_error: v.loadError,
          render_error: v.renderError,
          runtime_error: v.runtimeError,
          api_error: v.apiError,
        },
        vitals,
        top_errors: top
          .filter((e) => e.version === v.version)
          .map((e) => ({
            type: e.type as ErrorType,
            message: e.message,
            source: e.source,
            count: e.count,
            first_seen: e.firstSeen.toISOString(),
            last_seen: e.lastSeen.toISOString(),
          })),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Series (the Releases page's charts): per version and time bucket, the error rate with its
// Wilson interval and LCP p75. Buckets are whole minutes, as many as keep the chart at ≤ 60 points
// over the time that has figures (a canary of ten minutes gets minutes, not one 24-minute point).
// ---------------------------------------------------------------------------------------------
const MAX_POINTS = 60;

export function seriesStep(since: Date, now: Date): number {
  const minutes = Math.max(1, Math.ceil((now.getTime() - since.getTime()) / 60_000));
  return Math.max(1, Math.ceil(minutes / MAX_POINTS));
}

export async function series(db: Db, remote: string, since: Date, now = new Date()): Promise<TelemetrySeriesBody> {
  const first = await firstMinute(db, remote, since);
  const step = seriesStep(first ? (first > since ? first : since) : now, now);
  const pages = await pageSeries(db, remote, since, step);
  const lcp = await vitalSeries(db, remote, since, step, 'LCP');
  const versions = [...new Set(pages.map((p) => p.version))].sort(compareVersions);
  return {
    remote,
    since: since.toISOString(),
    step_minutes: step,
    versions: versions.map((version) => ({
      version,
      points: pages
        .filter((p) => p.version === version)
        .map((p) => {
          const histogram = new Map<number, number>();
          for (const h of lcp) {
            if (h.version === version && h.at.getTime() === p.at.getTime()) histogram.set(h.bucket, h.count);
          }
          const errorPages = Math.min(p.errorPages, p.pages);
          const [low, high] = wilson(errorPages, p.pages);
          const figure = p75('LCP', histogram);
          return {
            at: p.at.toISOString(),
            pages: p.pages,
            error_pages: errorPages,
            error_rate: p.pages ? round4(errorPages / p.pages) : 0,
            ci95: [round4(low), round4(high)],
            lcp_p75: figure?.p75 ?? null,
          };
        }),
    })),
  };
}

/** Deletes aggregates older than 30 days (the privacy page's promise). */
export const purgeTelemetry = (db: Db) => deleteOlderThan(db, RETENTION_DAYS);

/** Forgets page hashes after an hour (at most MAX_PAGE_HASHES), client minutes and old salts. */
export const purgeIntakeState = (db: Db) => deleteIntakeState(db, MAX_PAGE_HASHES);

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------
/** A verified user whose e-mail is in OPERATOR_EMAILS. */
export function isOperator(ctx: Pick<AppContext, 'operators'>, user: UserRow | null | undefined): boolean {
  return !!user?.emailVerifiedAt && ctx.operators.emails.has(user.email.trim().toLowerCase());
}

/** `Authorization: Bearer <LAGER_OPERATOR_TOKEN>`, compared in constant time; no token set = never. */
export function bearerIsOperator(ctx: Pick<AppContext, 'operators'>, header: string | undefined): boolean {
  const token = ctx.operators.token;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!token || !match) return false;
  // Equal-length digests: the comparison takes the same time whatever the length of the guess.
  const digest = (value: string) => createHash('sha256').update(value).digest('hex');
  return safeEqual(digest(match[1]!), digest(token));
}

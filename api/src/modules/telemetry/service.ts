/**
 * Telemetry rules (guarded-rollout spec §2): what a batch adds to the aggregates, the vitals'
 * fixed buckets and p75, Wilson intervals, the summary, retention and who counts as an operator.
 */
import { createHash } from 'node:crypto';
import type { AppContext, UserRow } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { type FieldErrors, validationError } from '../../platform/errors';
import { safeEqual } from '../../platform/security/tokens';
import {
  addAggregates,
  deleteOlderThan,
  type ErrorRow,
  firstMinute,
  type MinuteRow,
  pageSeries,
  topErrors,
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
// Batches → aggregate rows
// ---------------------------------------------------------------------------------------------
const isError = (type: string): type is ErrorType => (ERROR_TYPES as readonly string[]).includes(type);

/** The server scrubs again what it keeps (a client may not have): e-mail addresses and digit runs of 6+. */
export function scrub(text: string, max: number): string {
  return text
    .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/gi, '…')
    .replace(/\d{6,}/g, '…')
    .slice(0, max);
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

/**
 * What a batch adds. The page counts come from the collector's `first` flags (the server keeps
 * no page ids): `page` counts a page, on an error also an error page and one of its type;
 * `error` an error page and its type; `type` its type only. Rows come out sorted by key.
 */
export function aggregate(events: TelemetryEventInput[]): {
  minutes: MinuteRow[];
  vitals: VitalRow[];
  errors: ErrorRow[];
} {
  const minutes = new Map<string, MinuteRow>();
  const vitals = new Map<string, VitalRow>();
  const errors = new Map<string, ErrorRow>();
  for (const event of events) {
    const { remote, version, channel, type } = event;
    const key = `${remote}\u0000${version}\u0000${channel}`;
    let minute = minutes.get(key);
    const touch = () => {
      minute ??= {
        remote,
        version,
        channel,
        pages: 0,
        errorPages: 0,
        loadError: 0,
        renderError: 0,
        runtimeError: 0,
        apiError: 0,
      };
      minutes.set(key, minute);
      return minute;
    };
    const first = event.first;
    // Every event names its version and channel in the minute's row (a version with vitals only is listed too).
    touch();
    if (first === 'page') touch().pages += 1;
    if (type === 'vital') {
      const name = event.name as Vital;
      const bucket = bucketOf(name, event.value ?? 0);
      const vitalKey = `${key}\u0000${VITALS.indexOf(name)}\u0000${String(bucket).padStart(3, '0')}`;
      const row = vitals.get(vitalKey) ?? { remote, version, channel, name, bucket, count: 0 };
      row.count += 1;
      vitals.set(vitalKey, row);
      continue;
    }
    if (!isError(type)) continue;
    if (first === 'page' || first === 'error') touch().errorPages += 1;
    if (first) {
      const row = touch();
      if (type === 'load_error') row.loadError += 1;
      else if (type === 'render_error') row.renderError += 1;
      else if (type === 'runtime_error') row.runtimeError += 1;
      else row.apiError += 1;
    }
    const message = scrub(event.message ?? '', 200);
    const source = scrub(event.source ?? '', 300);
    const signature = createHash('sha256').update(`${type}\n${message}\n${source}`).digest('hex').slice(0, 32);
    const errorKey = `${remote}\u0000${version}\u0000${signature}`;
    const row = errors.get(errorKey) ?? { remote, version, signature, type, message, source, count: 0 };
    row.count += 1;
    errors.set(errorKey, row);
  }
  return { minutes: byKey(minutes), vitals: byKey(vitals), errors: byKey(errors) };
}

export async function recordBatch(db: Db, events: TelemetryEventInput[]): Promise<void> {
  checkEvents(events);
  await addAggregates(db, aggregate(events));
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

export async function summarize(db: Db, remote: string, since: Date): Promise<TelemetrySummaryBody> {
  const [totals, histograms, top] = [
    await versionTotals(db, remote, since),
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
      return {
        version: v.version,
        channels: v.channels as TelemetrySummaryBody['versions'][number]['channels'],
        pages: v.pages,
        error_pages: errorPages,
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

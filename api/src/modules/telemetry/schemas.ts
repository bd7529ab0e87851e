import { type Static, Type } from '@fastify/type-provider-typebox';
import { StringEnum } from '../../platform/http/schemas';

const EVENT_TYPES = ['mount', 'load_error', 'render_error', 'runtime_error', 'api_error', 'vital'] as const;
export const ERROR_TYPES = ['load_error', 'render_error', 'runtime_error', 'api_error'] as const;
const CHANNELS = ['stable', 'canary', 'pinned', 'fallback'] as const;
export const VITALS = ['LCP', 'INP', 'CLS'] as const;
const FIRSTS = ['page', 'error', 'type'] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];
export type Vital = (typeof VITALS)[number];

/** The largest value of each vital (spec §2: LCP/INP 0–120 000 ms, CLS 0–100). */
export const VITAL_MAX: Record<Vital, number> = { LCP: 120_000, INP: 120_000, CLS: 100 };
const MAX_EVENTS = 100;
export const MAX_BATCH_BYTES = 16 * 1024;

/** The shell or a section as `npm run new-section` names them. */
const REMOTE = '^(shell|remote-[a-z][a-z0-9]*(-[a-z0-9]+)*)$';
/** Semantic Versioning 2.0.0 (semver.org's regular expression). */
const SEMVER =
  '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$';

const RemoteName = () => Type.String({ pattern: REMOTE, maxLength: 64 });

const TelemetryEvent = Type.Object(
  {
    type: StringEnum(EVENT_TYPES),
    remote: RemoteName(),
    version: Type.String({ pattern: SEMVER, maxLength: 64 }),
    channel: StringEnum(CHANNELS),
    first: Type.Optional(
      StringEnum(FIRSTS, {
        description:
          'The collector’s hint (`page` the first event of this version on the page, `error` its first error, `type` the first of its type). The server does not trust it: a batch counts at most one page, one error page and each error type once per version, and a page id once.',
      }),
    ),
    message: Type.Optional(Type.String({ maxLength: 200, description: 'Scrubbed, at most 200 characters.' })),
    source: Type.Optional(Type.String({ maxLength: 300, description: 'Script path without query.' })),
    name: Type.Optional(StringEnum(VITALS)),
    value: Type.Optional(
      Type.Number({ minimum: 0, maximum: 120_000, description: 'ms for LCP and INP (≤ 120 000), CLS ≤ 100.' }),
    ),
  },
  { title: 'TelemetryEvent' },
);
export type TelemetryEventInput = Static<typeof TelemetryEvent>;

export const TelemetryBatch = Type.Object(
  {
    page: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$', description: 'The page load’s random id (never stored).' }),
    events: Type.Array(TelemetryEvent, { maxItems: MAX_EVENTS }),
  },
  { title: 'TelemetryBatch' },
);

export const SummaryQuery = Type.Object({
  remote: RemoteName(),
  since: Type.Optional(
    Type.String({ format: 'date-time', description: 'ISO time; minutes from the one it falls in. Default 24 h ago.' }),
  ),
});

const VitalSummary = Type.Object({
  p75: Type.Number({ description: 'From the fixed-bucket histogram, interpolated within the bucket.' }),
  n: Type.Integer(),
});

const Count = () => Type.Integer({ minimum: 0 });

export const TelemetrySummary = Type.Object(
  {
    remote: Type.String(),
    since: Type.String({ format: 'date-time' }),
    versions: Type.Array(
      Type.Object({
        version: Type.String(),
        channels: Type.Array(StringEnum(CHANNELS)),
        pages: Count(),
        error_pages: Count(),
        error_rate: Type.Number(),
        ci95: Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: 'Wilson score interval, 95 %.' }),
        errors: Type.Object({
          load_error: Count(),
          render_error: Count(),
          runtime_error: Count(),
          api_error: Count(),
        }),
        busiest: Type.Optional(
          Type.Object(
            { pages: Count(), error_pages: Count() },
            {
              description:
                'Of `pages` and `error_pages`: those of each minute’s busiest client (address, or user when signed in) where it sent more than TELEMETRY_PERSON_PAGES_PER_MINUTE (default 3) pages of this version in that minute, faster than a person loads pages. The rollout guard leaves them out, so one address cannot outvote real traffic. Always sent.',
            },
          ),
        ),
        vitals: Type.Object({
          LCP: Type.Optional(VitalSummary),
          INP: Type.Optional(VitalSummary),
          CLS: Type.Optional(VitalSummary),
        }),
        top_errors: Type.Array(
          Type.Object({
            type: StringEnum(ERROR_TYPES),
            message: Type.String(),
            source: Type.String(),
            count: Count(),
            first_seen: Type.String({ format: 'date-time' }),
            last_seen: Type.String({ format: 'date-time' }),
          }),
        ),
      }),
    ),
  },
  { title: 'TelemetrySummary' },
);
export type TelemetrySummaryBody = Static<typeof TelemetrySummary>;

export const TelemetrySeries = Type.Object(
  {
    remote: Type.String(),
    since: Type.String({ format: 'date-time' }),
    step_minutes: Type.Integer({ minimum: 1, description: 'Each point covers this many minutes (at most 60 points).' }),
    versions: Type.Array(
      Type.Object({
        version: Type.String(),
        points: Type.Array(
          Type.Object({
            at: Type.String({ format: 'date-time', description: 'Start of the point’s minutes.' }),
            pages: Count(),
            error_pages: Count(),
            error_rate: Type.Number(),
            ci95: Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: 'Wilson score interval, 95 %.' }),
            lcp_p75: Type.Union([Type.Number(), Type.Null()], { description: 'ms; null without LCP figures.' }),
          }),
        ),
      }),
    ),
  },
  { title: 'TelemetrySeries' },
);
export type TelemetrySeriesBody = Static<typeof TelemetrySeries>;

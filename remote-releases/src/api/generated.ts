import { api } from '@lager/shared';
import type { ErrorBody } from '@lager/shared/api/schemas';

const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReleases: build.query<GetReleasesApiResponse, GetReleasesApiArg>({
      query: () => ({ url: `/api/releases` }),
    }),
    getTelemetrySeries: build.query<GetTelemetrySeriesApiResponse, GetTelemetrySeriesApiArg>({
      query: (queryArg) => ({
        url: `/api/telemetry/series`,
        params: {
          remote: queryArg.remote,
          since: queryArg.since,
        },
      }),
    }),
    getTelemetrySummary: build.query<GetTelemetrySummaryApiResponse, GetTelemetrySummaryApiArg>({
      query: (queryArg) => ({
        url: `/api/telemetry/summary`,
        params: {
          remote: queryArg.remote,
          since: queryArg.since,
        },
      }),
    }),
  }),
  overrideExisting: false,
});

export { injectedRtkApi as releasesApi };
export type GetReleasesApiResponse = /** status 200 Default Response */ {
  /** Newest first, at most 200 lines. */
  history: {
    /** auto-rollback, guard-advance, auto-promote, guard-wait, rollout, promote, rollback, … */
    action: string;
    actor?: string;
    at: string;
    /** A manual command ended the guard of this canary. */
    guard_ended?: string;
    percent?: number;
    reason?: string;
    remote: string;
    /** The canary a rollback stopped. */
    stopped?: string;
    version?: string;
  }[];
  remotes: {
    canary: {
      guard: {
        min_pages: number;
        started_at: string;
        /** Index into `steps` of the step running now. */
        step: number;
        step_started_at: string;
        /** Percent of users per step. */
        steps: number[];
        window_ms: number;
      } | null;
      percent: number;
      version: string;
    } | null;
    /** Versions kept for rollback, newest last. */
    pinned: string[];
    remote: string;
    stable: {
      version: string;
    } | null;
    updated_at: string | null;
  }[];
};
export type GetReleasesApiArg = void;
export type GetTelemetrySeriesApiResponse = /** status 200 Default Response */ {
  remote: string;
  since: string;
  /** Each point covers this many minutes (at most 60 points). */
  step_minutes: number;
  versions: {
    points: {
      /** Start of the point’s minutes. */
      at: string;
      /** Wilson score interval, 95 %. */
      ci95: number[];
      error_pages: number;
      error_rate: number;
      /** ms; null without LCP figures. */
      lcp_p75: number | null;
      pages: number;
    }[];
    version: string;
  }[];
};
export type GetTelemetrySeriesApiArg = {
  remote: string;
  /** ISO time; minutes from the one it falls in. Default 24 h ago. */
  since?: string;
};
export type GetTelemetrySummaryApiResponse = /** status 200 Default Response */ {
  remote: string;
  since: string;
  versions: {
    /** Of `pages` and `error_pages`: those of each minute’s busiest client (address, or user when signed in) where it sent more than TELEMETRY_PERSON_PAGES_PER_MINUTE (default 3) pages of this version in that minute, faster than a person loads pages. The rollout guard leaves them out, so one address cannot outvote real traffic. Always sent. */
    busiest?: {
      error_pages: number;
      pages: number;
    };
    channels: ('stable' | 'canary' | 'pinned' | 'fallback')[];
    /** Wilson score interval, 95 %. */
    ci95: number[];
    error_pages: number;
    error_rate: number;
    errors: {
      api_error: number;
      load_error: number;
      render_error: number;
      runtime_error: number;
    };
    pages: number;
    top_errors: {
      count: number;
      first_seen: string;
      last_seen: string;
      message: string;
      source: string;
      type: 'load_error' | 'render_error' | 'runtime_error' | 'api_error';
    }[];
    version: string;
    vitals: {
      CLS?: {
        n: number;
        /** From the fixed-bucket histogram, interpolated within the bucket. */
        p75: number;
      };
      INP?: {
        n: number;
        /** From the fixed-bucket histogram, interpolated within the bucket. */
        p75: number;
      };
      LCP?: {
        n: number;
        /** From the fixed-bucket histogram, interpolated within the bucket. */
        p75: number;
      };
    };
  }[];
};
export type GetTelemetrySummaryApiArg = {
  remote: string;
  /** ISO time; minutes from the one it falls in. Default 24 h ago. */
  since?: string;
};
export type { ErrorBody };
export const {
  useGetReleasesQuery,
  useLazyGetReleasesQuery,
  useGetTelemetrySeriesQuery,
  useLazyGetTelemetrySeriesQuery,
  useGetTelemetrySummaryQuery,
  useLazyGetTelemetrySummaryQuery,
} = injectedRtkApi;

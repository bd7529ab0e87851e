import type { GetReleasesApiResponse, GetTelemetrySummaryApiResponse } from '../api/generated';

/** A guarded canary of remote-info at step 2 of 4 and a section without canary, as GET /api/releases answers. */
export function releasesFixture(stepStartedAt: string): GetReleasesApiResponse {
  return {
    remotes: [
      {
        remote: 'remote-info',
        stable: { version: '1.0.0' },
        canary: {
          version: '2.0.0',
          percent: 25,
          guard: {
            step: 1,
            steps: [5, 25, 50, 100],
            window_ms: 10 * 60_000,
            min_pages: 200,
            started_at: '2026-05-01T10:00:00.000Z',
            step_started_at: stepStartedAt,
          },
        },
        pinned: ['0.9.0'],
        updated_at: stepStartedAt,
      },
      { remote: 'remote-stock', stable: { version: '3.1.0' }, canary: null, pinned: [], updated_at: null },
    ],
    history: [
      {
        at: '2026-05-01T10:30:00.000Z',
        remote: 'remote-stock',
        action: 'auto-rollback',
        version: '3.1.0',
        stopped: '3.2.0',
        actor: 'rollout-guard',
        reason: 'error rate 12.9 % vs 0.9 % (difference 12.0 points, 95 % CI 8.0–16.1) over 240 vs 2 310 pages',
      },
      { at: '2026-05-01T10:12:00.000Z', remote: 'remote-info', action: 'guard-advance', version: '2.0.0', percent: 25 },
      {
        at: '2026-05-01T10:00:00.000Z',
        remote: 'remote-stock',
        action: 'rollout',
        version: '3.2.0',
        percent: 5,
        actor: 'ops',
      },
    ],
  };
}

const canary: GetTelemetrySummaryApiResponse['versions'][number] = {
  version: '3.2.0',
  channels: ['canary'],
  pages: 240,
  error_pages: 31,
  error_rate: 0.129,
  ci95: [0.091, 0.178],
  errors: { load_error: 0, render_error: 29, runtime_error: 4, api_error: 0 },
  vitals: { LCP: { p75: 1830, n: 212 } },
  top_errors: [
    {
      type: 'render_error',
      message: 'Cannot read properties of undefined (reading …)',
      source: '/remote-stock/3.2.0/static/js/async/812.js',
      count: 29,
      first_seen: '2026-05-01T10:01:00.000Z',
      last_seen: '2026-05-01T10:29:00.000Z',
    },
  ],
};

/** GET /api/telemetry/summary of remote-stock: the canary of the spec's example and a healthy stable. */
export const stockSummary: GetTelemetrySummaryApiResponse = {
  remote: 'remote-stock',
  since: '2026-04-30T10:00:00.000Z',
  versions: [
    canary,
    {
      ...canary,
      version: '3.1.0',
      channels: ['stable'],
      ...{ pages: 2310, error_pages: 21, error_rate: 0.0091, ci95: [0.006, 0.0139] },
      errors: { load_error: 0, render_error: 0, runtime_error: 0, api_error: 21 },
      vitals: {},
      top_errors: [],
    },
  ],
};

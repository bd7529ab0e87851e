/**
 * The summary's statistics without a database: Wilson intervals against published values, the
 * vitals' fixed buckets and p75, and what a batch adds to the counts (the collector's flags).
 */
import { aggregate, bucketOf, p75, scrub, wilson } from './service';

describe('Wilson score interval (95 %)', () => {
  // Newcombe, R. G. (1998). Two-sided confidence intervals for the single proportion: comparison of
  // seven methods. Statistics in Medicine 17, 857–872, Table II, method 3 (score, no continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i → %f–%f (Newcombe 1998)', (x, n, low, high) => {
    const [l, h] = wilson(x, n);
    expect(l).toBeCloseTo(low, 4);
    expect(h).toBeCloseTo(high, 4);
  });

  it('the spec’s example 31 of 240 pages: 12.9 %, interval 9.3–17.8 %', () => {
    const [l, h] = wilson(31, 240);
    expect([l, h].map((v) => Math.round(v * 1000) / 1000)).toEqual([0.093, 0.178]);
  });

  it('no pages: [0, 1]; more errors than pages are capped at the pages', () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
    expect(wilson(12, 10)).toEqual(wilson(10, 10));
    expect(wilson(10, 10)[1]).toBeCloseTo(1, 12);
  });
});

describe('vitals in fixed buckets', () => {
  it('buckets are at most 10 % wide and the value lies in its bucket', () => {
    for (const value of [0, 0.5, 1, 1.1, 1.21, 10, 99.9, 1000, 1830, 2500, 119_999, 120_000]) {
      const bucket = bucketOf('LCP', value);
      const low = bucket === 0 ? 0 : 1.1 ** (bucket - 1);
      const high = bucket === 0 ? 1 : 1.1 ** bucket;
      expect({ value, inside: value >= low && value < high }).toEqual({ value, inside: true });
    }
    expect(bucketOf('LCP', 120_000)).toBe(123);
    expect(bucketOf('CLS', 100)).toBe(145);
    expect(bucketOf('CLS', 0.01)).toBe(bucketOf('LCP', 100));
  });

  it('p75 of 1 000 values is within 5 % of the exact one; n counts them', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 200 + ((i * 7919) % 1000) * 3); // 200 … 3197 ms
    const histogram = new Map<number, number>();
    for (const v of values) histogram.set(bucketOf('LCP', v), (histogram.get(bucketOf('LCP', v)) ?? 0) + 1);
    const exact = [...values].sort((a, b) => a - b)[749]!;
    const figure = p75('LCP', histogram)!;
    expect(figure.n).toBe(1000);
    expect(Math.abs(figure.p75 - exact) / exact).toBeLessThan(0.05);
    expect(p75('INP', new Map())).toBeUndefined();
  });
});

describe('what a batch adds', () => {
  const base = { remote: 'remote-info', version: '2.0.0', channel: 'canary' as const };
  it('`page` counts a page (and on an error an error page and its type), `error` an error page, `type` its type', () => {
    const { minutes, errors } = aggregate([
      { ...base, type: 'mount', first: 'page' },
      { ...base, type: 'render_error', first: 'error', message: 'a' },
      { ...base, type: 'runtime_error', first: 'type', message: 'b' },
      { ...base, type: 'load_error', first: 'page', message: 'c' },
      { ...base, type: 'api_error', message: 'HTTP 503', source: 'GET /api/x' },
    ]);
    expect(minutes).toEqual([
      {
        ...base,
        pages: 2,
        errorPages: 2,
        loadError: 1,
        renderError: 1,
        runtimeError: 1,
        apiError: 0,
      },
    ]);
    expect(errors.map((e) => [e.type, e.count])).toEqual(
      expect.arrayContaining([
        ['render_error', 1],
        ['runtime_error', 1],
        ['load_error', 1],
        ['api_error', 1],
      ]),
    );
  });

  it('rows come out sorted by key (the lock order) and one per key however many events', () => {
    const events = Array.from({ length: 100 }, (_, i) => ({
      ...base,
      version: i % 2 ? '1.0.0' : '2.0.0',
      type: 'vital' as const,
      name: 'LCP' as const,
      value: 1800,
    }));
    const { minutes, vitals } = aggregate(events);
    expect(minutes.map((m) => m.version)).toEqual(['1.0.0', '2.0.0']);
    expect(vitals.map((v) => [v.version, v.count])).toEqual([
      ['1.0.0', 50],
      ['2.0.0', 50],
    ]);
  });

  it('messages are scrubbed again on the server', () => {
    expect(scrub('mail a.b@c.de, call 0123456789 now', 200)).toBe('mail …, call … now');
  });
});

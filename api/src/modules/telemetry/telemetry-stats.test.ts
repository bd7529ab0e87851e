/**
 * The summary's statistics without a database: Wilson intervals against published values, the
 * vitals' fixed buckets and p75, and what a batch adds to the counts (the collector's flags).
 */
import { bucketOf, decide, p75, partsOf, scrub, wellFormed, wilson } from './service';

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

describe('what a batch adds (a batch is one page, issue 37)', () => {
  const base = { remote: 'remote-info', version: '2.0.0', channel: 'canary' as const };
  it('per version one page, one error page and each error type once, whatever the `first` flags say', () => {
    const events = [
      ...Array.from({ length: 50 }, () => ({ ...base, type: 'render_error' as const, first: 'page' as const })),
      { ...base, type: 'runtime_error' as const, first: 'error' as const, message: 'b' },
      { ...base, version: '1.0.0', type: 'mount' as const, first: 'page' as const },
    ];
    const { parts, unlisted } = partsOf(events, null);
    expect(unlisted).toBe(0);
    expect(parts.map((p) => [p.version, p.bits])).toEqual([
      ['1.0.0', 1],
      // page 1 + error page 2 + render_error 8 + runtime_error 16
      ['2.0.0', 1 + 2 + 8 + 16],
    ]);
    const mine = { remote: 'remote-info', version: '2.0.0', pages: 0, errorPages: 0 };
    expect(decide(1 + 2 + 8 + 16, 0, mine, 30)).toEqual({ counts: 1 + 2 + 8 + 16, refuse: 0 });
    expect(mine).toMatchObject({ pages: 1, errorPages: 1 });
  });

  it('versions the deployment does not name are counted apart; remotes it does not name stay open', () => {
    const deployment = new Map([['remote-info', new Set(['1.0.0'])]]);
    const { parts, unlisted } = partsOf(
      [
        { ...base, type: 'mount' },
        { ...base, version: '1.0.0', type: 'mount' },
        { ...base, remote: 'remote-other', type: 'mount' },
      ],
      deployment,
    );
    expect(unlisted).toBe(1);
    expect(parts.map((p) => [p.remote, p.version, p.vouched])).toEqual([
      ['remote-info', '1.0.0', true],
      ['remote-other', '2.0.0', false],
    ]);
  });

  it('over the client’s ceiling a page is refused for good, an error page for its errors', () => {
    const full = { remote: 'remote-info', version: '2.0.0', pages: 30, errorPages: 0 };
    expect(decide(1 + 2 + 8, 0, full, 30)).toEqual({ counts: 0, refuse: 512 });
    // A later batch of a refused page adds nothing, not even its errors.
    expect(decide(2 + 16, 1 + 512, full, 30)).toEqual({ counts: 0, refuse: 0 });
    const errorsFull = { remote: 'remote-info', version: '2.0.0', pages: 0, errorPages: 30 };
    expect(decide(1 + 2 + 8, 0, errorsFull, 30)).toEqual({ counts: 1, refuse: 1024 });
    expect(decide(16, 1 + 2 + 8 + 1024, errorsFull, 30)).toEqual({ counts: 0, refuse: 0 });
  });

  it('messages are scrubbed again on the server', () => {
    expect(scrub('mail a.b@c.de, call 0123456789 now', 200)).toBe('mail …, call … now');
  });

  it('text is made well-formed: a lone surrogate becomes U+FFFD, NUL a space, an emoji is never halved', () => {
    expect(wellFormed('cut \uD83D')).toBe('cut \uFFFD');
    expect(wellFormed('\uDE00 tail')).toBe('\uFFFD tail');
    expect(wellFormed('nul\u0000here')).toBe('nul here');
    expect(wellFormed('ok 😀')).toBe('ok 😀');
    // 199 letters and an emoji: 201 UTF-16 units, 200 characters; the server keeps all 200.
    expect(scrub(`${'a'.repeat(199)}😀`, 200)).toBe(`${'a'.repeat(199)}😀`);
    expect(scrub(`${'a'.repeat(200)}😀`, 200)).toBe('a'.repeat(200));
  });
});

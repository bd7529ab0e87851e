import type uPlot from 'uplot';

// uPlot reads the screen's pixel ratio when it loads; jsdom has no matchMedia.
window.matchMedia ??= () =>
  ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList;

const versions = [
  {
    version: '1.4.0',
    points: [
      { at: '2026-11-28T14:30:00.000Z', requests: 10, errors: 1, error_rate: 0.1, ci95: [0.02, 0.4], lcp_p75: 1800 },
    ],
  },
];
const at = Date.parse('2026-11-28T14:30:00.000Z') / 1000;

test('the charts name the time in the page’s language and write it (and the axis hours) as the page does', async () => {
  const { rateChart, lcpChart } = await import('./HealthCharts');
  const { dateTime } = await import('./format');
  for (const chart of [rateChart, lcpChart]) {
    const german = chart(versions as never, { label: 'Zeitpunkt', language: 'de' }).options;
    const time = german.series[0]!;
    expect(time.label).toBe('Zeitpunkt');
    const value = time.value as (u: uPlot, v: number | null) => string;
    expect(value({} as uPlot, at)).toBe(
      new Intl.DateTimeFormat('de', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at * 1000)),
    );
    expect(value({} as uPlot, at)).toMatch(/^28\.11\.26, \d\d:30$/);
    const ticks = german.axes![0]!.values as (u: uPlot, ticks: number[]) => string[];
    expect(ticks({} as uPlot, [at])[0]).toMatch(/^\d\d:30$/);
    const english = chart(versions as never, { label: 'Time', language: 'en' }).options;
    expect(english.series[0]!.label).toBe('Time');
    // One date style per language on /releases: the history and error lists write the same as the chart.
    const englishValue = english.series[0]!.value as (u: uPlot, v: number | null) => string;
    expect(dateTime(versions[0]!.points[0]!.at, 'de')).toBe(value({} as uPlot, at));
    expect(dateTime(versions[0]!.points[0]!.at, 'en')).toBe(englishValue({} as uPlot, at));
  }
});

/**
 * The Releases page's charts (a chunk of its own, loaded only on a section's page): each version's
 * error rate with its 95 % interval as a band, and its LCP p75, over the page's 24 hours. uPlot draws
 * on a canvas; the figures are also in the table above the charts, for screen readers and keyboards.
 */
import { Alert } from '@lager/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { type GetTelemetrySeriesApiResponse, useGetTelemetrySeriesQuery } from '../../api/generated';
import { NS } from '../../i18n';
import { dateTimeFormat } from './format';
import { POLL_MS } from './LoadFailed';

/** Distinguishable on the light and the dark background. */
const COLOURS = ['#d9480f', '#1c7ed6', '#2b8a3e', '#9c36b5', '#e67700'];
const HEIGHT = 220;

type Series = GetTelemetrySeriesApiResponse['versions'];
type Point = Series[number]['points'][number];

/** One x axis (seconds) for every version, and each version's values on it (null where it has none). */
function aligned(versions: Series, value: (p: Point) => number | null): { x: number[]; ys: (number | null)[][] } {
  const x = [...new Set(versions.flatMap((v) => v.points.map((p) => Date.parse(p.at) / 1000)))].sort((a, b) => a - b);
  const ys = versions.map((v) => {
    const byTime = new Map(v.points.map((p) => [Date.parse(p.at) / 1000, value(p)]));
    return x.map((t) => byTime.get(t) ?? null);
  });
  return { x, ys };
}

/** The time axis and the legend's time in the page's language ("Zeitpunkt", 24-hour clock in German). */
export interface TimeText {
  label: string;
  language: string;
}

/** The x series: named, the time at the cursor written in the page's language. */
function timeSeries(time: TimeText): uPlot.Series {
  const format = dateTimeFormat(time.language);
  return { label: time.label, value: (_u, v) => (v == null ? '–' : format.format(new Date(v * 1000))) };
}

type ChartSpec = { data: uPlot.AlignedData; options: Omit<uPlot.Options, 'width' | 'height'> };

export function rateChart(versions: Series, time: TimeText): ChartSpec {
  const rate = aligned(versions, (p) => 100 * p.error_rate);
  const low = aligned(versions, (p) => 100 * (p.ci95[0] ?? 0));
  const high = aligned(versions, (p) => 100 * (p.ci95[1] ?? 0));
  const series: uPlot.Series[] = [timeSeries(time)];
  const bands: uPlot.Band[] = [];
  const data: (number | null)[][] = [];
  versions.forEach((v, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const at = series.length;
    series.push({ label: v.version, stroke: colour, width: 2, spanGaps: true });
    series.push({ label: `${v.version} 95 % ↓`, stroke: `${colour}66`, width: 1, dash: [4, 4], spanGaps: true });
    series.push({ label: `${v.version} 95 % ↑`, stroke: `${colour}66`, width: 1, dash: [4, 4], spanGaps: true });
    bands.push({ series: [at + 2, at + 1], fill: `${colour}22` });
    data.push(rate.ys[i]!, low.ys[i]!, high.ys[i]!);
  });
  return {
    data: [rate.x, ...data] as uPlot.AlignedData,
    options: {
      series,
      bands,
      scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: axes('%', time),
    },
  };
}

export function lcpChart(versions: Series, time: TimeText): ChartSpec {
  const lcp = aligned(versions, (p) => p.lcp_p75);
  return {
    data: [lcp.x, ...lcp.ys] as uPlot.AlignedData,
    options: {
      series: [
        timeSeries(time),
        ...versions.map((v, i) => ({
          label: v.version,
          stroke: COLOURS[i % COLOURS.length],
          width: 2,
          spanGaps: true,
        })),
      ],
      axes: axes('ms', time),
    },
  };
}

function axes(unit: string, time: TimeText): uPlot.Axis[] {
  const colour = getComputedStyle(document.documentElement).getPropertyValue('--c-text').trim() || '#444';
  const clock = new Intl.DateTimeFormat(time.language, { hour: '2-digit', minute: '2-digit' });
  return [
    {
      stroke: colour,
      grid: { stroke: `${colour}22` },
      // uPlot's own labels are English ("12pm"); the page's language writes the hours.
      values: (_u, ticks) => ticks.map((v) => clock.format(new Date(v * 1000))),
    },
    {
      stroke: colour,
      grid: { stroke: `${colour}22` },
      values: (_u, ticks) => ticks.map((v) => `${v} ${unit}`),
      size: 64,
    },
  ];
}

/** One uPlot chart that follows its box's width (a phone's 375 px too). */
function Chart({ label, chart }: { label: string; chart: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(
      { ...chart.options, width: Math.max(200, element.clientWidth), height: HEIGHT },
      chart.data,
      element,
    );
    plot.root.querySelector('canvas')?.setAttribute('role', 'img');
    plot.root.querySelector('canvas')?.setAttribute('aria-label', label);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [chart, label]);
  return (
    <figure className="releases-chart">
      <figcaption>{label}</figcaption>
      <div ref={box} />
    </figure>
  );
}

export default function HealthCharts({ remote, since }: { remote: string; since: string }) {
  const { t, i18n } = useTranslation(NS);
  const { data, isError } = useGetTelemetrySeriesQuery({ remote, since }, { pollingInterval: POLL_MS });
  // Drawn again only when new figures arrive (each poll answers a new object only when they changed).
  const time = useMemo(() => ({ label: t('detail.time'), language: i18n.language }), [t, i18n.language]);
  const charts = useMemo(
    () => data && { rate: rateChart(data.versions, time), lcp: lcpChart(data.versions, time) },
    [data, time],
  );
  if (isError && !data) return <Alert kind="error">{t('healthFailed')}</Alert>;
  if (!data || !charts) return null;
  const points = Math.max(0, ...data.versions.map((v) => v.points.length));
  return (
    <div className="releases-charts">
      <Chart label={t('detail.chartRate')} chart={charts.rate} />
      <Chart label={t('detail.chartLcp')} chart={charts.lcp} />
      <p className="visually-hidden">{t('detail.chartSummary', { points, minutes: data.step_minutes })}</p>
    </div>
  );
}

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

function rateChart(versions: Series): { data: uPlot.AlignedData; options: Omit<uPlot.Options, 'width' | 'height'> } {
  const rate = aligned(versions, (p) => 100 * p.error_rate);
  const low = aligned(versions, (p) => 100 * (p.ci95[0] ?? 0));
  const high = aligned(versions, (p) => 100 * (p.ci95[1] ?? 0));
  const series: uPlot.Series[] = [{}];
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
    options: { series, bands, scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } }, axes: axes('%') },
  };
}

function lcpChart(versions: Series): { data: uPlot.AlignedData; options: Omit<uPlot.Options, 'width' | 'height'> } {
  const lcp = aligned(versions, (p) => p.lcp_p75);
  return {
    data: [lcp.x, ...lcp.ys] as uPlot.AlignedData,
    options: {
      series: [
        {},
        ...versions.map((v, i) => ({
          label: v.version,
          stroke: COLOURS[i % COLOURS.length],
          width: 2,
          spanGaps: true,
        })),
      ],
      axes: axes('ms'),
    },
  };
}

function axes(unit: string): uPlot.Axis[] {
  const colour = getComputedStyle(document.documentElement).getPropertyValue('--c-text').trim() || '#444';
  return [
    { stroke: colour, grid: { stroke: `${colour}22` } },
    {
      stroke: colour,
      grid: { stroke: `${colour}22` },
      values: (_u, ticks) => ticks.map((v) => `${v} ${unit}`),
      size: 64,
    },
  ];
}

/** One uPlot chart that follows its box's width (a phone's 375 px too). */
function Chart({ label, chart }: { label: string; chart: ReturnType<typeof rateChart> }) {
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
  const { t } = useTranslation(NS);
  const { data, isError } = useGetTelemetrySeriesQuery({ remote, since }, { pollingInterval: POLL_MS });
  // Drawn again only when new figures arrive (each poll answers a new object only when they changed).
  const charts = useMemo(() => data && { rate: rateChart(data.versions), lcp: lcpChart(data.versions) }, [data]);
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

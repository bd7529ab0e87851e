/**
 * The stock chart (a chunk of its own with uPlot, loaded only on the article page): step lines,
 * one filled area per location stacked when there are several, the reorder level as a dashed
 * line. A canvas: the same figures are in the table beside it, for screen readers and keyboards.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { stack } from './series';

const HEIGHT = 240;
/** Distinguishable on light and dark backgrounds. */
const COLOURS = ['#1c7ed6', '#2b8a3e', '#e67700', '#9c36b5', '#d9480f', '#0c8599'];

export interface ChartProps {
  label: string;
  x: number[];
  /** One row per series (a location, or the article as a whole). */
  ys: number[][];
  names: string[];
  reorderLevel: { label: string; value: number };
  format: (value: number) => string;
  locale: string;
  /** The legend's name for the time axis ("Zeitpunkt") and how it writes the time at the cursor. */
  time: { label: string; format: (seconds: number) => string };
}

export default function HistoryChart({ label, x, ys, names, reorderLevel, format, locale, time }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const stacked = stack(ys);
    const steps = uPlot.paths.stepped?.({ align: 1 });
    // Largest first, so each smaller sum paints over it and every location keeps its own band.
    const order = stacked.map((_, i) => stacked.length - 1 - i);
    // The legend names the time in the page's language and each location's own quantity at the
    // cursor (not the stacked sum the area is drawn at).
    const series: uPlot.Series[] = [
      { label: time.label, value: (_u, v) => (v == null ? '–' : time.format(v)) },
      ...order.map((i) => ({
        label: names[i],
        value: (_u: uPlot, v: number | null, _s: number, idx: number | null) =>
          v == null || idx == null ? '–' : format(ys[i]![idx]!),
        stroke: COLOURS[i % COLOURS.length],
        fill: `${COLOURS[i % COLOURS.length]}33`,
        width: 2,
        paths: steps,
      })),
      {
        label: reorderLevel.label,
        stroke: '#c92a2a',
        width: 1.5,
        dash: [6, 4],
        points: { show: false },
        value: (_u, v) => (v == null ? '–' : format(v)),
      },
    ];
    const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
    const plot = new uPlot(
      {
        width: Math.max(240, element.clientWidth),
        height: HEIGHT,
        series,
        scales: { y: { range: (_u, _min, max) => [0, Math.max(reorderLevel.value * 1.2, max * 1.05, 1)] } },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => date.format(new Date(t * 1000))) },
          { values: (_u, ticks) => ticks.map((t) => format(t)), size: 60 },
        ],
      },
      [x, ...order.map((i) => stacked[i]!), x.map(() => reorderLevel.value)] as uPlot.AlignedData,
      element,
    );
    const canvas = plot.root.querySelector('canvas');
    canvas?.setAttribute('role', 'img');
    canvas?.setAttribute('aria-label', label);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [label, x, ys, names, reorderLevel, format, locale, time]);
  return <div ref={box} className="stock-history-chart" data-testid="stock-history-chart" />;
}

import type { GetStockArticleHistoryApiResponse } from '../../api/generated';

export type History = GetStockArticleHistoryApiResponse;
export interface NamedSeries {
  label: string;
  history: History;
}

/**
 * The series on one time axis (seconds): every time any series has a point, plus the end of the
 * range. Stock only changes by movements, so between points a series keeps its last value.
 */
export function align(series: NamedSeries[], to: string): { x: number[]; ys: number[][] } {
  const end = Date.parse(to) / 1000;
  const x = [...new Set([...series.flatMap((s) => s.history.points.map((p) => Date.parse(p.at) / 1000)), end])]
    .filter((t) => t <= end)
    .sort((a, b) => a - b);
  const ys = series.map(({ history }) => {
    const points = history.points.map((p) => [Date.parse(p.at) / 1000, p.quantity] as const);
    let i = 0;
    let value = points[0]?.[1] ?? 0;
    return x.map((t) => {
      while (i < points.length && points[i]![0] <= t) value = points[i++]![1];
      return value;
    });
  });
  return { x, ys };
}

/** Stacked: the k-th row is the sum of the first k + 1 series. */
export const stack = (ys: number[][]): number[][] =>
  ys.map((_, k) => ys[0]!.map((_, i) => ys.slice(0, k + 1).reduce((sum, y) => sum + y[i]!, 0)));

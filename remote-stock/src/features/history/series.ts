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

/**
 * The locations' series and, when they do not add up to the article's (a location emptied since,
 * so not listed any more), one more series with the rest: the stacked areas always reach the
 * article's stock.
 */
export function withRest(total: History, allPlaces: NamedSeries[], restLabel: string): NamedSeries[] {
  // Each answer holds the last value per bucket: a location's last movement in a bucket may come
  // before the article's (another location moved later). Set each location's point to the time of
  // the article's point of the same bucket, when all of them hold their bucket's last value.
  const from = Date.parse(total.from);
  const width = total.bucket_seconds * 1000;
  const bucketOf = (at: string) => Math.floor((Date.parse(at) - from) / width);
  const totalAt = new Map(total.points.slice(1).map((p) => [bucketOf(p.at), p.at]));
  const places = allPlaces.map((place) => ({
    ...place,
    history: {
      ...place.history,
      points: place.history.points.map((p, i) => (i === 0 ? p : { ...p, at: totalAt.get(bucketOf(p.at)) ?? p.at })),
    },
  }));
  const times = [...new Set([total, ...places.map((p) => p.history)].flatMap((h) => h.points.map((p) => p.at)))].sort(
    (a, b) => Date.parse(a) - Date.parse(b),
  );
  const at = (history: History, time: string) => {
    let value = 0;
    for (const p of history.points) if (Date.parse(p.at) <= Date.parse(time)) value = p.quantity;
    return value;
  };
  const rest = times.map((time) => ({
    at: time,
    quantity: Math.round((at(total, time) - places.reduce((sum, p) => sum + at(p.history, time), 0)) * 1000) / 1000,
  }));
  if (rest.every((p) => p.quantity === 0)) return places;
  return [...places, { label: restLabel, history: { ...total, location_id: null, points: rest } }];
}

/** The rows of the table: the first, then each where some series changed (no row repeats the one before). */
export const changedRows = (ys: number[][]): number[] =>
  (ys[0] ?? []).map((_, i) => i).filter((i) => i === 0 || ys.some((y) => y[i] !== y[i - 1]));

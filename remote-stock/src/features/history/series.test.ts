import { align, type History, withRest } from './series';

const FROM = '2026-11-01T00:00:00.000Z';
const history = (points: [string, number][]): History => ({
  article_id: 1,
  location_id: null,
  unit: 'pcs',
  min_stock: 0,
  max_stock: null,
  from: FROM,
  to: '2026-12-01T00:00:00.000Z',
  bucket_seconds: 3600,
  points: [{ at: FROM, quantity: 0 }, ...points.map(([at, quantity]) => ({ at, quantity }))],
});

test('locations whose last movement in a bucket comes before the article’s still add up: no rest series', () => {
  // One hour's bucket: 10 in at A (10:05), 4 of them to B (10:20), 1 out at A (10:40).
  const total = history([['2026-11-01T10:40:00.000Z', 9]]);
  const a = history([['2026-11-01T10:40:00.000Z', 5]]);
  const b = history([['2026-11-01T10:20:00.000Z', 4]]);
  const series = withRest(
    total,
    [
      { label: 'A', history: a },
      { label: 'B', history: b },
    ],
    'Rest',
  );
  expect(series.map((s) => s.label)).toEqual(['A', 'B']);
  const { ys } = align(series, '2026-11-02T00:00:00.000Z');
  expect(ys.map((y) => y.at(-1))).toEqual([5, 4]);
  expect(ys[0]!.map((v, i) => v + ys[1]![i]!)).toEqual([0, 9, 9]);
});

test('stock no listed location holds becomes a rest series', () => {
  const total = history([['2026-11-01T10:40:00.000Z', 9]]);
  const a = history([['2026-11-01T10:40:00.000Z', 5]]);
  const series = withRest(total, [{ label: 'A', history: a }], 'Rest');
  expect(series.map((s) => s.label)).toEqual(['A', 'Rest']);
  expect(series[1]!.history.points.map((p) => p.quantity)).toEqual([0, 4]);
});

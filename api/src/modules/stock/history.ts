import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { fieldError } from '../../platform/errors';
import { findArticle } from './articles';
import { parseInstant } from './journal';
import { fromMilli } from './quantity';

/** The most points one answer carries: the opening value plus one per bucket. */
export const HISTORY_MAX_POINTS = 500;
const DEFAULT_RANGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface HistoryQuery {
  from?: string;
  to?: string;
  /** One location's series instead of the article's (see locationSeries). */
  location_id?: number;
}

interface PointRow extends Record<string, unknown> {
  at: Date | string;
  quantity: string | number;
}

/**
 * The article's quantity over time (stock-spec-2 §3), from the journal's `quantity_after`:
 * `[from, to)` cut into 499 equal buckets, each answered by its last movement (none: no point, the
 * chart holds the level), after an opening point at `from` (the stock then: the last movement
 * before, or 0). One index probe per bucket on (article_id, created_at, id), so the cost does not
 * grow with the number of movements.
 */
export async function articleHistory(db: Db, warehouseId: number, articleId: number, query: HistoryQuery) {
  const to = query.to ? (parseInstant('to', query.to) ?? new Date(Date.now())) : new Date();
  const from = query.from ? parseInstant('from', query.from)! : new Date(to.getTime() - DEFAULT_RANGE_MS);
  if (from.getTime() >= to.getTime()) throw fieldError('from', 'stock.historyRange');
  const article = await findArticle(db, warehouseId, articleId);
  const buckets = HISTORY_MAX_POINTS - 1;
  const widthMs = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / buckets));
  const fromText = from.toISOString();
  const toText = to.toISOString();
  const rows = query.location_id
    ? await db.execute<PointRow>(locationSeries(warehouseId, articleId, query.location_id, fromText, toText, widthMs))
    : await db.execute<PointRow>(sql`
    SELECT opening.created_at AS at, opening.quantity_after AS quantity, -1 AS bucket FROM (
      SELECT ${fromText}::timestamptz AS created_at, coalesce((
        SELECT m.quantity_after FROM stock_movements m
        WHERE m.article_id = ${articleId} AND m.created_at < ${fromText}::timestamptz
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1), 0) AS quantity_after) opening
    UNION ALL
    SELECT last.created_at, last.quantity_after, b.i FROM generate_series(0, ${buckets - 1}) AS b(i)
    CROSS JOIN LATERAL (
      SELECT m.created_at, m.quantity_after FROM stock_movements m
      WHERE m.article_id = ${articleId}
        AND m.created_at >= ${fromText}::timestamptz + b.i * ${widthMs}::float8 * interval '1 millisecond'
        AND m.created_at < least(${fromText}::timestamptz + (b.i + 1) * ${widthMs}::float8 * interval '1 millisecond',
                                 ${toText}::timestamptz)
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1) last
    ORDER BY bucket`);
  const points = rowsOf<PointRow>(rows).map((row) => ({
    at: new Date(row.at).toISOString(),
    quantity: fromMilli(Number(row.quantity)),
  }));
  return {
    article_id: article.id,
    location_id: query.location_id ?? null,
    unit: article.unit,
    min_stock: fromMilli(article.minStock),
    max_stock: article.maxStock === null ? null : fromMilli(article.maxStock),
    from: fromText,
    to: toText,
    bucket_seconds: widthMs / 1000,
    points,
  };
}

/**
 * One location's series, counted back from the stock there now: the stock after a movement is
 * today's stock at the location minus every later movement there. A movement without a location
 * (booked before locations existed, or the demo's history) counts where a booking naming no
 * location goes today: the article's default location, else STANDARD. So every movement counts at
 * exactly one location and the locations' series add up to the article's series at every instant,
 * also where stock was placed without a movement (the migration to STANDARD, the demo seed).
 * Reads the article's movements from `from` on (index on article_id, created_at, id), then the
 * last one of each bucket.
 */
function locationSeries(
  warehouseId: number,
  articleId: number,
  locationId: number,
  fromText: string,
  toText: string,
  widthMs: number,
) {
  return sql`
    WITH here AS (
      SELECT coalesce((SELECT q.quantity FROM stock_location_quantities q
                       WHERE q.location_id = ${locationId} AND q.article_id = ${articleId}), 0) AS now,
             coalesce((SELECT d.location_id FROM stock_default_locations d WHERE d.article_id = ${articleId}),
                      (SELECT s.id FROM stock_locations s
                       WHERE s.warehouse_id = ${warehouseId} AND lower(s.code) = 'standard')) AS fallback
    ), moves AS (
      SELECT m.created_at, m.id, m.delta FROM stock_movements m, here
      WHERE m.article_id = ${articleId} AND m.created_at >= ${fromText}::timestamptz
        AND (m.location_id = ${locationId} OR (m.location_id IS NULL AND here.fallback = ${locationId}))
    ), after AS (
      SELECT moves.created_at, moves.id, here.now - coalesce(sum(moves.delta) OVER (
               ORDER BY moves.created_at DESC, moves.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS quantity
      FROM moves, here
    )
    SELECT ${fromText}::timestamptz AS at, here.now - coalesce((SELECT sum(delta) FROM moves), 0) AS quantity, -1 AS bucket
    FROM here
    UNION ALL
    SELECT at, quantity, bucket FROM (
      SELECT DISTINCT ON (bucket) created_at AS at, quantity, bucket FROM (
        SELECT created_at, id, quantity,
               floor(extract(epoch FROM created_at - ${fromText}::timestamptz) * 1000 / ${widthMs}::float8)::int AS bucket
        FROM after WHERE created_at < ${toText}::timestamptz) b
      ORDER BY bucket, created_at DESC, id DESC) last
    ORDER BY bucket`;
}

/** node-postgres answers `{ rows }`, PGlite's drizzle driver the same; both typed loosely. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

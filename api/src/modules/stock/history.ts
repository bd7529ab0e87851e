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
  /** One location's series (its `location_quantity_after`) instead of the article's. */
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
  // A location's series reads the stock at that location; an id of another warehouse finds no rows.
  const place = query.location_id ? sql`AND m.location_id = ${query.location_id}` : sql``;
  const value = query.location_id ? sql.raw('m.location_quantity_after') : sql.raw('m.quantity_after');
  const rows = await db.execute<PointRow>(sql`
    SELECT opening.created_at AS at, opening.quantity_after AS quantity, -1 AS bucket FROM (
      SELECT ${fromText}::timestamptz AS created_at, coalesce((
        SELECT ${value} FROM stock_movements m
        WHERE m.article_id = ${articleId} ${place} AND m.created_at < ${fromText}::timestamptz
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1), 0) AS quantity_after) opening
    UNION ALL
    SELECT last.created_at, last.quantity_after, b.i FROM generate_series(0, ${buckets - 1}) AS b(i)
    CROSS JOIN LATERAL (
      SELECT m.created_at, ${value} AS quantity_after FROM stock_movements m
      WHERE m.article_id = ${articleId} ${place}
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

/** node-postgres answers `{ rows }`, PGlite's drizzle driver the same; both typed loosely. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

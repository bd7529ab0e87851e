import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { fieldError } from '../../platform/errors';
import { decodeCursor, encodeCursor, isTimestampText } from './cursor';
import { END_OF_TIME, parseIsoInstant } from './iso-dates';
import { locationLedger } from './location-ledger';
import { fromMilli, type Unit } from './quantity';
import { type ArticleRow, stockArticles as a, type MovementRow, stockMovements as m } from './tables';
import { costText } from './value';

export const MOVEMENT_KINDS = [
  'in',
  'out',
  'correction',
  'transfer_out',
  'transfer_in',
  'reversal',
  'relocation',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

type ArticleBits = Pick<ArticleRow, 'sku' | 'name' | 'unit'>;

/**
 * A journal row as the API answers, with the article's SKU, name and unit for display, and the
 * code of its location (null on rows from before locations).
 */
export function movementJson(
  row: MovementRow,
  article: ArticleBits,
  reversedById: number | null = null,
  locationCode: string | null = null,
) {
  return {
    id: row.id,
    article_id: row.articleId,
    article_sku: article.sku,
    article_name: article.name,
    unit: article.unit as Unit,
    kind: row.kind as MovementKind,
    delta: fromMilli(row.delta),
    quantity_after: fromMilli(row.quantityAfter),
    reason: row.reason,
    note: row.note,
    reference: row.reference,
    user_id: row.userId,
    user_name: row.userName,
    transfer_id: row.transferId,
    reverses_id: row.reversesId,
    reversed_by_id: reversedById,
    created_at: row.createdAt.toISOString(),
    occurred_at: row.occurredAt?.toISOString() ?? null,
    location_id: row.locationId,
    location_code: locationCode,
    location_quantity_after: row.locationQuantityAfter === null ? null : fromMilli(row.locationQuantityAfter),
    purchase_order_id: row.purchaseOrderId ?? null,
    // stock-spec-3 §2 (old stored answers have none).
    lot: row.lot ?? null,
    serial: row.serial ?? null,
    best_before: row.bestBefore ?? null,
    // stock-spec-3 §3; stripped for members without view_stock_value.
    unit_cost: costText(row.unitCost),
    average_cost_after: costText(row.averageCostAfter),
  };
}
export type MovementJson = ReturnType<typeof movementJson>;

export interface JournalFilter {
  article_id?: number;
  kind?: MovementKind;
  user_id?: number;
  location_id?: number;
  /** stock-spec-3 §2: rows of this lot (or serial). */
  lot?: string;
  /** ISO date (a whole UTC day) or date-time; inclusive. */
  from?: string;
  /** ISO date (the whole UTC day is included) or date-time (exclusive). */
  to?: string;
}

/**
 * A `from`/`to` filter as an instant, or null for a date-only `to` whose day ends past 9999 (an
 * open end: 9999-12-31). Anything else that is not a real ISO date or date-time PostgreSQL can hold
 * is 422 on the parameter itself, before a query runs or a CSV byte is sent.
 */
export function parseInstant(field: 'from' | 'to', value: string): Date | null {
  const parsed = parseIsoInstant(value);
  if (!parsed) throw fieldError(field, 'validation.invalid');
  if (field !== 'to' || !parsed.dateOnly) return parsed.date;
  // A date-only "to" means "until the end of that day".
  const end = new Date(parsed.date);
  end.setUTCDate(end.getUTCDate() + 1);
  return end.getTime() >= END_OF_TIME ? null : end;
}

/** Throws the 422 a bad `from`/`to` gets, before anything is queried. */
export function assertJournalFilter(filter: JournalFilter) {
  if (filter.from) parseInstant('from', filter.from);
  if (filter.to) parseInstant('to', filter.to);
}

/** The journal's WHERE for one warehouse and a filter (the JSON pages and the CSV export). */
export function journalConditions(warehouseId: number, filter: JournalFilter): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(m.warehouseId, warehouseId)];
  if (filter.article_id) conditions.push(eq(m.articleId, filter.article_id));
  if (filter.kind) conditions.push(eq(m.kind, filter.kind));
  if (filter.user_id) conditions.push(eq(m.userId, filter.user_id));
  if (filter.location_id) conditions.push(eq(m.locationId, filter.location_id));
  if (filter.lot) conditions.push(sql`(${m.lot} = ${filter.lot} OR ${m.serial} = ${filter.lot})`);
  const from = filter.from ? parseInstant('from', filter.from) : null;
  const to = filter.to ? parseInstant('to', filter.to) : null;
  if (from) conditions.push(gte(m.createdAt, from));
  if (to) conditions.push(lt(m.createdAt, to));
  return conditions.filter((c): c is SQL => !!c);
}

const reversal = alias(m, 'reversal');

/**
 * Newest first, keyset-paginated on (created_at, id); the cursor keeps created_at as the
 * database printed it, so rows with the same millisecond are never skipped.
 */
export async function journalPage(
  db: Db,
  warehouseId: number,
  filter: JournalFilter,
  page: { cursor?: string | null; limit?: number },
) {
  const limit = page.limit ?? 50;
  const conditions = journalConditions(warehouseId, filter);
  const after = decodeCursor(page.cursor ?? undefined, (key, id) => isTimestampText(key) && Number.isSafeInteger(id));
  if (after) conditions.push(sql`(${m.createdAt}, ${m.id}) < (${String(after[0])}::timestamptz, ${after[1]})`);
  const rows = await db
    .select({
      movement: m,
      sku: a.sku,
      name: a.name,
      unit: a.unit,
      reversedBy: reversal.id,
      key: sql<string>`${m.createdAt}::text`,
    })
    .from(m)
    .innerJoin(a, eq(a.id, m.articleId))
    .leftJoin(reversal, eq(reversal.reversesId, m.id))
    .where(and(...conditions))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  const locationIds = [...new Set(shown.map((r) => r.movement.locationId).filter((id): id is number => id !== null))];
  const codes = locationIds.length ? await locationLedger().codes(db, locationIds) : new Map<number, string>();
  return {
    movements: shown.map((r) =>
      movementJson(r.movement, r, r.reversedBy, codes.get(r.movement.locationId ?? 0) ?? null),
    ),
    next_cursor: rows.length > limit && last ? encodeCursor([last.key, last.movement.id]) : null,
  };
}

import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { fieldError } from '../../platform/errors';
import { decodeCursor, encodeCursor } from './cursor';
import { fromMilli, type Unit } from './quantity';
import { type ArticleRow, stockArticles as a, type MovementRow, stockMovements as m } from './tables';

export const MOVEMENT_KINDS = ['in', 'out', 'correction', 'transfer_out', 'transfer_in', 'reversal'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

type ArticleBits = Pick<ArticleRow, 'sku' | 'name' | 'unit'>;

/** A journal row as the API answers, with the article's SKU, name and unit for display. */
export function movementJson(row: MovementRow, article: ArticleBits, reversedById: number | null = null) {
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
  };
}
export type MovementJson = ReturnType<typeof movementJson>;

export interface JournalFilter {
  article_id?: number;
  kind?: MovementKind;
  user_id?: number;
  /** ISO date (a whole UTC day) or date-time; inclusive. */
  from?: string;
  /** ISO date (the whole UTC day is included) or date-time (exclusive). */
  to?: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parseInstant(field: 'from' | 'to', value: string): Date {
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw fieldError(field, 'validation.invalid');
  // A date-only "to" means "until the end of that day".
  if (field === 'to' && DATE_ONLY.test(value)) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/** Throws the 422 a bad `from`/`to` gets, before anything is queried. */
export function assertJournalFilter(filter: JournalFilter) {
  if (filter.from) parseInstant('from', filter.from);
  if (filter.to) parseInstant('to', filter.to);
}

function filterConditions(warehouseId: number, filter: JournalFilter): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(m.warehouseId, warehouseId)];
  if (filter.article_id) conditions.push(eq(m.articleId, filter.article_id));
  if (filter.kind) conditions.push(eq(m.kind, filter.kind));
  if (filter.user_id) conditions.push(eq(m.userId, filter.user_id));
  if (filter.from) conditions.push(gte(m.createdAt, parseInstant('from', filter.from)));
  if (filter.to) conditions.push(lt(m.createdAt, parseInstant('to', filter.to)));
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
  const conditions = filterConditions(warehouseId, filter);
  const after = decodeCursor(page.cursor ?? undefined);
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
  return {
    movements: shown.map((r) => movementJson(r.movement, r, r.reversedBy)),
    next_cursor: rows.length > limit && last ? encodeCursor([last.key, last.movement.id]) : null,
  };
}

/** Every matching row, page by page: memory stays constant however long the journal is. */
export async function* journalRows(db: Db, warehouseId: number, filter: JournalFilter, batch = 1000) {
  let cursor: string | null = null;
  do {
    const page = await journalPage(db, warehouseId, filter, { cursor, limit: batch });
    yield page.movements;
    cursor = page.next_cursor;
  } while (cursor);
}

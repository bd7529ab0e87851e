import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Language } from '../../platform/i18n';
import { csvDocument } from './csv-export';
import { fromMilli, needsWhole, type Unit, unitLabel } from './quantity';
import { stockArticles as a, stockMovements as m } from './tables';

export const REORDER_SORTS = ['name', 'sku', 'quantity', 'suggested'] as const;
export type ReorderSort = (typeof REORDER_SORTS)[number];

/**
 * What to order, in thousandths: up to max_stock, else to twice the reorder level, less what is on
 * order already (stock-spec-3 §1; never below 0, see `suggestion`).
 */
const suggestedMilli = sql<number>`coalesce(${a.maxStock}, 2 * ${a.minStock}) - ${a.quantity} - ${a.onOrder}`;

const SORT_KEYS: Record<ReorderSort, SQL> = {
  name: sql`lower(${a.name})`,
  sku: sql`lower(${a.sku})`,
  quantity: sql`${a.quantity}`,
  suggested: suggestedMilli,
};

/** Active articles of the warehouse at or below a reorder level that is set (the partial low-stock index). */
const lowIn = (warehouseId: number) =>
  and(eq(a.warehouseId, warehouseId), isNull(a.archivedAt), sql`${a.quantity} <= ${a.minStock} AND ${a.minStock} > 0`);

/** Rounded up to a whole unit where the unit counts whole pieces (never order 2.5 pallets). */
function suggestion(milli: number, unit: string): number {
  const amount = fromMilli(Math.max(0, milli));
  return needsWhole(unit) ? Math.ceil(amount) : amount;
}

/**
 * Active articles at or below their reorder level (stock-spec-2 §4) with the suggested order
 * quantity; `low_stock` as everywhere (a level of 0 means "never reorder"). Read through the
 * partial low-stock index; sorted by the key, then id.
 */
export async function reorderList(db: Db, warehouseId: number, query: { sort?: ReorderSort; order?: 'asc' | 'desc' }) {
  const key = SORT_KEYS[query.sort ?? 'suggested'];
  const descending = (query.order ?? (query.sort && query.sort !== 'suggested' ? 'asc' : 'desc')) === 'desc';
  const rows = await db
    .select({ article: a, suggested: suggestedMilli.mapWith(Number) })
    .from(a)
    .where(lowIn(warehouseId))
    .orderBy(...(descending ? [desc(key), desc(a.id)] : [asc(key), asc(a.id)]));
  return rows.map(({ article, suggested }) => ({
    id: article.id,
    sku: article.sku,
    name: article.name,
    unit: article.unit as Unit,
    quantity: fromMilli(article.quantity),
    min_stock: fromMilli(article.minStock),
    max_stock: article.maxStock === null ? null : fromMilli(article.maxStock),
    on_order: fromMilli(article.onOrder),
    suggested: suggestion(suggested, article.unit),
  }));
}
export type ReorderLine = Awaited<ReturnType<typeof reorderList>>[number];

const HEADER: Record<Language, string[]> = {
  de: ['Artikelnummer', 'Artikel', 'Einheit', 'Bestand', 'Meldebestand', 'Höchstbestand', 'Bestellvorschlag'],
  en: ['SKU', 'Article', 'Unit', 'Stock', 'Reorder level', 'Maximum stock', 'Suggested order'],
};

export function reorderCsv(lines: ReorderLine[], lang: Language): string {
  return csvDocument(
    HEADER[lang],
    lines.map((l) => [l.sku, l.name, unitLabel(lang, l.unit), l.quantity, l.min_stock, l.max_stock, l.suggested]),
    lang,
  );
}

/**
 * For the low-stock digest: active articles now at or below their reorder level that crossed it
 * (a movement took them from above the level to at or below it) in `(since, until]`. One probe of
 * the article's journal index per low article.
 */
export async function articlesGoneLow(db: Db, warehouseId: number, since: Date, until: Date) {
  const rows = await db
    .select({ article: a })
    .from(a)
    .where(
      and(
        lowIn(warehouseId),
        sql`EXISTS (SELECT 1 FROM ${m} WHERE ${m.articleId} = ${a.id}
          AND ${m.createdAt} > ${since.toISOString()}::timestamptz AND ${m.createdAt} <= ${until.toISOString()}::timestamptz
          AND ${m.quantityAfter} <= ${a.minStock} AND ${m.quantityAfter} - ${m.delta} > ${a.minStock})`,
      ),
    )
    .orderBy(asc(sql`lower(${a.name})`), asc(a.id));
  return rows.map(({ article }) => ({
    sku: article.sku,
    name: article.name,
    unit: article.unit as Unit,
    quantity: article.quantity,
    minStock: article.minStock,
  }));
}

import { and, asc, count, desc, eq, gte, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/pg-errors';
import { AppError, type FieldErrors, fieldError, validationError } from '../../platform/errors';
import type { MessageKey } from '../../platform/i18n';
import { perDatabase } from '../../platform/prepared';
import { barcodeIsValid } from './barcode';
import { type CursorValue, decodeCursor, encodeCursor, isBigintText, isTimestampText } from './cursor';
import type { Tx } from './idempotency';
import { parseIsoInstant } from './iso-dates';
import type { Tracking } from './lots';
import { fromMilli, isWhole, MAX_QUANTITY, needsWhole, toMilli, type Unit } from './quantity';
import { type ArticleRow, stockArticles as a, searchText, stockArticleDeletions, stockMovements } from './tables';
import { costText, valueText } from './value';

export const ARTICLE_SORTS = ['name', 'sku', 'quantity', 'updated'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

export interface ArticleInput {
  sku: string;
  name: string;
  unit: Unit;
  min_stock: number;
  /** Order up to this (stock-spec-2 §4); at least min_stock. */
  max_stock?: number | null;
  barcode?: string | null;
  description?: string | null;
  /** stock-spec-3 §2; left out: unchanged (none/false on create). */
  tracking?: Tracking;
  expiry?: boolean;
}

/** An article as the API answers (quantities as decimals, dates as ISO strings). */
export function articleJson(row: ArticleRow) {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    unit: row.unit as Unit,
    description: row.description,
    barcode: row.barcode,
    min_stock: fromMilli(row.minStock),
    max_stock: row.maxStock === null ? null : fromMilli(row.maxStock),
    quantity: fromMilli(row.quantity),
    low_stock: isLow(row),
    // Old stored booking answers (before purchasing) have no on_order.
    on_order: fromMilli(row.onOrder ?? 0),
    // stock-spec-3 §2 (old stored answers have neither).
    tracking: (row.tracking ?? 'none') as Tracking,
    expiry: row.expiry ?? false,
    // stock-spec-3 §3; stripped for members without view_stock_value (value.ts, routes.ts).
    average_cost: costText(row.averageCost),
    value: valueText(row.quantity, row.averageCost),
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type ArticleJson = ReturnType<typeof articleJson>;

/** Low stock: at or below a reorder level that is set (a level of 0 means "never reorder"). */
export const isLow = (row: Pick<ArticleRow, 'quantity' | 'minStock'>) =>
  row.minStock > 0 && row.quantity <= row.minStock;
const lowCondition = sql`${a.minStock} > 0 AND ${a.quantity} <= ${a.minStock}`;

export const articleNotFound = () => new AppError(404, 'stock.articleNotFound', 'article.not_found');
export const articleArchived = () => new AppError(409, 'stock.articleArchived', 'article.archived');

/** The article of this warehouse, or 404 (also for an id of another warehouse). */
export async function findArticle(db: Db | Tx, warehouseId: number, id: number): Promise<ArticleRow> {
  const [row] = await db
    .select()
    .from(a)
    .where(and(eq(a.id, id), eq(a.warehouseId, warehouseId)))
    .limit(1);
  if (!row) throw articleNotFound();
  return row;
}

/**
 * Checks a decimal field: at most 3 places, whole for pcs/box/pack/pallet, within range.
 * Adds to `errors` and returns the value in thousandths.
 */
export function quantityField(
  errors: FieldErrors,
  field: string,
  value: number,
  unit: string,
  options: { positive?: boolean } = {},
): number {
  const name = { field: field.replace(/_/g, ' ') };
  const milli = toMilli(value);
  let key: MessageKey | null = null;
  // Too large first: 1e20 has no three-place form either, but "too large" is what is wrong with it.
  if (value > MAX_QUANTITY) key = 'stock.tooLarge';
  else if (milli === null) key = 'stock.decimals';
  else if (options.positive && milli <= 0) key = 'stock.positive';
  else if (milli < 0) key = 'stock.notNegative';
  else if (needsWhole(unit) && !isWhole(milli)) key = 'stock.whole';
  if (key) errors[field] = [...(errors[field] ?? []), { key, vars: name }];
  return milli ?? 0;
}

/** Trims, checks what the schema cannot (check digits, whole units, uniqueness) and maps to columns. */
export async function normalizeArticle(
  db: Db | Tx,
  warehouseId: number,
  input: ArticleInput,
  existing?: ArticleRow,
): Promise<Omit<typeof a.$inferInsert, 'warehouseId'>> {
  const errors: FieldErrors = {};
  const sku = input.sku.trim();
  const name = input.name.trim();
  const barcode = input.barcode?.trim() || null;
  const description = input.description?.trim() || null;
  if (!sku) errors.sku = [{ key: 'validation.required', vars: { field: 'sku' } }];
  if (!name) errors.name = [{ key: 'validation.required', vars: { field: 'name' } }];
  if (barcode && !barcodeIsValid(barcode)) errors.barcode = [{ key: 'stock.barcodeInvalid' }];
  const minStock = quantityField(errors, 'min_stock', input.min_stock, input.unit);
  const maxStock =
    input.max_stock === undefined || input.max_stock === null
      ? null
      : quantityField(errors, 'max_stock', input.max_stock, input.unit);
  if (maxStock !== null && !errors.max_stock && !errors.min_stock && maxStock < minStock) {
    errors.max_stock = [{ key: 'stock.maxBelowMin' }];
  }
  if (existing && needsWhole(input.unit) && !isWhole(existing.quantity)) {
    errors.unit = [{ key: 'stock.unitNotWhole' }];
  }
  const others = (condition: SQL) =>
    db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.warehouseId, warehouseId), condition, existing ? ne(a.id, existing.id) : undefined))
      .limit(1);
  if (sku && !errors.sku && (await others(sql`lower(${a.sku}) = lower(${sku})`)).length) {
    errors.sku = [{ key: 'stock.skuTaken' }];
  }
  if (barcode && !errors.barcode && (await others(eq(a.barcode, barcode))).length) {
    errors.barcode = [{ key: 'stock.barcodeTaken' }];
  }
  if (Object.keys(errors).length) throw validationError(errors, codeFor(errors));
  return {
    sku,
    name,
    unit: input.unit,
    barcode,
    description,
    minStock,
    maxStock,
    tracking: input.tracking ?? existing?.tracking ?? 'none',
    expiry: input.expiry ?? existing?.expiry ?? false,
  };
}

function codeFor(errors: FieldErrors) {
  if (errors.sku?.[0]?.key === 'stock.skuTaken') return 'article.sku_taken' as const;
  if (errors.barcode?.[0]?.key === 'stock.barcodeTaken') return 'article.barcode_taken' as const;
  if (errors.barcode?.[0]?.key === 'stock.barcodeInvalid') return 'article.barcode_invalid' as const;
  return 'validation.failed' as const;
}

/** A unique index caught a race the pre-check missed: the same 422 as the pre-check. */
export function uniqueToValidation(error: unknown): never {
  if (isUniqueViolation(error, 'stock_articles_warehouse_sku_unique')) {
    throw validationError({ sku: [{ key: 'stock.skuTaken' }] }, 'article.sku_taken');
  }
  if (isUniqueViolation(error, 'stock_articles_warehouse_barcode_unique')) {
    throw validationError({ barcode: [{ key: 'stock.barcodeTaken' }] }, 'article.barcode_taken');
  }
  throw error;
}

export async function createArticle(db: Db | Tx, warehouseId: number, input: ArticleInput): Promise<ArticleRow> {
  const values = await normalizeArticle(db, warehouseId, input);
  try {
    const [row] = await db
      .insert(a)
      .values({ ...values, warehouseId })
      .returning();
    return row!;
  } catch (error) {
    uniqueToValidation(error);
  }
}

export async function updateArticle(db: Db, warehouseId: number, id: number, input: ArticleInput) {
  const existing = await findArticle(db, warehouseId, id);
  const values = await normalizeArticle(db, warehouseId, input, existing);
  // stock-spec-3 §2: tracking and expiry change only while the stock is 0, checked in the UPDATE itself
  // (a booking that commits first makes it refuse; one after it sees the new tracking).
  const same = sql`${a.tracking} = ${values.tracking} AND ${a.expiry} = ${values.expiry}`;
  try {
    const [row] = await db
      .update(a)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(a.id, id), eq(a.warehouseId, warehouseId), sql`(${same} OR ${a.quantity} = 0)`))
      .returning();
    if (!row) {
      await findArticle(db, warehouseId, id);
      throw new AppError(409, 'stock.trackingLocked', 'article.tracking_locked');
    }
    return row;
  } catch (error) {
    uniqueToValidation(error);
  }
}

export async function setArchived(db: Db, warehouseId: number, id: number, archived: boolean) {
  const [row] = await db
    .update(a)
    .set({ archivedAt: archived ? sql`coalesce(${a.archivedAt}, now())` : null, updatedAt: sql`now()` })
    .where(and(eq(a.id, id), eq(a.warehouseId, warehouseId)))
    .returning();
  if (!row) throw articleNotFound();
  return row;
}

/**
 * Deletes an article without movements. The journal's foreign key (NO ACTION) refuses the
 * delete of an article that gained a movement meanwhile, so the rule holds under races.
 */
export async function deleteArticle(db: Db, warehouseId: number, id: number) {
  await findArticle(db, warehouseId, id);
  const hasMovements = () => new AppError(409, 'stock.articleHasMovements', 'article.has_movements');
  const [movement] = await db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(eq(stockMovements.articleId, id))
    .limit(1);
  if (movement) throw hasMovements();
  try {
    await db.transaction(async (tx) => {
      await tx.delete(a).where(and(eq(a.id, id), eq(a.warehouseId, warehouseId)));
      // Offline indexes learn of it at their next refresh (listArticles' deleted_ids).
      await tx
        .insert(stockArticleDeletions)
        .values({ warehouseId, articleId: id })
        .onConflictDoUpdate({
          target: [stockArticleDeletions.warehouseId, stockArticleDeletions.articleId],
          set: { deletedAt: sql`now()` },
        });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw hasMovements();
    throw error;
  }
}

export interface ArticleQuery {
  q?: string;
  low?: boolean;
  archived?: boolean;
  sort?: ArticleSort;
  cursor?: string;
  limit?: number;
  /** ISO date-time: what changed at or after it, archived included (the offline index's refresh). */
  updated_since?: string;
}

const isText = (key: string | number) => !String(key).includes('\u0000');

/** The sort key as an SQL expression, its direction, how the cursor's key is typed and checked. */
interface Sort {
  key: SQL;
  desc: boolean;
  cast: string;
  valid: (key: string | number) => boolean;
}
const SORTS: Record<ArticleSort, Sort> = {
  name: { key: sql`lower(${a.name})`, desc: false, cast: 'text', valid: isText },
  sku: { key: sql`lower(${a.sku})`, desc: false, cast: 'text', valid: isText },
  quantity: { key: sql`${a.quantity}`, desc: false, cast: 'bigint', valid: isBigintText },
  updated: { key: sql`${a.updatedAt}`, desc: true, cast: 'timestamptz', valid: isTimestampText },
};
const MAX_INTEGER_ID = 2_147_483_647;

export const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Oldest change first, so a page boundary never skips an article changed during the refresh. */
const SINCE_SORT: Sort = { key: sql`${a.updatedAt}`, desc: false, cast: 'timestamptz', valid: isTimestampText };

/** A real ISO date or date-time (no 30 February, no year 0), else 422 on `updated_since`. */
function sinceOf(value: string): Date {
  const since = parseIsoInstant(value);
  if (!since) throw fieldError('updated_since', 'validation.invalid');
  return since.date;
}

/** One page of the warehouse's articles, keyset-paginated on (sort key, id). */
export async function listArticles(db: Db, warehouseId: number, query: ArticleQuery) {
  const since = query.updated_since ? sinceOf(query.updated_since) : null;
  const sortName = query.sort ?? 'name';
  const sort = since ? SINCE_SORT : SORTS[sortName];
  const limit = query.limit ?? 50;
  const after: CursorValue | null = decodeCursor(
    query.cursor,
    (key, id) => sort.valid(key) && Math.abs(id) <= MAX_INTEGER_ID,
  );
  const q = query.q?.trim();
  const filter: PageFilter = {
    archived: !!query.archived,
    low: !!query.low,
    pattern: q ? likePattern(q) : null,
    since,
  };
  // The list and its pages (one fixed shape per sort and filter) run prepared; searches and refreshes are built here.
  const rows = filter.pattern
    ? await searchPage(db, sort, filter, filter.pattern, { warehouseId, after, limit: limit + 1 })
    : since
      ? await pageQuery(db, sort, filter, { warehouseId, after, limit: limit + 1 })
      : await preparedPage(
          sortName,
          filter,
          after !== null,
        )(db).execute({
          warehouseId,
          afterKey: after?.[0] ?? null,
          afterId: after?.[1] ?? null,
          limit: limit + 1,
        });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    articles: page.map((r) => articleJson(r.article)),
    next_cursor: rows.length > limit && last ? encodeCursor([last.key, last.article.id]) : null,
    ...(since && !query.cursor ? { deleted_ids: await deletedSince(db, warehouseId, since) } : {}),
  };
}

interface PageFilter {
  archived: boolean;
  low: boolean;
  /** LIKE pattern of a search (searchPage). */
  pattern: string | null;
  since: Date | null;
}

/** The values of a page query, or the placeholders of a prepared one. */
interface PageValues {
  warehouseId: number | Placeholder;
  after: readonly [key: unknown, id: unknown] | null;
  limit: number | Placeholder;
}

/** The conditions of a page without the search: warehouse, archived or changed since, low, after the cursor. */
function pageConditions(sort: Sort, filter: PageFilter, { warehouseId, after }: PageValues) {
  const conditions: (SQL | undefined)[] = [eq(a.warehouseId, warehouseId)];
  if (filter.since) conditions.push(gte(a.updatedAt, filter.since));
  else if (!filter.archived) conditions.push(isNull(a.archivedAt));
  if (filter.low) conditions.push(lowCondition);
  if (after) {
    const key = sql`${after[0]}::${sql.raw(sort.cast)}`;
    conditions.push(
      sort.desc
        ? sql`(${sort.key}, ${a.id}) < (${key}, ${after[1]})`
        : sql`(${sort.key}, ${a.id}) > (${key}, ${after[1]})`,
    );
  }
  return and(...conditions)!;
}

function pageQuery(db: Db, sort: Sort, filter: PageFilter, values: PageValues) {
  return db
    .select({ article: a, key: sql<string>`(${sort.key})::text` })
    .from(a)
    .where(pageConditions(sort, filter, values))
    .orderBy(...(sort.desc ? [desc(sort.key), desc(a.id)] : [asc(sort.key), asc(a.id)]))
    .limit(values.limit);
}

/** How many articles a search reads in the list's order before it looks its matches up by trigram instead. */
export const SEARCH_WALK = 1000;

/**
 * A search page, planned the same way whatever ANALYZE's sample says. Left to the planner, `ORDER BY key
 * LIMIT 51` with the LIKE as a filter walks the sort's index whenever the estimate of matches is high, and
 * reads until 51 match: matches that gather late in the order ("schraube": 5 000 names, all after "B…") or
 * are rarer than estimated ("sku-0471": 100 of 100 000, estimated 1 100 in some samples) cost 50–90 ms
 * instead of 1–10 — the bimodal search row of bench round 3. Here both ways are bounded: first the first
 * SEARCH_WALK articles in order (≈ 1.6 ms on PostgreSQL; enough when matches are common, "typ", "a"); only
 * if fewer than a page match there, every match by the trigram index (cost grows with the matches, not the
 * warehouse), sorted. MATERIALIZED keeps the planner from turning the second way back into the walk.
 */
function searchPage(db: Db, sort: Sort, filter: PageFilter, pattern: string, values: PageValues) {
  const where = pageConditions(sort, filter, values);
  const dir = sql.raw(sort.desc ? 'DESC' : 'ASC');
  const text = searchText(a);
  const page = sql`(
    WITH walked AS MATERIALIZED (
      SELECT id, k FROM (
        SELECT ${a.id} AS id, ${sort.key} AS k, ${text} AS t FROM ${a} WHERE ${where}
        ORDER BY ${sort.key} ${dir}, ${a.id} ${dir} LIMIT ${SEARCH_WALK}
      ) AS head
      WHERE t LIKE ${pattern} ORDER BY k ${dir}, id ${dir} LIMIT ${values.limit}),
    found AS MATERIALIZED (
      SELECT id, k FROM walked WHERE (SELECT count(*) FROM walked) = ${values.limit}
      UNION ALL
      SELECT ${a.id}, ${sort.key} FROM ${a}
      WHERE ${where} AND ${text} LIKE ${pattern} AND (SELECT count(*) FROM walked) < ${values.limit})
    SELECT id, k FROM found ORDER BY k ${dir}, id ${dir} LIMIT ${values.limit}
  ) AS page`;
  return db
    .select({ article: a, key: sql<string>`page.k::text` })
    .from(a)
    .innerJoin(page, sql`page.id = ${a.id}`)
    .orderBy(sql`page.k ${dir}`, sql`page.id ${dir}`);
}

const pageStatements = new Map<string, (db: Db) => ReturnType<ReturnType<typeof pageQuery>['prepare']>>();

/** At most 4 sorts × archived × low × cursor = 32 statements, each prepared once per database handle. */
function preparedPage(sortName: ArticleSort, filter: PageFilter, withCursor: boolean) {
  const name = `lager_articles_${sortName}${filter.archived ? '_archived' : ''}${filter.low ? '_low' : ''}${withCursor ? '_after' : ''}`;
  let statement = pageStatements.get(name);
  if (!statement) {
    const after = withCursor ? ([sql.placeholder('afterKey'), sql.placeholder('afterId')] as const) : null;
    statement = perDatabase((db) =>
      pageQuery(db, SORTS[sortName], filter, {
        warehouseId: sql.placeholder('warehouseId'),
        after,
        limit: sql.placeholder('limit'),
      }).prepare(name),
    );
    pageStatements.set(name, statement);
  }
  return statement;
}

/** Ids deleted at or after `since` (on the first page of a refresh only: one list per refresh). */
async function deletedSince(db: Db, warehouseId: number, since: Date): Promise<number[]> {
  const rows = await db
    .select({ id: stockArticleDeletions.articleId })
    .from(stockArticleDeletions)
    .where(and(eq(stockArticleDeletions.warehouseId, warehouseId), gte(stockArticleDeletions.deletedAt, since)));
  return rows.map((r) => r.id);
}

/** The dashboard numbers: active articles, how many are low, movements since midnight (UTC). */
export async function stockSummary(db: Db, warehouseId: number) {
  const [articles] = await db
    .select({ n: count(), low: sql<number>`count(*) FILTER (WHERE ${lowCondition})`.mapWith(Number) })
    .from(a)
    .where(and(eq(a.warehouseId, warehouseId), isNull(a.archivedAt)));
  const [today] = await db
    .select({ n: count() })
    .from(stockMovements)
    .where(
      and(eq(stockMovements.warehouseId, warehouseId), gte(stockMovements.createdAt, sql`date_trunc('day', now())`)),
    );
  return { articles: articles?.n ?? 0, low_stock: articles?.low ?? 0, movements_today: today?.n ?? 0 };
}

import type { Article } from '../../api/stock-api';
import type { IndexDb, IndexedArticle } from './db';

export interface ArticlePage {
  articles: Article[];
  next_cursor: string | null;
  deleted_ids?: number[];
}
/** `GET api/stock/articles` as the index asks it: what changed since, archived included. */
export type FetchArticles = (query: {
  updated_since?: string;
  archived: '1';
  limit: number;
  cursor?: string;
}) => Promise<ArticlePage>;

/** The index refreshes at most this often while /stock/book is open (offline spec §2). */
export const REFRESH_MS = 5 * 60_000;
/**
 * A change is stamped with its transaction's start (`now()`), so a long one (an import) commits
 * with a time older than changes already seen. Asking again for this much before the newest
 * change costs a few rows and misses none.
 */
const OVERLAP_MS = 5 * 60_000;

const toIndexed = (warehouseId: number, a: Article): IndexedArticle => ({
  warehouse_id: warehouseId,
  id: a.id,
  sku: a.sku,
  sku_key: a.sku.toLowerCase(),
  name: a.name,
  unit: a.unit,
  barcode: a.barcode,
  quantity: a.quantity,
  archived: a.archived_at !== null,
  updated_at: a.updated_at,
});

/**
 * Brings the warehouse's index up to date: everything the first time, then what changed since
 * the newest change seen (minus the overlap), dropping the ids the server says were deleted.
 * Returns how many articles changed.
 */
export async function refreshIndex(db: IndexDb, warehouseId: number, fetchPage: FetchArticles): Promise<number> {
  const known = await db.get('sync', warehouseId);
  const from = known ? new Date(Date.parse(known.since) - OVERLAP_MS).toISOString() : new Date(0).toISOString();
  let since = known?.since;
  let cursor: string | undefined;
  let changed = 0;
  do {
    const page = await fetchPage({ updated_since: from, archived: '1', limit: 100, cursor });
    const tx = db.transaction('articles', 'readwrite');
    for (const id of page.deleted_ids ?? []) void tx.store.delete([warehouseId, id]);
    for (const article of page.articles) {
      void tx.store.put(toIndexed(warehouseId, article));
      if (!since || article.updated_at > since) since = article.updated_at;
    }
    await tx.done;
    changed += page.articles.length;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  await db.put('sync', { warehouse_id: warehouseId, since: since ?? from, refreshed_at: Date.now() });
  return changed;
}

/** The article whose barcode, else whose SKU (ignoring case), is exactly `code`: two index reads. */
export async function lookupArticle(
  db: IndexDb,
  warehouseId: number,
  code: string,
): Promise<IndexedArticle | undefined> {
  const trimmed = code.trim();
  return (
    (await db.getFromIndex('articles', 'barcode', [warehouseId, trimmed])) ??
    (await db.getFromIndex('articles', 'sku', [warehouseId, trimmed.toLowerCase()]))
  );
}

/**
 * The stock the server answered for a booking this device made (online, or sent from the outbox):
 * the offline hint starts from it, not from the index's older copy (issue 38: 43 where the server
 * had said 42). The next refresh brings the same value.
 */
export async function noteStock(db: IndexDb, warehouseId: number, articleId: number, quantity: number): Promise<void> {
  const row = await db.get('articles', [warehouseId, articleId]);
  if (row && row.quantity !== quantity) await db.put('articles', { ...row, quantity });
}

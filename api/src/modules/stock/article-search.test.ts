/**
 * Searches read the first SEARCH_WALK articles in the list's order and, when fewer than a page match
 * there, every match by trigram (articles.ts, searchPage). Both ways must give exactly the pages of the
 * plain definition — every article whose SKU, name or barcode contains the text, in the sort's order,
 * (key, id) keyset pages — for every sort, filter and page boundary. The expected lists come from one
 * unpaged statement with that definition, run directly on the database.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, useOwnerApp } from '../../../test/helpers';
import { SEARCH_WALK } from './articles';
import { loadScaleData } from './scale-data';

jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let warehouseId: number;

// More articles than one walk reads, so the walk can come back short and the trigram way answers.
const ARTICLES = SEARCH_WALK + 600;

useOwnerApp(__filename, async (t) => {
  ({ app, owner, warehouseId } = t);
  await loadScaleData(app.ctx.db, { warehouseId, userId: t.ownerId, articles: ARTICLES, movements: 0 });
  // Some low (quantity under the reorder level) and some archived, spread over the order.
  await app.ctx.db.execute(sql`
    UPDATE stock_articles SET quantity = 0, updated_at = updated_at - interval '1 day'
    WHERE warehouse_id = ${warehouseId} AND min_stock > 0 AND id % 7 = 0`);
  await app.ctx.db.execute(sql`
    UPDATE stock_articles SET archived_at = now() WHERE warehouse_id = ${warehouseId} AND id % 11 = 0`);
  await app.ctx.db.execute(sql`ANALYZE stock_articles`);
});

const KEYS = {
  name: { key: 'lower(name)', desc: false },
  sku: { key: 'lower(sku)', desc: false },
  quantity: { key: 'quantity', desc: false },
  updated: { key: 'updated_at', desc: true },
} as const;

/** Every matching id in order, by the plain definition (no walk, no page). */
async function expected(q: string, sort: keyof typeof KEYS, filter: { low?: boolean; archived?: boolean }) {
  const { key, desc } = KEYS[sort];
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const result = (await app.ctx.db.execute(sql`
    SELECT id FROM stock_articles
    WHERE warehouse_id = ${warehouseId}
      AND (${!!filter.archived} OR archived_at IS NULL)
      AND (NOT ${!!filter.low} OR (min_stock > 0 AND quantity <= min_stock))
      AND strpos(lower(sku || ' ' || name || ' ' || coalesce(barcode, '')), ${q.toLowerCase()}) > 0
    ORDER BY ${sql.raw(key)} ${dir}, id ${dir}`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/** Every id the API lists, page by page along the cursors. */
async function listed(query: string) {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const res = await owner.get(`/api/stock/articles?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect([query, res.statusCode]).toEqual([query, 200]);
    const body = res.json() as { articles: { id: number }[]; next_cursor: string | null };
    ids.push(...body.articles.map((a) => a.id));
    cursor = body.next_cursor;
    if (!cursor) return ids;
  }
  throw new Error(`no end of pages: ${query}`);
}

describe('article search pages equal the plain definition', () => {
  // "typ": every article (the walk fills the page); "seil": 1 in 20, all at the end of the name order
  // (the walk finds none, the trigram way answers); "sku-0001": 100 spread over the order; a barcode;
  // nothing; one letter (no trigram at all).
  const searches = ['typ', 'seil', 'sku-0001', '200000000128', 'nichts-da', 'k'];
  const cases = searches.flatMap((q) =>
    (['name', 'sku', 'quantity', 'updated'] as const).flatMap((sort) =>
      [{}, { low: true }, { archived: true }].map((filter) => [q, sort, filter] as const),
    ),
  );

  it.each(cases)('q=%s sort=%s %j', async (q, sort, filter) => {
    const want = await expected(q, sort, filter);
    // Pages of 40 (the walk's page is 41 rows: one more than a page, for the cursor).
    const query = `q=${encodeURIComponent(q)}&sort=${sort}&limit=40${filter.low ? '&low=1' : ''}${filter.archived ? '&archived=1' : ''}`;
    const got = await listed(query);
    expect(got).toEqual(want);
  });

  it('has cases for both ways: a page the walk fills and one only the trigram way finds', async () => {
    const walked = await expected('typ', 'name', {});
    expect(walked.length).toBeGreaterThan(SEARCH_WALK);
    // All "Seil" names sort after the first SEARCH_WALK articles, so the walk finds none of them.
    const all = await expected('', 'name', {});
    const late = await expected('seil', 'name', {});
    expect(late.length).toBeGreaterThan(40);
    expect(Math.min(...late.map((id) => all.indexOf(id)))).toBeGreaterThanOrEqual(SEARCH_WALK);
  });
});

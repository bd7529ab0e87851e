import 'fake-indexeddb/auto';
import { answer, HttpResponse, setupApiServer } from '@lager/shared/testing';
import { article } from '../../testing/fixtures';
import { type ArticlePage, lookupArticle, refreshIndex } from './article-index';
import { type IndexedArticle, openIndex } from './db';
import { fetchArticles } from './wire';

const server = setupApiServer();
let users = 100;

test('a first refresh loads every page, the next asks only what changed since and drops deletions', async () => {
  const db = await openIndex(++users);
  const milk = article({ sku: 'MLK-1', barcode: '4006381333931', updated_at: '2026-11-20T10:00:00.000Z' });
  const tea = article({ sku: 'TEA-1', updated_at: '2026-11-20T11:00:00.000Z' });
  const asked: URLSearchParams[] = [];
  let pages: ArticlePage[] = [
    { articles: [milk], next_cursor: 'page-2' },
    { articles: [tea], next_cursor: null },
  ];
  server.use(
    answer.get<ArticlePage>('/api/stock/articles', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(pages.shift()!);
    }),
  );
  expect(await refreshIndex(db, 1, fetchArticles)).toBe(2);
  expect(asked.map((q) => q.get('cursor'))).toEqual([null, 'page-2']);
  expect(asked[0]!.get('archived')).toBe('1');
  expect((await lookupArticle(db, 1, '4006381333931'))?.sku).toBe('MLK-1');
  expect((await lookupArticle(db, 1, ' tea-1 '))?.id).toBe(tea.id);

  // Milk archived, tea deleted: the next refresh asks from tea's change (less the overlap).
  pages = [
    { articles: [{ ...milk, archived_at: '2026-11-21T08:00:00.000Z' }], next_cursor: null, deleted_ids: [tea.id] },
  ];
  await refreshIndex(db, 1, fetchArticles);
  expect(asked[2]!.get('updated_since')).toBe('2026-11-20T10:55:00.000Z');
  expect((await lookupArticle(db, 1, 'MLK-1'))?.archived).toBe(true);
  expect(await lookupArticle(db, 1, 'TEA-1')).toBeUndefined();
  // Another warehouse's index is its own.
  expect(await lookupArticle(db, 2, 'MLK-1')).toBeUndefined();
  db.close();
});

test('a lookup by barcode or SKU among 100 000 articles answers in under 50 ms', async () => {
  const db = await openIndex(++users);
  const tx = db.transaction('articles', 'readwrite');
  for (let id = 1; id <= 100_000; id++) {
    const sku = `ART-${String(id).padStart(6, '0')}`;
    const row: IndexedArticle = {
      warehouse_id: 7,
      id,
      sku,
      sku_key: sku.toLowerCase(),
      name: `Article ${id}`,
      unit: 'pcs',
      barcode: id % 2 ? String(4_000_000_000_000 + id) : null,
      quantity: id % 50,
      archived: false,
      updated_at: '2026-11-20T10:00:00.000Z',
    };
    void tx.store.put(row);
  }
  await tx.done;
  const timings: number[] = [];
  for (const code of ['4000000099999', 'art-054321', 'ART-000002', '4000000000001', 'NOPE']) {
    const start = performance.now();
    const found = await lookupArticle(db, 7, code);
    timings.push(performance.now() - start);
    expect(found?.sku.toLowerCase() ?? 'none').toBe(
      { '4000000099999': 'art-099999', '4000000000001': 'art-000001', NOPE: 'none' }[code] ?? code.toLowerCase(),
    );
  }
  // Reported in the README's offline section (fake-indexeddb in Node: slower than a browser's).
  console.log(`index lookup with 100 000 articles: ${timings.map((t) => t.toFixed(2)).join(', ')} ms`);
  expect(Math.max(...timings)).toBeLessThan(50);
  db.close();
}, 120_000);

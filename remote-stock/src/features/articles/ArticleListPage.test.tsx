import { answer, HttpResponse, setupApiServer, trackMissingTranslations } from '@lager/shared/testing';
import { act, screen, within } from '@testing-library/react';
import type { ListStockArticlesApiResponse } from '../../api/generated';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-debounced';
import { ALL_STOCK, article, GUEST_STOCK, mountStock, session } from '../../testing/fixtures';

const server = setupApiServer(...session());
const missing = trackMissingTranslations();

let queries: URLSearchParams[] = [];
function listAnswers(pages: Record<string, ListStockArticlesApiResponse>) {
  queries = [];
  server.use(
    answer.get<ListStockArticlesApiResponse>('/api/stock/articles', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json(pages[params.get('cursor') ?? ''] ?? { articles: [], next_cursor: null });
    }),
  );
}

const mount = (route = '/stock', language: 'de' | 'en' = 'en') => mountStock(route, language);

afterEach(() => {
  jest.useRealTimers();
  expect(missing).toEqual([]);
});

test('rows show the quantity with its unit in the reader’s language and a low-stock badge', async () => {
  const screws = article({ name: 'Screws', quantity: 1234.5, unit: 'kg', low_stock: true, min_stock: 2000 });
  const bolts = article({ name: 'Bolts', quantity: 40 });
  listAnswers({ '': { articles: [screws, bolts], next_cursor: null } });
  await mount('/stock', 'de');
  const row = (await screen.findByRole('link', { name: 'Screws' })).closest('tr')!;
  expect(within(row).getByText('1.234,5 kg')).toBeInTheDocument();
  expect(within(row).getByText('Meldebestand')).toBeInTheDocument();
  const other = screen.getByRole('link', { name: 'Bolts' }).closest('tr')!;
  expect(within(other).getByText('40 Stk.')).toBeInTheDocument();
  expect(within(other).queryByText('Meldebestand')).not.toBeInTheDocument();
});

test('English formats the same quantity the English way', async () => {
  listAnswers({ '': { articles: [article({ name: 'Screws', quantity: 1234.5, unit: 'kg' })], next_cursor: null } });
  await mount('/stock', 'en');
  expect(await screen.findByText('1,234.5 kg')).toBeInTheDocument();
});

test('search as you type sends one request after the pause, not one per key', async () => {
  jest.useFakeTimers();
  listAnswers({ '': { articles: [], next_cursor: null } });
  const { user } = await mount();
  await screen.findByText('No articles in this warehouse yet.');
  const before = queries.length;
  await user.type(screen.getByLabelText('Search'), 'scr');
  expect(queries.length).toBe(before);
  await act(async () => {
    jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
  });
  await screen.findByText('No articles found.');
  const sent = queries.slice(before);
  expect(sent.map((q) => q.get('q'))).toEqual(['scr']);
});

test('?low=1 (the dashboard card’s link) filters low stock and ticks the box; sort is sent', async () => {
  listAnswers({ '': { articles: [], next_cursor: null } });
  const { user } = await mount('/stock?low=1');
  await screen.findByText('No articles found.');
  expect(screen.getByLabelText('Only below reorder level')).toBeChecked();
  expect(queries.at(-1)?.get('low')).toBe('1');
  await user.selectOptions(screen.getByLabelText('Sort by'), 'Stock');
  await screen.findByText('No articles found.');
  expect(queries.at(-1)?.get('sort')).toBe('quantity');
  await user.click(screen.getByLabelText('Show archived'));
  await screen.findByText('No articles found.');
  expect(queries.at(-1)?.get('archived')).toBe('1');
  expect(queries.at(-1)?.get('low')).toBe('1');
});

test('"load more" follows the cursor and appends the next page', async () => {
  listAnswers({
    '': { articles: [article({ name: 'First' })], next_cursor: 'c2' },
    c2: { articles: [article({ name: 'Second' })], next_cursor: null },
  });
  const { user } = await mount();
  await screen.findByRole('link', { name: 'First' });
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('link', { name: 'Second' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'First' })).toBeInTheDocument();
  expect(queries.at(-1)?.get('cursor')).toBe('c2');
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

test('"New article" and the import only for who may manage articles', async () => {
  listAnswers({ '': { articles: [], next_cursor: null } });
  server.use(...session(GUEST_STOCK));
  await mount();
  await screen.findByText('No articles in this warehouse yet.');
  await screen.findByRole('link', { name: 'Quick booking' });
  expect(screen.queryByRole('link', { name: 'New article' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Stocktake' })).not.toBeInTheDocument();
});

test('the owner sees every link', async () => {
  listAnswers({ '': { articles: [], next_cursor: null } });
  server.use(...session(ALL_STOCK));
  await mount();
  expect(await screen.findByRole('link', { name: 'New article' })).toHaveAttribute('href', '/stock/articles/new');
  for (const name of ['Quick booking', 'Stocktake', 'Movements', 'Import']) {
    expect(screen.getByRole('link', { name })).toBeInTheDocument();
  }
});

test('a value column for view_stock_value', async () => {
  const screws = article({ name: 'Screws', quantity: 6, average_cost: '0.15', value: '0.90' });
  listAnswers({ '': { articles: [screws], next_cursor: null } });
  await mount('/stock', 'de');
  // The column appears once the permissions are known (they load beside the list).
  const cell = await screen.findByText('0,90 €');
  expect(cell.closest('tr')).toHaveTextContent('Screws');
  expect(screen.getByRole('columnheader', { name: 'Bestandswert' })).toBeInTheDocument();
});

test('no value column without view_stock_value', async () => {
  server.use(...session(ALL_STOCK.filter((p) => p !== 'view_stock_value')));
  listAnswers({ '': { articles: [article({ name: 'Screws', quantity: 6 })], next_cursor: null } });
  await mount('/stock', 'en');
  await screen.findByRole('link', { name: 'Screws' });
  // The permissions are known once the nav shows the links they allow.
  await screen.findByRole('link', { name: 'Quick booking' });
  expect(screen.queryByRole('columnheader', { name: 'Stock value' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Stock value' })).not.toBeInTheDocument();
});

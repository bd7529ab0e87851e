import { answer, HttpResponse, setupApiServer } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { GetStockArticleHistoryApiResponse, GetStockArticleLocationsApiResponse } from '../../api/generated';
import { article, articleHandlers, mountStock, session } from '../../testing/fixtures';

const DAY = 24 * 60 * 60 * 1000;
const screws = article({ name: 'Screws', quantity: 7, min_stock: 5, max_stock: 30 });
const server = setupApiServer(...session(), ...articleHandlers([screws]));

let asked: URLSearchParams[] = [];
let places: GetStockArticleLocationsApiResponse['locations'] = [];
beforeEach(() => {
  asked = [];
  places = [];
  server.use(
    answer.get<GetStockArticleLocationsApiResponse>('/api/stock/articles/:id/locations', () =>
      HttpResponse.json({ default_location_id: null, locations: places }),
    ),
    answer.get<GetStockArticleHistoryApiResponse>('/api/stock/articles/:id/history', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const location = query.get('location_id');
      const from = query.get('from')!;
      const steps: Record<string, number[]> = { '': [10, 4, 7], '1': [6, 2, 4], '2': [4, 2, 3], '3': [0, 0, 0] };
      const values = steps[location ?? '']!;
      return HttpResponse.json({
        article_id: screws.id,
        location_id: location ? Number(location) : null,
        unit: 'pcs',
        min_stock: 5,
        max_stock: null,
        from,
        to: query.get('to')!,
        bucket_seconds: 5184,
        points: [
          { at: from, quantity: values[0]! },
          { at: '2026-11-20T10:00:00.000Z', quantity: values[1]! },
          { at: '2026-11-22T10:00:00.000Z', quantity: values[2]! },
        ],
      });
    }),
  );
});

const days = (query: URLSearchParams) =>
  Math.round((Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / DAY);

/** Opens the table fallback of the 30-day range: its header texts and each row's cell texts. */
async function tableOf(user: { click: (e: Element) => Promise<void> }) {
  await user.click(await screen.findByText('Show as table'));
  const table = await screen.findByRole('table', { name: 'Stock over 30 days' });
  const [head, ...rows] = within(table).getAllByRole('row');
  const texts = (row: HTMLElement, role: 'columnheader' | 'cell') =>
    within(row)
      .getAllByRole(role)
      .map((c) => c.textContent);
  return { head: texts(head!, 'columnheader'), rows: rows.map((r) => texts(r, 'cell')) };
}

test('the article page reads 30 days of history, then 90 days or a year when chosen', async () => {
  const { user } = await mountStock(`/stock/articles/${screws.id}`, 'de');
  expect(await screen.findByRole('heading', { name: 'Bestandsverlauf' })).toBeInTheDocument();
  await waitFor(() => expect(asked).toHaveLength(1));
  expect(days(asked[0]!)).toBe(30);
  expect(asked[0]!.get('location_id')).toBeNull();
  expect(screen.getByRole('button', { name: '30 Tage' })).toHaveAttribute('aria-pressed', 'true');
  await user.click(screen.getByRole('button', { name: '90 Tage' }));
  await waitFor(() => expect(asked.map(days)).toEqual([30, 90]));
  await user.click(screen.getByRole('button', { name: '1 Jahr' }));
  await waitFor(() => expect(asked.map(days)).toEqual([30, 90, 365]));
  expect(screen.getByRole('button', { name: '1 Jahr' })).toHaveAttribute('aria-pressed', 'true');
  // The article's facts name the maximum stock the reorder suggestions fill up to.
  expect(screen.getByText('Höchstbestand').nextElementSibling).toHaveTextContent('30 Stk.');
});

test('the table fallback lists the stock at each change, no row repeating the one before', async () => {
  const { user } = await mountStock(`/stock/articles/${screws.id}`, 'en');
  const table = await tableOf(user);
  expect(table.head).toEqual(['Time', 'Stock']);
  expect(table.rows.map((r) => r[1])).toEqual(['10 pcs', '4 pcs', '7 pcs']);
  expect(table.rows[1]![0]).toContain('20 Nov 2026');
});

test('an article in several locations gets one stacked series per location', async () => {
  places = [
    { location_id: 1, code: 'A-01', name: null, quantity: 4 },
    { location_id: 2, code: 'B-02', name: null, quantity: 3 },
  ];
  const { user } = await mountStock(`/stock/articles/${screws.id}`, 'en');
  await waitFor(() => expect(asked.map((q) => q.get('location_id') ?? '').sort()).toEqual(['', '1', '2']));
  const table = await tableOf(user);
  expect(table.head).toEqual(['Time', 'A-01', 'B-02']);
  expect(table.rows[2]!.slice(1)).toEqual(['4 pcs', '3 pcs']);
});

test('stock the listed locations do not hold (a place emptied since) is a series of its own: the stack adds up', async () => {
  // Only A-01 is listed now; the article's series says 10, 4, 7 — the rest lay elsewhere.
  places = [
    { location_id: 1, code: 'A-01', name: null, quantity: 4 },
    { location_id: 3, code: 'C-03', name: null, quantity: 0 },
  ];
  const { user } = await mountStock(`/stock/articles/${screws.id}`, 'en');
  await waitFor(() => expect(asked.map((q) => q.get('location_id') ?? '').sort()).toEqual(['', '1', '3']));
  const table = await tableOf(user);
  expect(table.head).toEqual(['Time', 'A-01', 'C-03', 'Other locations']);
  expect(table.rows.map((r) => r.slice(1))).toEqual([
    ['6 pcs', '0 pcs', '4 pcs'],
    ['2 pcs', '0 pcs', '2 pcs'],
    ['4 pcs', '0 pcs', '3 pcs'],
  ]);
});

test('a failed load says so and can be tried again', async () => {
  let fail = true;
  server.use(
    answer.get<GetStockArticleHistoryApiResponse>('/api/stock/articles/:id/history', () =>
      fail
        ? HttpResponse.json({ message: 'x', code: 'server_error' }, { status: 500 })
        : HttpResponse.json({
            article_id: screws.id,
            location_id: null,
            unit: 'pcs',
            min_stock: 5,
            max_stock: null,
            from: '2026-11-01T00:00:00.000Z',
            to: '2026-12-01T00:00:00.000Z',
            bucket_seconds: 5184,
            points: [{ at: '2026-11-01T00:00:00.000Z', quantity: 7 }],
          }),
    ),
  );
  const { user } = await mountStock(`/stock/articles/${screws.id}`, 'en');
  expect(await screen.findByText('The stock history could not be loaded.')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('No movements in this period: the stock stayed at 7 pcs.')).toBeInTheDocument();
});

import { API, answer, HttpResponse, rest, setupApiServer } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { ListStockReorderApiResponse } from '../../api/generated';
import { mountStock, session } from '../../testing/fixtures';

type Line = ListStockReorderApiResponse['articles'][number];
const line = (overrides: Partial<Line>): Line => ({
  id: 1,
  sku: 'A-1',
  name: 'Anker',
  unit: 'pcs',
  quantity: 4,
  min_stock: 10,
  max_stock: 50,
  on_order: 0,
  suggested: 46,
  ...overrides,
});

const server = setupApiServer(...session(['view_stock']));
let asked: URLSearchParams[] = [];
let lines: Line[] = [];
beforeEach(() => {
  asked = [];
  lines = [
    line({}),
    line({
      id: 2,
      sku: 'C-1',
      name: 'Chlor',
      unit: 'kg',
      quantity: 1.2,
      min_stock: 2.5,
      max_stock: null,
      suggested: 3.8,
    }),
  ];
  server.use(
    answer.get<ListStockReorderApiResponse>('/api/stock/reorder', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({ articles: lines });
    }),
  );
});

test('lists what to reorder with the suggestion, in German, linked to the article', async () => {
  await mountStock('/stock/reorder', 'de');
  expect(await screen.findByRole('heading', { level: 1, name: 'Bestellvorschläge' })).toBeInTheDocument();
  const rows = within(await screen.findByRole('table')).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('A-1Anker4 Stk.10 Stk.50 Stk.0 Stk.46 Stk.');
  expect(rows[2]).toHaveTextContent('C-1Chlor1,2 kg2,5 kg–0 kg3,8 kg');
  expect(within(rows[1]!).getByRole('link', { name: 'Anker' })).toHaveAttribute('href', '/stock/articles/1');
  expect(screen.getByRole('link', { name: 'Nachbestellen' })).toHaveAttribute('aria-current', 'page');
  expect(asked[0]!.get('sort')).toBe('suggested');
  expect(asked[0]!.get('order')).toBe('desc');
});

test('sorts on the server by the clicked column, again for the other direction', async () => {
  const { user } = await mountStock('/stock/reorder', 'en');
  await within(await screen.findByRole('table')).findByText('Anker');
  await user.click(screen.getByRole('button', { name: 'Sort by Article' }));
  await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('name'));
  expect(asked.at(-1)?.get('order')).toBe('asc');
  expect(screen.getByRole('button', { name: 'Sort by Article' }).closest('th')).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await user.click(screen.getByRole('button', { name: 'Sort by Article' }));
  await waitFor(() => expect(asked.at(-1)?.get('order')).toBe('desc'));
});

test('downloads the CSV in the app’s language and sort', async () => {
  const requests: { url: URL; language: string | null }[] = [];
  server.use(
    rest.get(`${API}/api/stock/reorder.csv`, ({ request }) => {
      requests.push({ url: new URL(request.url), language: request.headers.get('accept-language') });
      return new HttpResponse('\uFEFFsku\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="reorder-2026-11-25.csv"' },
      });
    }),
  );
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:csv');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const { user } = await mountStock('/stock/reorder', 'de');
  await within(await screen.findByRole('table')).findByText('Anker');
  await user.click(screen.getByRole('button', { name: 'Als CSV exportieren' }));
  await waitFor(() => expect(saved).toEqual(['reorder-2026-11-25.csv']));
  expect(requests[0]!.url.searchParams.get('sort')).toBe('suggested');
  expect(requests[0]!.language).toBe('de');
  click.mockRestore();
});

test('says so when nothing needs reordering', async () => {
  lines = [];
  await mountStock('/stock/reorder', 'en');
  expect(
    await screen.findByText('Nothing to reorder: no article is at or below its reorder level.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Export as CSV' })).not.toBeInTheDocument();
});

test('a failed load is said and can be retried', async () => {
  let fail = true;
  server.use(
    answer.get<ListStockReorderApiResponse>('/api/stock/reorder', () =>
      fail
        ? HttpResponse.json({ message: 'x', code: 'server_error' }, { status: 500 })
        : HttpResponse.json({ articles: lines }),
    ),
  );
  const { user } = await mountStock('/stock/reorder', 'en');
  expect(await screen.findByText('The reorder list could not be loaded.')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await within(await screen.findByRole('table')).findByText('Anker')).toBeInTheDocument();
});

test('phones get one card per article with the suggestion under its name, and a sort choice', async () => {
  const { user } = await mountStock('/stock/reorder', 'de');
  const cards = within(await screen.findByRole('list', { name: 'Bestellvorschläge' })).getAllByRole('listitem');
  expect(cards[0]).toHaveTextContent(
    'AnkerA-1Bestellvorschlag: 46 Stk.Bestand 4 Stk. · Meldebestand 10 Stk. · Höchstbestand 50 Stk.',
  );
  expect(cards[1]).toHaveTextContent('ChlorC-1Bestellvorschlag: 3,8 kgBestand 1,2 kg · Meldebestand 2,5 kg');
  expect(within(cards[0]!).getByRole('link', { name: 'Anker' })).toHaveAttribute('href', '/stock/articles/1');
  await user.selectOptions(screen.getByLabelText('Sortieren nach'), 'Artikel (A–Z)');
  await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('name'));
  expect(asked.at(-1)?.get('order')).toBe('asc');
});

test('shows what is on order; "Bestellung anlegen" links to the purchasing section only for who may order', async () => {
  lines = [line({ on_order: 20, suggested: 26 })];
  await mountStock('/stock/reorder', 'de');
  const rows = within(await screen.findByRole('table')).getAllByRole('row');
  expect(rows[0]).toHaveTextContent('Bestellt');
  expect(rows[1]).toHaveTextContent('A-1Anker4 Stk.10 Stk.50 Stk.20 Stk.26 Stk.');
  expect(screen.queryByRole('link', { name: 'Bestellung anlegen' })).not.toBeInTheDocument();
});

test('a buyer gets the link to draft orders from the reorder list', async () => {
  server.use(...session(['view_stock', 'view_purchasing', 'manage_purchase_orders']));
  await mountStock('/stock/reorder', 'en');
  expect(await screen.findByRole('link', { name: 'Create order' })).toHaveAttribute('href', '/purchasing/from-reorder');
});

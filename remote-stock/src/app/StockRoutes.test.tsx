import { answer, HttpResponse, renderWithProviders, setupApiServer } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import type { GetStockSummaryApiResponse } from '../api/generated';
import StockCard from '../features/dashboard/StockCard';
import { articleHandlers, mountStock, session } from '../testing/fixtures';

const server = setupApiServer(...session(), ...articleHandlers([]));
const summary = (body: GetStockSummaryApiResponse) =>
  server.use(answer.get<GetStockSummaryApiResponse>('/api/stock/summary', () => HttpResponse.json(body)));

test.each([
  ['de', 'Bestand'],
  ['en', 'Stock'],
] as const)('the section page has its title (%s)', async (language, title) => {
  await mountStock('/stock', language);
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  await screen.findByText(
    language === 'de' ? 'Noch keine Artikel in diesem Lager.' : 'No articles in this warehouse yet.',
  );
});

test('a path the section does not know goes to /', async () => {
  await mountStock('/stock/nothing');
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});

test('the dashboard card counts low-stock articles and links to the filtered list', async () => {
  summary({ articles: 200, low_stock: 7, movements_today: 12 });
  renderWithProviders(<StockCard />, { language: 'en' });
  expect(screen.getByRole('heading', { level: 2, name: 'Stock' })).toBeInTheDocument();
  expect(await screen.findByText('7 articles below reorder level.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Show low stock Stock' })).toHaveAttribute('href', '/stock?low=1');
});

test('the card in German, nothing low', async () => {
  summary({ articles: 3, low_stock: 0, movements_today: 0 });
  renderWithProviders(<StockCard />, { language: 'de' });
  expect(await screen.findByText('Alle 3 Artikel über dem Meldebestand.')).toBeInTheDocument();
});

test('the card of an empty warehouse says there are no articles yet and leads to the article list', async () => {
  summary({ articles: 0, low_stock: 0, movements_today: 0 });
  renderWithProviders(<StockCard />, { language: 'de' });
  expect(await screen.findByText('Noch keine Artikel.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Artikel anlegen Bestand' })).toHaveAttribute('href', '/stock');
});

import { renderWithProviders } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import StockCard from '../features/dashboard/StockCard';
import StockRoutes from './StockRoutes';

test.each([
  ['de', 'Bestand'],
  ['en', 'Stock'],
] as const)('the section page has its title (%s)', (language, title) => {
  renderWithProviders(<StockRoutes />, { route: '/stock', path: '/stock/*', language });
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});

test('the dashboard card links to the section', () => {
  renderWithProviders(<StockCard />, { language: 'en' });
  expect(screen.getByRole('heading', { level: 2, name: 'Stock' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open Stock' })).toHaveAttribute('href', '/stock');
});

import { renderWithProviders } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import PurchasingCard from '../features/dashboard/PurchasingCard';
import PurchasingRoutes from './PurchasingRoutes';

test.each([
  ['de', 'Einkauf'],
  ['en', 'Purchasing'],
] as const)('the section page has its title (%s)', (language, title) => {
  renderWithProviders(<PurchasingRoutes />, { route: '/purchasing', path: '/purchasing/*', language });
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});

test('the dashboard card links to the section', () => {
  renderWithProviders(<PurchasingCard />, { language: 'en' });
  expect(screen.getByRole('heading', { level: 2, name: 'Purchasing' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open Purchasing' })).toHaveAttribute('href', '/purchasing');
});

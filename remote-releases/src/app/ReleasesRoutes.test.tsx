import { renderWithProviders } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import ReleasesCard from '../features/dashboard/ReleasesCard';
import ReleasesRoutes from './ReleasesRoutes';

test.each([
  ['de', 'Releases'],
  ['en', 'Releases'],
] as const)('the section page has its title (%s)', (language, title) => {
  renderWithProviders(<ReleasesRoutes />, { route: '/releases', path: '/releases/*', language });
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});

test('the dashboard card links to the section', () => {
  renderWithProviders(<ReleasesCard />, { language: 'en' });
  expect(screen.getByRole('heading', { level: 2, name: 'Releases' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open Releases' })).toHaveAttribute('href', '/releases');
});

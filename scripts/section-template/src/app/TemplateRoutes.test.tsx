import { renderWithProviders } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import TemplateCard from '../features/dashboard/TemplateCard';
import TemplateRoutes from './TemplateRoutes';

test.each([
  ['de', 'Template-Titel'],
  ['en', 'Template title'],
] as const)('the section page has its title (%s)', (language, title) => {
  renderWithProviders(<TemplateRoutes />, { route: '/template', path: '/template/*', language });
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});

test('the dashboard card links to the section', () => {
  renderWithProviders(<TemplateCard />, { language: 'en' });
  expect(screen.getByRole('heading', { level: 2, name: 'Template title' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open Template title' })).toHaveAttribute('href', '/template');
});

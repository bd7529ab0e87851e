import { setRuntimeConfig } from '@lager/shared';
import { renderWithProviders, setViewportWidth } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import InfoRoutes from './InfoRoutes';

const mount = (route: string, language: 'de' | 'en' = 'de') => {
  setRuntimeConfig({ contactEmail: 'privacy@lager.test', apiHost: 'api.lager.test' });
  return renderWithProviders(<InfoRoutes />, { route, path: '/info/*', language });
};

beforeEach(() => setViewportWidth(1280));

test('/info shows the five cards in German by default', () => {
  mount('/info');
  expect(screen.getByRole('heading', { level: 1, name: 'Info' })).toBeInTheDocument();
  for (const title of [
    'Über Lager',
    'Anleitung',
    'Kontakt',
    'Allgemeine Geschäftsbedingungen',
    'Datenschutzerklärung',
  ]) {
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  }
});

test('/info shows the five cards in English', () => {
  mount('/info', 'en');
  for (const title of ['About Lager', 'Instructions', 'Contact', 'Terms of service', 'Privacy policy']) {
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  }
});

test('about: free for private and business use, stock handling mentioned', () => {
  mount('/info/about', 'en');
  expect(screen.getByText(/free of charge for private and business use/)).toBeInTheDocument();
  expect(screen.getByText(/Stock handling/)).toBeInTheDocument();
});

test('terms: Swiss law and future charges, in both languages', () => {
  const { unmount } = mount('/info/agb');
  expect(screen.getByText(/Es gilt Schweizer Recht/)).toBeInTheDocument();
  expect(screen.getByText(/künftig Gebühren zu erheben/)).toBeInTheDocument();
  unmount();
  mount('/info/agb', 'en');
  expect(screen.getByText(/Swiss law applies/)).toBeInTheDocument();
  expect(screen.getByText(/may charge fees in future/)).toBeInTheDocument();
});

test('privacy: data, session cookies, 30-day logs, Swiss hosting, runtime contact mailbox', () => {
  mount('/info/privacypolicy', 'en');
  expect(screen.getByText(/e-mail address and your username/)).toBeInTheDocument();
  expect(screen.getByText(/session cookies only.*cleared when you close the browser/)).toBeInTheDocument();
  expect(screen.getByText(/api\.lager\.test keeps automatic access logs.*deleted after 30 days/)).toBeInTheDocument();
  expect(screen.getByText(/hosted in Switzerland/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'privacy@lager.test' })).toHaveAttribute('href', 'mailto:privacy@lager.test');
});

test('at most 1024 px the terms and privacy pages show the short German title', () => {
  setViewportWidth(1024);
  const { unmount } = mount('/info/agb', 'en');
  expect(screen.getByRole('heading', { level: 1, name: 'AGB' })).toBeInTheDocument();
  unmount();
  mount('/info/privacypolicy', 'en');
  expect(screen.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeInTheDocument();
});

test('wide screens show the full title', () => {
  mount('/info/agb', 'en');
  expect(screen.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
});

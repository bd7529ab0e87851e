import { fixedListHandlers, sessionHandlers, setupApiServer } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import { mountWarehouseAdmin } from '../testing/fixtures';

setupApiServer(...sessionHandlers(), ...fixedListHandlers);

const mount = (route: string, language: 'de' | 'en' = 'de') => mountWarehouseAdmin(route, language);

test('/admin/warehouse shows the three cards (new, my, guest) in German by default', () => {
  mount('/admin/warehouse');
  expect(screen.getByRole('heading', { level: 1, name: 'Lagerverwaltung' })).toBeInTheDocument();
  for (const title of ['Neues Lager', 'Meine Lager', 'Gastlager']) {
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  }
  expect(screen.getByRole('link', { name: 'Lager anlegen' })).toHaveAttribute('href', '/admin/warehouse/new');
  expect(screen.getByRole('link', { name: 'Meine Lager anzeigen' })).toHaveAttribute('href', '/admin/warehouse/my');
  expect(screen.getByRole('link', { name: 'Gastlager anzeigen' })).toHaveAttribute('href', '/admin/warehouse/guest');
});

test('the cards in English, and a card link leads to its screen', async () => {
  const { user } = mount('/admin/warehouse', 'en');
  for (const title of ['New warehouse', 'My warehouses', 'Guest warehouses']) {
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  }
  await user.click(screen.getByRole('link', { name: 'Create a warehouse' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/warehouse/new');
  expect(screen.getByRole('heading', { level: 1, name: 'New warehouse' })).toBeInTheDocument();
  expect(await screen.findByRole('option', { name: 'Retail' })).toBeInTheDocument();
});

test.each(['/admin/warehouse/unknown', '/admin/warehouse/edit', '/admin/warehouse/my/extra'])(
  '%s goes back to /admin/warehouse',
  (route) => {
    mount(route, 'en');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/warehouse$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Warehouse administration' })).toBeInTheDocument();
  },
);

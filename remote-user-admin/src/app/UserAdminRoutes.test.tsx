import { setupApiServer } from '@lager/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { allHandlers, mount, settled } from '../testing/fixtures';

setupApiServer(...allHandlers());

test.each([
  ['/admin/user', 'User administration'],
  ['/admin/user/invite', 'Invite user'],
  ['/admin/user/remove', 'Remove users'],
  ['/admin/user/roles', 'User roles'],
  ['/admin/user/roles/new', 'New role'],
  ['/admin/user/roles/assign', 'Assign role'],
  ['/admin/user/roles/edit/2', 'Edit role'],
])('%s shows "%s"', async (route, title) => {
  mount(route);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});

test('German titles', async () => {
  mount('/admin/user', 'de');
  expect(await screen.findByRole('heading', { level: 1, name: 'Benutzerverwaltung' })).toBeInTheDocument();
});

test('an unknown path under /admin/user goes to /admin/user', async () => {
  mount('/admin/user/nothing/here');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/user$/));
});

test('an invitation path without a token goes home', async () => {
  mount('/invitations/accept');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
});

test('the hub cards link to their screens', async () => {
  mount('/admin/user');
  await settled();
  expect(screen.getByRole('link', { name: 'Open: Invite user' })).toHaveAttribute('href', '/admin/user/invite');
  expect(screen.getByRole('link', { name: 'Open: Remove users' })).toHaveAttribute('href', '/admin/user/remove');
  expect(screen.getByRole('link', { name: 'Open: User roles' })).toHaveAttribute('href', '/admin/user/roles');
});

test('the roles screen buttons lead to new and assign', async () => {
  mount('/admin/user/roles');
  await settled();
  expect(screen.getByRole('link', { name: 'New role' })).toHaveAttribute('href', '/admin/user/roles/new');
  expect(screen.getByRole('link', { name: 'Assign role' })).toHaveAttribute('href', '/admin/user/roles/assign');
});

import { API, HttpResponse, rest, verifiedUser } from '@lager/shared/testing';
import { screen, within } from '@testing-library/react';
import { renderShell, setupShellServer, shellHandlers } from '../../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/runtime-stub').runtimeStub());

const server = setupShellServer();

const memberRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

test('the current warehouse: details and members with their roles', async () => {
  renderShell('/warehouse');
  expect(await screen.findByRole('heading', { level: 1, name: 'Warehouse: Hauptlager' })).toBeInTheDocument();
  await screen.findByText('Gastronomy');
  expect(screen.getByText('Business')).toBeInTheDocument();
  await screen.findByText('Lagerist', { selector: 'td span' });
  // In the language's alphabetical order (Intl.Collator), not the API's order (owner first).
  expect(memberRows()).toEqual([
    ['Gustav Guest', 'guest@example.com', 'Lagerist'],
    ['Nora Norole', 'norole@example.com', 'No role'],
    ['Olivia Owner', 'owner@example.com', 'Owner'],
  ]);
});

test('members are requested for the current warehouse', async () => {
  const asked: string[] = [];
  server.use(
    rest.get(`${API}/api/warehouse/:id/users`, ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json({ users: [] });
    }),
  );
  server.use(...shellHandlers({ user: { ...verifiedUser, current_warehouse_id: 12 } }).slice(0, 3));
  renderShell('/warehouse');
  expect(await screen.findByRole('heading', { level: 1, name: 'Warehouse: Werkstatt' })).toBeInTheDocument();
  await screen.findByRole('table');
  expect(asked).toEqual(['12']);
});

test('without the right to read role names, custom roles show a neutral label', async () => {
  server.use(
    rest.get(`${API}/api/admin/roles/:id`, () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
  );
  renderShell('/warehouse', 'de');
  await screen.findByRole('table');
  await screen.findByText('Mitglied');
  expect(memberRows().map((r) => r[2])).toEqual(['Mitglied', 'Keine Rolle', 'Besitzer']);
});

test('no warehouse selected: a clear message and links to my, guest and new warehouses', async () => {
  server.use(...shellHandlers({ user: { ...verifiedUser, current_warehouse_id: null } }));
  renderShell('/warehouse');
  expect(await screen.findByRole('heading', { name: 'No warehouse selected' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My warehouses' })).toHaveAttribute('href', '/admin/warehouse/my');
  expect(screen.getByRole('link', { name: 'Guest warehouses' })).toHaveAttribute('href', '/admin/warehouse/guest');
  expect(screen.getByRole('link', { name: 'Create a new warehouse' })).toHaveAttribute('href', '/admin/warehouse/new');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a member list that cannot load says so', async () => {
  server.use(rest.get(`${API}/api/warehouse/:id/users`, () => HttpResponse.json({ message: 'x' }, { status: 500 })));
  renderShell('/warehouse');
  expect(await screen.findByRole('alert')).toHaveTextContent('The members could not be loaded.');
});

import { browser } from '@lager/shared';
import { API, HttpResponse, rest, verifiedUser } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderShell, setupShellServer, shellHandlers } from '../../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/runtime-stub').runtimeStub());

const server = setupShellServer();
afterEach(() => jest.restoreAllMocks());

const card = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('section') as HTMLElement;
const factsOf = (section: HTMLElement) =>
  within(section)
    .getAllByRole('term')
    .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);

test('current warehouse with industry, usage and your role (translated)', async () => {
  renderShell('/dashboard');
  expect(await screen.findByText('Welcome, Olivia Owner!')).toBeInTheDocument();
  await screen.findByText('Gastronomy');
  expect(factsOf(card('Current warehouse'))).toEqual([
    'Name: Hauptlager',
    'Industry: Gastronomy',
    'Usage: Business',
    'Your role: Owner',
  ]);
  expect(within(card('Current warehouse')).getByRole('link', { name: 'Warehouse details' })).toHaveAttribute(
    'href',
    '/warehouse',
  );
});

test('your warehouses: owner label, no-role label, role name, current marked', async () => {
  renderShell('/dashboard');
  await screen.findByText('Vereinskeller');
  const rows = within(card('Your warehouses')).getAllByRole('listitem');
  expect(rows.map((r) => r.textContent)).toEqual([
    'HauptlagerOwnerCurrent',
    'VereinskellerNo roleSelect',
    'WerkstattLageristSelect',
  ]);
  expect(rows[0]).toHaveAttribute('aria-current', 'true');
});

test('German labels: Besitzer, Keine Rolle, translated industry and usage', async () => {
  renderShell('/dashboard', 'de');
  await screen.findByText('Vereinskeller');
  await screen.findByText('Gastronomie');
  expect(within(card('Ihre Lager')).getByText('Besitzer')).toBeInTheDocument();
  expect(within(card('Ihre Lager')).getByText('Keine Rolle')).toBeInTheDocument();
  expect(factsOf(card('Aktuelles Lager'))).toEqual([
    'Name: Hauptlager',
    'Branche: Gastronomie',
    'Verwendung: Geschäftlich',
    'Ihre Rolle: Besitzer',
  ]);
});

test('another warehouse can be made current from the list (PATCH, then reload)', async () => {
  const reload = jest.spyOn(browser, 'reload').mockImplementation(() => {});
  let body: unknown;
  server.use(
    rest.patch(`${API}/api/profile/setwarehouse`, async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ user: verifiedUser });
    }),
  );
  const { user } = renderShell('/dashboard');
  await user.click(await screen.findByRole('button', { name: 'Make Vereinskeller the current warehouse' }));
  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(body).toEqual({ warehouse_id: 11 });
});

test('no warehouses: a clear empty state with a link to create one', async () => {
  server.use(...shellHandlers({ user: { ...verifiedUser, current_warehouse_id: null }, warehouses: [] }));
  renderShell('/dashboard');
  expect(await screen.findByText('No warehouses yet.')).toBeInTheDocument();
  expect(within(card('Current warehouse')).getByText(/do not belong to any warehouse yet/)).toBeInTheDocument();
  expect(within(card('Your warehouses')).getByRole('link', { name: 'Create a new warehouse' })).toHaveAttribute(
    'href',
    '/admin/warehouse/new',
  );
});

test('warehouses but none selected: asks to choose one', async () => {
  server.use(...shellHandlers({ user: { ...verifiedUser, current_warehouse_id: null } }));
  renderShell('/dashboard');
  expect(await screen.findByText(/No warehouse selected/)).toBeInTheDocument();
  expect(within(card('Your warehouses')).getAllByRole('button', { name: /current warehouse/ })).toHaveLength(3);
});

test('links into the sections; user administration only with a permission', async () => {
  renderShell('/dashboard');
  const links = within(
    await screen.findByRole('heading', { name: 'Quick links' }).then((h) => h.closest('section') as HTMLElement),
  );
  expect(links.getByRole('link', { name: 'Warehouse administration' })).toHaveAttribute('href', '/admin/warehouse');
  expect(links.getByRole('link', { name: 'Create a new warehouse' })).toHaveAttribute('href', '/admin/warehouse/new');
  expect(links.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/user');
  expect(links.queryByRole('link', { name: 'User administration' })).not.toBeInTheDocument();
});

test('with a user-admin permission the quick links include user administration', async () => {
  server.use(...shellHandlers({ permissions: ['remove_user'] }));
  renderShell('/dashboard');
  expect(await screen.findByRole('link', { name: 'User administration' })).toHaveAttribute('href', '/admin/user');
});

test('a failed load says so', async () => {
  server.use(rest.get(`${API}/api/mywarehouses`, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
  renderShell('/dashboard');
  expect(await screen.findByRole('alert')).toHaveTextContent('Your warehouses could not be loaded.');
});

import { draftStorageKey, PERMISSION_GROUPS } from '@lager/shared';
import { API, HttpResponse, rest, setupApiServer, verifiedUser } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import {
  allHandlers,
  captureBodies,
  errorJson,
  mount,
  mountSettled,
  permissionId,
  settled,
} from '../../../testing/fixtures';

const server = setupApiServer(...allHandlers());

const captureSave = (method: 'post' | 'put', url: string, answer = () => HttpResponse.json({ role: {} })) =>
  captureBodies(server, method, url, answer);

const saveButton = () => screen.getByRole('button', { name: 'Save role' });

/** Names the role, gives it one permission (Create roles) and saves it. */
async function saveRoleThatCreatesRoles(user: ReturnType<typeof mount>['user'], name: string) {
  await user.type(screen.getByLabelText('Role name'), name);
  await user.click(screen.getByRole('checkbox', { name: 'Create roles' }));
  await user.click(saveButton());
}

/** Saves the role and waits for the way back to the roles list. */
async function saveAndBackToList(user: ReturnType<typeof mount>['user']) {
  await user.click(saveButton());
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/user/roles'));
}

test('permission labels come from the catalogue (translated), not the server text', async () => {
  const { unmount } = await mountSettled('/admin/user/roles/new');
  const list = screen.getByRole('group', { name: 'Permissions' });
  for (const label of ['Create roles', 'Edit roles', 'Delete roles', 'Assign roles to users', 'Invite users']) {
    expect(within(list).getByRole('checkbox', { name: label })).toBeInTheDocument();
  }
  expect(screen.queryByText(/server create_role/)).not.toBeInTheDocument();
  unmount();
  mount('/admin/user/roles/new', 'de');
  await settled();
  expect(screen.getByRole('checkbox', { name: 'Rollen erstellen' })).toBeInTheDocument();
});

test('an unknown permission name falls back to the server description', async () => {
  server.use(
    rest.get(`${API}/api/admin/permissions`, () =>
      HttpResponse.json([{ id: 99, name: 'audit_log', description: 'Protokoll lesen' }]),
    ),
  );
  mount('/admin/user/roles/new');
  expect(await screen.findByRole('checkbox', { name: 'Protokoll lesen' })).toBeInTheDocument();
});

/** The permissions as the API lists them, numbered in order here (ids 7..15 are the stock ones in this list). */
const THIRTEEN = [...PERMISSION_GROUPS.users, ...PERMISSION_GROUPS.stock].map((name, i) => ({
  id: i + 1,
  name,
  description: `server ${name}`,
}));

test.each([
  [
    'en',
    'Users and roles',
    ['Create roles', 'Edit roles', 'Delete roles', 'Assign roles to users', 'Invite users', 'Remove users'],
    'Stock',
    [
      'View stock',
      'Manage articles',
      'Book goods in and out',
      'Count and correct stock',
      'Transfer stock',
      'Reverse movements',
      'Manage storage locations',
      'See stock value and costs',
      'Run stock counts',
    ],
  ],
  [
    'de',
    'Benutzer und Rollen',
    [
      'Rollen erstellen',
      'Rollen bearbeiten',
      'Rollen löschen',
      'Benutzern Rollen zuweisen',
      'Benutzer einladen',
      'Benutzer entfernen',
    ],
    'Bestand',
    [
      'Bestand ansehen',
      'Artikel verwalten',
      'Waren ein- und ausbuchen',
      'Bestand zählen und korrigieren',
      'Bestand umlagern',
      'Bewegungen stornieren',
      'Lagerplätze verwalten',
      'Bestandswert und Einstandspreise sehen',
      'Inventuren durchführen',
    ],
  ],
] as const)('the thirteen permissions in two groups (%s)', async (language, usersLegend, users, stockLegend, stock) => {
  server.use(rest.get(`${API}/api/admin/permissions`, () => HttpResponse.json([...THIRTEEN].reverse())));
  mount('/admin/user/roles/new', language);
  const usersGroup = await screen.findByRole('group', { name: usersLegend });
  const stockGroup = screen.getByRole('group', { name: stockLegend });
  const labels = (group: HTMLElement) =>
    within(group)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.textContent!.trim());
  expect(labels(usersGroup)).toEqual(users);
  expect(labels(stockGroup)).toEqual(stock);
});

test('select all in the stock group ticks only the stock permissions and keeps the other group; ids are sent', async () => {
  server.use(rest.get(`${API}/api/admin/permissions`, () => HttpResponse.json(THIRTEEN)));
  const bodies = captureSave('post', 'api/admin/createrole');
  const { user } = mount('/admin/user/roles/new');
  const stockGroup = await screen.findByRole('group', { name: 'Stock' });
  const usersGroup = screen.getByRole('group', { name: 'Users and roles' });
  await user.type(screen.getByLabelText('Role name'), 'Lager');
  await user.click(within(usersGroup).getByRole('checkbox', { name: 'Invite users' }));
  await user.click(within(stockGroup).getByRole('button', { name: 'Select all' }));
  const checked = (group: HTMLElement) =>
    within(group)
      .getAllByRole('checkbox')
      .filter((b) => (b as HTMLInputElement).checked).length;
  expect(checked(stockGroup)).toBe(9);
  expect(checked(usersGroup)).toBe(1);
  await user.click(within(stockGroup).getByRole('checkbox', { name: 'Reverse movements' }));
  await user.click(saveButton());
  await waitFor(() => expect(bodies).toHaveLength(1));
  expect(bodies[0]).toEqual({ name: 'Lager', description: '', permissions: [5, 7, 8, 9, 10, 11, 13, 14, 15] });
});

test('submit stays disabled until the name is non-blank and a permission is ticked', async () => {
  const { user } = await mountSettled('/admin/user/roles/new');
  expect(saveButton()).toBeDisabled();
  await user.type(screen.getByLabelText('Role name'), '   ');
  await user.click(screen.getByRole('checkbox', { name: 'Edit roles' }));
  expect(saveButton()).toBeDisabled();
  await user.type(screen.getByLabelText('Role name'), 'Lager');
  expect(saveButton()).toBeEnabled();
  await user.click(screen.getByRole('checkbox', { name: 'Edit roles' }));
  expect(saveButton()).toBeDisabled();
});

test('select all / none on the permission checklist', async () => {
  const { user } = await mountSettled('/admin/user/roles/new');
  await user.click(screen.getByRole('button', { name: 'Select all' }));
  expect(screen.getAllByRole('checkbox').filter((b) => (b as HTMLInputElement).checked)).toHaveLength(6);
  await user.click(screen.getByRole('button', { name: 'Select none' }));
  expect(screen.getAllByRole('checkbox').filter((b) => (b as HTMLInputElement).checked)).toHaveLength(0);
});

test('new role: POST createrole with name, description and permission ids, then back to the roles list', async () => {
  const bodies = captureSave('post', 'api/admin/createrole', () => HttpResponse.json({ role: {} }, { status: 201 }));
  const { user } = await mountSettled('/admin/user/roles/new');
  await user.type(screen.getByLabelText('Role name'), ' Einkauf ');
  await user.type(screen.getByLabelText('Description'), 'Bestellt Waren');
  await user.click(screen.getByRole('checkbox', { name: 'Create roles' }));
  await user.click(screen.getByRole('checkbox', { name: 'Invite users' }));
  await saveAndBackToList(user);
  expect(bodies).toEqual([
    {
      name: 'Einkauf',
      description: 'Bestellt Waren',
      permissions: [permissionId('create_role'), permissionId('invite_user')],
    },
  ]);
  expect(window.localStorage.getItem(draftStorageKey('role-new', verifiedUser.id))).toBeNull();
});

test('the submit button is disabled while the save runs', async () => {
  server.use(
    rest.post(`${API}/api/admin/createrole`, async () => {
      await delay(50);
      return HttpResponse.json({ role: {} }, { status: 201 });
    }),
  );
  const { user } = await mountSettled('/admin/user/roles/new');
  await saveRoleThatCreatesRoles(user, 'Einkauf');
  expect(saveButton()).toBeDisabled();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/user/roles'));
});

test('save failure: "Failed to save the changes.", the form keeps its values', async () => {
  captureSave('post', 'api/admin/createrole', () => errorJson(500, 'Server Error'));
  const { user } = await mountSettled('/admin/user/roles/new');
  await saveRoleThatCreatesRoles(user, 'Einkauf');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save the changes.');
  expect(screen.getByLabelText('Role name')).toHaveValue('Einkauf');
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/user/roles/new');
});

test('save failure in German: "Fehler beim Speichern der Änderungen."', async () => {
  captureSave('put', 'api/admin/updaterole/2', () => errorJson(500, 'Server Error'));
  const { user } = await mountSettled('/admin/user/roles/edit/2', 'de');
  await user.click(screen.getByRole('button', { name: 'Rolle speichern' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Speichern der Änderungen.');
});

test('a duplicate role name (422 errors.name) says so', async () => {
  captureSave('post', 'api/admin/createrole', () =>
    HttpResponse.json({ message: 'invalid', errors: { name: ['taken'] } }, { status: 422 }),
  );
  const { user } = await mountSettled('/admin/user/roles/new');
  await saveRoleThatCreatesRoles(user, 'Lagerist');
  expect(await screen.findByRole('alert')).toHaveTextContent('A role with this name already exists in this warehouse.');
});

test('edit: the form is filled from the role; PUT updaterole, then back to the list', async () => {
  const bodies = captureSave('put', 'api/admin/updaterole/2');
  const { user } = await mountSettled('/admin/user/roles/edit/2');
  expect(screen.getByRole('heading', { level: 1, name: 'Edit role' })).toBeInTheDocument();
  expect(screen.getByLabelText('Role name')).toHaveValue('Lagerist');
  expect(screen.getByLabelText('Description')).toHaveValue('Bucht Waren');
  expect(screen.getByRole('checkbox', { name: 'Create roles' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Assign roles to users' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Edit roles' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Edit roles' }));
  await saveAndBackToList(user);
  expect(bodies).toEqual([
    {
      name: 'Lagerist',
      description: 'Bucht Waren',
      permissions: [permissionId('create_role'), permissionId('assign_user_role'), permissionId('edit_role')],
    },
  ]);
});

test('edit: load failure shows "Failed to load the role." / "Fehler beim Laden der Rolle."', async () => {
  server.use(rest.get(`${API}/api/admin/updaterole/:id`, () => errorJson(404, 'Not found')));
  const { unmount } = mount('/admin/user/roles/edit/2');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the role.');
  expect(screen.queryByRole('button', { name: 'Save role' })).not.toBeInTheDocument();
  unmount();
  mount('/admin/user/roles/edit/2', 'de');
  expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Laden der Rolle.');
});

test('edit: a role id that is not a number is a load error, without a request', async () => {
  mount('/admin/user/roles/edit/abc');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the role.');
});

test('the permission list failing to load shows an error', async () => {
  server.use(rest.get(`${API}/api/admin/permissions`, () => errorJson(500, 'Server Error')));
  mount('/admin/user/roles/new');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the permissions.');
});

test('drafts: a half-filled new role survives leaving the page', async () => {
  const first = await mountSettled('/admin/user/roles/new');
  await first.user.type(screen.getByLabelText('Role name'), 'Einkauf');
  await first.user.click(screen.getByRole('checkbox', { name: 'Invite users' }));
  first.unmount();
  mount('/admin/user/roles/new');
  await settled();
  expect(screen.getByLabelText('Role name')).toHaveValue('Einkauf');
  expect(screen.getByRole('checkbox', { name: 'Invite users' })).toBeChecked();
});

test('drafts: unsaved edits of a role win over the loaded role', async () => {
  const first = await mountSettled('/admin/user/roles/edit/2');
  await first.user.clear(screen.getByLabelText('Role name'));
  await first.user.type(screen.getByLabelText('Role name'), 'Lagerchef');
  first.unmount();
  mount('/admin/user/roles/edit/2');
  await settled();
  expect(screen.getByLabelText('Role name')).toHaveValue('Lagerchef');
});

test('drafts: an untouched edit form leaves no draft behind', async () => {
  const first = await mountSettled('/admin/user/roles/edit/2');
  first.unmount();
  expect(window.localStorage.getItem(draftStorageKey('role-edit:2', verifiedUser.id))).toBeNull();
});

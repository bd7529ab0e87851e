import { API, HttpResponse, rest, setupApiServer, verifiedUser } from '@lager/shared/testing';
import { screen, within } from '@testing-library/react';
import { delay } from 'msw';
import { allHandlers, captureBodies, errorJson, mount, mountSettled, settled } from '../../../testing/fixtures';

const server = setupApiServer(...allHandlers());

const capturePatch = (answer: () => Response = () => HttpResponse.json({ message: 'ok' })) =>
  captureBodies(server, 'patch', 'api/admin/updateuserrole', answer);

async function choose(user: ReturnType<typeof mount>['user'], member: string, role: string) {
  await user.selectOptions(screen.getByLabelText('User'), screen.getByRole('option', { name: member }));
  await user.selectOptions(screen.getByLabelText('Role'), screen.getByRole('option', { name: role }));
}

test('users: members of the current warehouse without yourself and owner-role members; roles of the warehouse', async () => {
  const requested: string[] = [];
  server.use(
    rest.get(`${API}/api/warehouse/:id/users`, ({ params }) => {
      requested.push(String(params.id));
      return HttpResponse.json({
        users: [
          { id: 1, name: 'Olivia Owner', email: 'owner@example.com', pivot: { role_id: 2 } },
          { id: 5, name: 'Otto Coowner', email: 'otto@example.com', pivot: { role_id: 1 } },
          { id: 6, name: 'Gina Guest', email: 'gina@example.com', pivot: { role_id: 2 } },
          { id: 7, name: 'Nora Norole', email: 'nora@example.com', pivot: { role_id: null } },
        ],
      });
    }),
  );
  mount('/admin/user/roles/assign');
  await settled();
  expect(requested).toEqual([String(verifiedUser.current_warehouse_id)]);
  const users = within(screen.getByLabelText('User'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(users).toEqual(['Please choose …', 'Gina Guest (gina@example.com)', 'Nora Norole (nora@example.com)']);
  const roles = within(screen.getByLabelText('Role'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  // In the language's alphabetical order (Intl.Collator), not the server's.
  expect(roles).toEqual(['Please choose …', 'Einkauf', 'Lagerist', 'Viewer']);
});

test('assigning sends user_id, warehouse_id and new_role_id and confirms', async () => {
  const bodies = capturePatch();
  const { user } = await mountSettled('/admin/user/roles/assign');
  await choose(user, 'Nora Norole (nora@example.com)', 'Einkauf');
  await user.click(screen.getByRole('button', { name: 'Assign' }));
  expect(await screen.findByRole('status')).toHaveTextContent('The role was assigned.');
  expect(bodies).toEqual([{ user_id: 7, warehouse_id: 10, new_role_id: 4 }]);
});

test('both selects are required', async () => {
  const bodies = capturePatch();
  const { user } = await mountSettled('/admin/user/roles/assign');
  await user.click(screen.getByRole('button', { name: 'Assign' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields.');
  await user.selectOptions(screen.getByLabelText('User'), '6');
  await user.click(screen.getByRole('button', { name: 'Assign' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields.');
  expect(bodies).toEqual([]);
});

test.each([
  [
    'the server text when there is one',
    () => errorJson(403, 'This action is unauthorized.'),
    'This action is unauthorized.',
  ],
  [
    'the fallback without a server text',
    () => new HttpResponse(null, { status: 500 }),
    'Failed to assign the user role',
  ],
  ['the fallback when the network fails', () => HttpResponse.error(), 'Failed to assign the user role'],
])('failure shows %s', async (_case, answer, text) => {
  capturePatch(answer);
  const { user } = await mountSettled('/admin/user/roles/assign');
  await choose(user, 'Gina Guest (gina@example.com)', 'Viewer');
  await user.click(screen.getByRole('button', { name: 'Assign' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
});

test('the fallback in German', async () => {
  capturePatch(() => new HttpResponse(null, { status: 500 }));
  const { user } = await mountSettled('/admin/user/roles/assign', 'de');
  await user.selectOptions(screen.getByLabelText('Benutzer'), '6');
  await user.selectOptions(screen.getByLabelText('Rolle'), '3');
  await user.click(screen.getByRole('button', { name: 'Zuweisen' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Die Benutzerrolle konnte nicht zugewiesen werden');
});

test('the submit button is disabled while the request runs', async () => {
  capturePatch();
  server.use(
    rest.patch(`${API}/api/admin/updateuserrole`, async () => {
      await delay(50);
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  const { user } = await mountSettled('/admin/user/roles/assign');
  await choose(user, 'Gina Guest (gina@example.com)', 'Viewer');
  await user.click(screen.getByRole('button', { name: 'Assign' }));
  expect(screen.getByRole('button', { name: 'Assign' })).toBeDisabled();
  expect(await screen.findByRole('status')).toHaveTextContent('The role was assigned.');
  expect(screen.getByRole('button', { name: 'Assign' })).toBeEnabled();
});

test.each([
  ['users', `${API}/api/warehouse/:id/users`],
  ['roles', `${API}/api/admin/roles/:warehouseId`],
])('the %s failing to load shows the options-load error', async (_what, url) => {
  server.use(rest.get(url, () => errorJson(500, 'Server Error')));
  mount('/admin/user/roles/assign');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the users and roles.');
  expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
});

test('the options-load error in German', async () => {
  server.use(rest.get(`${API}/api/warehouse/:id/users`, () => errorJson(500, 'Server Error')));
  mount('/admin/user/roles/assign', 'de');
  expect(await screen.findByRole('alert')).toHaveTextContent('Benutzer und Rollen konnten nicht geladen werden.');
});

test('nobody to assign: a hint instead of an empty choice', async () => {
  server.use(
    rest.get(`${API}/api/warehouse/:id/users`, () =>
      HttpResponse.json({ users: [{ id: 1, name: 'Olivia', email: 'o@example.com', pivot: { role_id: 1 } }] }),
    ),
  );
  mount('/admin/user/roles/assign');
  expect(await screen.findByText('There are no users you could assign a role to.')).toBeInTheDocument();
});

test('without a current warehouse: the no-warehouse message', async () => {
  server.use(...allHandlers(undefined, { ...verifiedUser, current_warehouse_id: null }));
  mount('/admin/user/roles/assign');
  expect(await screen.findByRole('link', { name: 'My warehouses' })).toBeInTheDocument();
});

test('the owner role is never offered, even if a server lists it', async () => {
  server.use(
    rest.get(`${API}/api/admin/roles/:warehouseId`, () =>
      HttpResponse.json({
        roles: [
          { id: 1, name: 'owner', description: null },
          { id: 2, name: 'Lagerist', description: null },
        ],
      }),
    ),
  );
  mount('/admin/user/roles/assign');
  await settled();
  const roles = within(screen.getByLabelText('Role'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(roles).toEqual(['Please choose …', 'Lagerist']);
});

import { API, HttpResponse, rest, setupApiServer, verifiedUser } from '@lager/shared/testing';
import { screen, within } from '@testing-library/react';
import { delay } from 'msw';
import {
  allHandlers,
  captureBodies,
  errorJson,
  MEMBERS,
  mount,
  mountSettled,
  settled,
} from '../../../testing/fixtures';

const server = setupApiServer(...allHandlers());

const captureRemovals = (answer: () => Response = () => HttpResponse.json({ message: 'ok', removed: 2 })) =>
  captureBodies(server, 'delete', 'api/admin/warehouse/remove-users', answer);

test('lists the members of the current warehouse without yourself and owner-role members', async () => {
  mount('/admin/user/remove');
  await settled();
  const names = screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent?.trim());
  expect(names).toEqual(['Gina Guest (gina@example.com)', 'Nora Norole (nora@example.com)']);
});

test('remove selected is disabled until someone is selected', async () => {
  const { user } = await mountSettled('/admin/user/remove');
  expect(screen.getByRole('button', { name: 'Remove selected' })).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: /Gina/ }));
  expect(screen.getByRole('button', { name: 'Remove selected' })).toBeEnabled();
});

test('select all → confirm dialog titled "Remove Users" → DELETE with user_ids → success message', async () => {
  const bodies = captureRemovals();
  let remaining = MEMBERS;
  server.use(rest.get(`${API}/api/warehouse/:id/users`, () => HttpResponse.json({ users: remaining })));
  const { user } = await mountSettled('/admin/user/remove');
  await user.click(screen.getByRole('button', { name: 'Select all' }));
  await user.click(screen.getByRole('button', { name: 'Remove selected' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove Users' });
  expect(dialog).toHaveTextContent('Do you really want to remove 2 users from this warehouse?');
  remaining = MEMBERS.filter((m) => m.pivot.role_id === 1);
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Users removed successfully.');
  expect(bodies).toEqual([{ user_ids: [6, 7] }]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // The list refreshes from the server.
  expect(await screen.findByText('There are no users you could remove.')).toBeInTheDocument();
});

test('the dialog in German: "Benutzer entfernen", one user', async () => {
  const { user } = await mountSettled('/admin/user/remove', 'de');
  await user.click(screen.getByRole('checkbox', { name: /Nora/ }));
  await user.click(screen.getByRole('button', { name: 'Ausgewählte entfernen' }));
  expect(screen.getByRole('dialog', { name: 'Benutzer entfernen' })).toHaveTextContent(
    'Möchten Sie wirklich 1 Benutzer aus diesem Lager entfernen?',
  );
});

test('cancel removes nobody', async () => {
  const bodies = captureRemovals();
  const { user } = await mountSettled('/admin/user/remove');
  await user.click(screen.getByRole('checkbox', { name: /Nora/ }));
  await user.click(screen.getByRole('button', { name: 'Remove selected' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(bodies).toEqual([]);
});

test('the confirm button is disabled while the removal runs', async () => {
  server.use(
    rest.delete(`${API}/api/admin/warehouse/remove-users`, async () => {
      await delay(50);
      return HttpResponse.json({ message: 'ok', removed: 1 });
    }),
  );
  const { user } = await mountSettled('/admin/user/remove');
  await user.click(screen.getByRole('checkbox', { name: /Nora/ }));
  await user.click(screen.getByRole('button', { name: 'Remove selected' }));
  const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' });
  await user.click(confirm);
  expect(confirm).toBeDisabled();
  expect(await screen.findByRole('status')).toHaveTextContent('Users removed successfully.');
});

test.each([
  ['en', 'Failed to remove users.'],
  ['de', 'Benutzer konnten nicht entfernt werden.'],
] as const)('failure (%s): "%s"', async (language, text) => {
  captureRemovals(() => errorJson(500, 'Server Error'));
  const { user } = await mountSettled('/admin/user/remove', language);
  await user.click(screen.getAllByRole('checkbox')[0]!);
  await user.click(
    screen.getByRole('button', { name: language === 'en' ? 'Remove selected' : 'Ausgewählte entfernen' }),
  );
  await user.click(
    within(screen.getByRole('dialog')).getByRole('button', { name: language === 'en' ? 'Remove' : 'Entfernen' }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
});

test.each([
  ['en', 'Failed to load the user list.'],
  ['de', 'Benutzerliste konnte nicht geladen werden.'],
] as const)('load failure (%s): "%s"', async (language, text) => {
  server.use(rest.get(`${API}/api/warehouse/:id/users`, () => errorJson(500, 'Server Error')));
  mount('/admin/user/remove', language);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
});

test('without a current warehouse: the no-warehouse message', async () => {
  server.use(...allHandlers(undefined, { ...verifiedUser, current_warehouse_id: null }));
  mount('/admin/user/remove');
  expect(await screen.findByRole('link', { name: 'Guest warehouses' })).toBeInTheDocument();
});

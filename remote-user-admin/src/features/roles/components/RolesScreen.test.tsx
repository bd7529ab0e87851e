import { API, HttpResponse, rest, setupApiServer, verifiedUser } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { allHandlers, errorJson, mount, mountSettled, settled } from '../../../testing/fixtures';

const server = setupApiServer(...allHandlers());

/** Records every DELETE body and how many deletions ran at the same time. */
function recordDeletions(fail?: (roleId: number) => boolean) {
  const bodies: unknown[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  server.use(
    rest.delete(`${API}/api/admin/deleterole`, async ({ request }) => {
      const body = (await request.json()) as { role_id: number };
      bodies.push(body);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await delay(20);
      inFlight -= 1;
      if (fail?.(body.role_id)) return errorJson(500, 'Server Error');
      return HttpResponse.json({ message: 'Role deleted.' });
    }),
  );
  return { bodies, maxInFlight: () => maxInFlight };
}

test('without a current warehouse: the no-warehouse message with links to my and guest warehouses', async () => {
  server.use(...allHandlers(undefined, { ...verifiedUser, current_warehouse_id: null }));
  mount('/admin/user/roles');
  expect(await screen.findByText(/No warehouse selected/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My warehouses' })).toHaveAttribute('href', '/admin/warehouse/my');
  expect(screen.getByRole('link', { name: 'Guest warehouses' })).toHaveAttribute('href', '/admin/warehouse/guest');
});

test('the no-warehouse message in German', async () => {
  server.use(...allHandlers(undefined, { ...verifiedUser, current_warehouse_id: null }));
  mount('/admin/user/roles', 'de');
  expect(await screen.findByText(/Kein Lager ausgewählt/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Meine Lager' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Gastlager' })).toBeInTheDocument();
});

test('lists the roles of the current warehouse with edit links', async () => {
  let requested = '';
  server.use(
    rest.get(`${API}/api/admin/roles/:warehouseId`, ({ params }) => {
      requested = String(params.warehouseId);
      return HttpResponse.json({ roles: [{ id: 2, name: 'Lagerist', description: 'Bucht Waren' }] });
    }),
  );
  mount('/admin/user/roles');
  await settled();
  expect(requested).toBe('10');
  expect(screen.getByRole('link', { name: 'Edit: Lagerist' })).toHaveAttribute('href', '/admin/user/roles/edit/2');
});

test('delete with nothing selected: "No role selected!" and no request', async () => {
  const { bodies } = recordDeletions();
  const { user } = await mountSettled('/admin/user/roles');
  await user.click(screen.getByRole('button', { name: 'Delete selected' }));
  expect(screen.getByRole('alert')).toHaveTextContent('No role selected!');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(bodies).toEqual([]);
});

test('delete with nothing selected in German: "Keine Rolle ausgewählt!"', async () => {
  const { user } = await mountSettled('/admin/user/roles', 'de');
  await user.click(screen.getByRole('button', { name: 'Ausgewählte löschen' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Keine Rolle ausgewählt!');
});

test('select all / none tick and untick every role', async () => {
  const { user } = await mountSettled('/admin/user/roles');
  await user.click(screen.getByRole('button', { name: 'Select all' }));
  for (const box of screen.getAllByRole('checkbox')) expect(box).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Select none' }));
  for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
});

test('the confirm dialog says how many roles; deletion runs one at a time in list order', async () => {
  const deletions = recordDeletions();
  const { user } = await mountSettled('/admin/user/roles');
  // Ticked in reverse: the order sent is still the listed order.
  await user.click(screen.getByRole('checkbox', { name: /Einkauf/ }));
  await user.click(screen.getByRole('checkbox', { name: /Lagerist/ }));
  await user.click(screen.getByRole('button', { name: 'Delete selected' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete roles' });
  expect(dialog).toHaveTextContent('Do you really want to delete 2 roles?');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('status')).toHaveTextContent('The selected roles were deleted.');
  // Listed alphabetically (Intl.Collator): Einkauf (4) before Lagerist (2), whatever order the server sent.
  expect(deletions.bodies).toEqual([
    { warehouse_id: 10, role_id: 4 },
    { warehouse_id: 10, role_id: 2 },
  ]);
  expect(deletions.maxInFlight()).toBe(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('one role: singular dialog text; in German too', async () => {
  const { user, unmount } = await mountSettled('/admin/user/roles');
  await user.click(screen.getByRole('checkbox', { name: /Viewer/ }));
  await user.click(screen.getByRole('button', { name: 'Delete selected' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('Do you really want to delete 1 role?');
  unmount();
  const de = await mountSettled('/admin/user/roles', 'de');
  await de.user.click(screen.getByRole('button', { name: 'Alle auswählen' }));
  await de.user.click(screen.getByRole('button', { name: 'Ausgewählte löschen' }));
  expect(screen.getByRole('dialog', { name: 'Rollen löschen' })).toHaveTextContent(
    'Möchten Sie wirklich 3 Rollen löschen?',
  );
});

test('cancelling the dialog deletes nothing', async () => {
  const { bodies } = recordDeletions();
  const { user } = await mountSettled('/admin/user/roles');
  await user.click(screen.getByRole('button', { name: 'Select all' }));
  await user.click(screen.getByRole('button', { name: 'Delete selected' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(bodies).toEqual([]);
});

test('a failed deletion stops the run and shows "Failed to delete the role(s)."', async () => {
  const deletions = recordDeletions((roleId) => roleId === 3);
  const { user } = await mountSettled('/admin/user/roles');
  await user.click(screen.getByRole('button', { name: 'Select all' }));
  await user.click(screen.getByRole('button', { name: 'Delete selected' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete the role(s).');
  // Einkauf, Lagerist, then Viewer (3) fails: nothing after it is sent.
  expect(deletions.bodies).toEqual([
    { warehouse_id: 10, role_id: 4 },
    { warehouse_id: 10, role_id: 2 },
    { warehouse_id: 10, role_id: 3 },
  ]);
});

test('the failure text in German: "Fehler beim Löschen der Rolle(n)."', async () => {
  recordDeletions(() => true);
  const { user } = await mountSettled('/admin/user/roles', 'de');
  await user.click(screen.getByRole('checkbox', { name: /Viewer/ }));
  await user.click(screen.getByRole('button', { name: 'Ausgewählte löschen' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Löschen' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Löschen der Rolle(n).');
});

test('the delete button is disabled while the deletions run', async () => {
  recordDeletions();
  const { user } = await mountSettled('/admin/user/roles');
  await user.click(screen.getByRole('checkbox', { name: /Viewer/ }));
  await user.click(screen.getByRole('button', { name: 'Delete selected' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
  expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })).toBeDisabled();
  // `hidden`: the page behind the open dialog is hidden from assistive technology.
  expect(screen.getByRole('button', { name: 'Delete selected', hidden: true })).toBeDisabled();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('the role list failing to load shows an error', async () => {
  server.use(rest.get(`${API}/api/admin/roles/:warehouseId`, () => errorJson(500, 'Server Error')));
  mount('/admin/user/roles');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the roles');
});

test('no roles yet: an empty message', async () => {
  server.use(rest.get(`${API}/api/admin/roles/:warehouseId`, () => HttpResponse.json({ roles: [] })));
  mount('/admin/user/roles');
  expect(await screen.findByText('There are no roles in this warehouse yet.')).toBeInTheDocument();
});

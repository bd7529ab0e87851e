import { browser, DELAYS } from '@lager/shared';
import { API, HttpResponse, rest, sessionHandlers, setupApiServer } from '@lager/shared/testing';
import { act, screen, within } from '@testing-library/react';
import type { Warehouse } from '../../../api/generated';
import { expectRetryAfterFailedLoad, mountWarehouseAdmin, warehouse } from '../../../testing/fixtures';

// A small stateful server: deleting really removes warehouses from the owned list.
let owned: Warehouse[] = [];
let deleteRequests: unknown[] = [];
let deleteAnswer: { status: number; body: object } | null = null;
const server = setupApiServer(
  ...sessionHandlers(),
  rest.get(`${API}/api/mywarehouses/owned`, () => HttpResponse.json({ warehouses: owned })),
  rest.post(`${API}/api/admin/warehouse/delete`, async ({ request }) => {
    const body = (await request.json()) as { warehouse_ids: number[]; password: string };
    deleteRequests.push(body);
    if (deleteAnswer) return HttpResponse.json(deleteAnswer.body, { status: deleteAnswer.status });
    owned = owned.filter((w) => !body.warehouse_ids.includes(w.id));
    return HttpResponse.json({ message: 'Deleted.', deleted: body.warehouse_ids.length });
  }),
);

let reload: jest.SpyInstance;
beforeEach(() => {
  owned = [warehouse(1, 'Alpha'), warehouse(2, 'Beta'), warehouse(3, 'Gamma')];
  deleteRequests = [];
  deleteAnswer = null;
  reload = jest.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  reload.mockRestore();
  jest.useRealTimers();
});

const mount = (language: 'de' | 'en' = 'en') => mountWarehouseAdmin('/admin/warehouse/my', language);

async function openDeleteDialog(names: string[]) {
  const view = mount();
  await screen.findByRole('checkbox', { name: 'Alpha' });
  for (const name of names) await view.user.click(screen.getByRole('checkbox', { name }));
  await view.user.click(screen.getByRole('button', { name: 'Delete selected' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Delete warehouses' }) };
}

test('shows a loading state, then the owned warehouses with edit links', async () => {
  mount();
  expect(screen.getByRole('status')).toHaveTextContent('Loading …');
  expect(await screen.findByRole('checkbox', { name: 'Alpha' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Gamma' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit Beta' })).toHaveAttribute('href', '/admin/warehouse/edit/2');
});

test('delete selected is disabled until something is ticked; select all / none', async () => {
  const { user } = mount();
  await screen.findByRole('checkbox', { name: 'Alpha' });
  const remove = screen.getByRole('button', { name: 'Delete selected' });
  expect(remove).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: 'Beta' }));
  expect(remove).toBeEnabled();
  await user.click(screen.getByRole('button', { name: 'Select all' }));
  for (const name of ['Alpha', 'Beta', 'Gamma']) expect(screen.getByRole('checkbox', { name })).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Select none' }));
  for (const name of ['Alpha', 'Beta', 'Gamma']) expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
  expect(remove).toBeDisabled();
});

test('without warehouses: a message and a create button', async () => {
  owned = [];
  mount('de');
  expect(await screen.findByText('Sie besitzen noch keine Lager.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Lager anlegen' })).toHaveAttribute('href', '/admin/warehouse/new');
  expect(screen.queryByRole('button', { name: 'Ausgewählte löschen' })).not.toBeInTheDocument();
});

test('a failed load shows an error with retry', async () => {
  await expectRetryAfterFailedLoad(server, '/api/mywarehouses/owned', mount, 'Alpha');
});

test('deleting several: ONE request with every selected id and the password; message, then close and reload after 2000 ms', async () => {
  jest.useFakeTimers();
  const { user, dialog } = await openDeleteDialog(['Alpha', 'Gamma']);
  expect(dialog).toHaveTextContent('Delete 2 warehouses');
  await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

  expect(await within(dialog).findByRole('status')).toHaveTextContent('2 warehouses were deleted.');
  expect(deleteRequests).toEqual([{ warehouse_ids: [1, 3], password: 'secret-pass' }]);
  // The list is refreshed by tag invalidation, not only by the reload (`hidden`: it is behind the open dialog).
  expect(await screen.findByRole('checkbox', { name: 'Beta', hidden: true })).toBeInTheDocument();
  expect(screen.queryByRole('checkbox', { name: 'Alpha', hidden: true })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();

  act(() => jest.advanceTimersByTime(DELAYS.warehouseDeleteReload - 1));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a blank password is refused before anything is sent', async () => {
  const { user, dialog } = await openDeleteDialog(['Beta']);
  expect(dialog).toHaveTextContent('Delete 1 warehouse');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password field cannot be empty.');
  expect(deleteRequests).toEqual([]);
});

test.each([
  [
    422,
    { message: 'The password field is required.', errors: { password: ['required'] } },
    'The password field cannot be empty.',
  ],
  [403, { message: 'Incorrect password.' }, 'The password is incorrect.'],
  [403, { message: 'This action is unauthorized.' }, 'An error occurred.'],
  [500, { message: 'Incorrect password' }, 'An error occurred.'],
])('server answer %i %j → "%s"; the popup stays, nothing reloads', async (status, body, text) => {
  jest.useFakeTimers();
  deleteAnswer = { status, body };
  const { user, dialog } = await openDeleteDialog(['Beta']);
  await user.type(within(dialog).getByLabelText('Password'), 'whatever1');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  act(() => jest.advanceTimersByTime(DELAYS.warehouseDeleteReload));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
  expect(screen.getByRole('checkbox', { name: 'Beta', hidden: true })).toBeInTheDocument();
});

test('German texts in the popup', async () => {
  deleteAnswer = { status: 403, body: { message: 'Incorrect password' } };
  const { user } = mount('de');
  await user.click(await screen.findByRole('checkbox', { name: 'Alpha' }));
  await user.click(screen.getByRole('button', { name: 'Ausgewählte löschen' }));
  const dialog = screen.getByRole('dialog', { name: 'Lager löschen' });
  await user.type(within(dialog).getByLabelText('Passwort'), 'falsch123');
  await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Das Passwort ist falsch.');
});

test('the confirm button is disabled while the request runs; cancel closes the popup', async () => {
  let answer!: () => void;
  server.use(
    rest.post(`${API}/api/admin/warehouse/delete`, async ({ request }) => {
      deleteRequests.push(await request.json());
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return HttpResponse.json({ message: 'nope' }, { status: 500 });
    }),
  );
  const { user, dialog } = await openDeleteDialog(['Alpha']);
  await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
  const confirm = within(dialog).getByRole('button', { name: 'Delete' });
  await user.click(confirm);
  expect(confirm).toBeDisabled();
  await user.click(confirm);
  await act(async () => answer());
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error occurred.');
  expect(deleteRequests).toHaveLength(1);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

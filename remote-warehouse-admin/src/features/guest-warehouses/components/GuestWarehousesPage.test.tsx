import { DELAYS } from '@lager/shared';
import { API, HttpResponse, rest, sessionHandlers, setupApiServer } from '@lager/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Warehouse } from '../../../api/generated';
import { expectRetryAfterFailedLoad, mountWarehouseAdmin, warehouse } from '../../../testing/fixtures';

// Stateful: a successful leave really removes the warehouse; `failFor` makes one id fail.
let guest: Warehouse[] = [];
let leaveRequests: Array<{ id: number; body: unknown }> = [];
let failFor: { id: number; status: number; body: object } | null = null;
const server = setupApiServer(
  ...sessionHandlers(),
  rest.get(`${API}/api/mywarehouses/guest`, () => HttpResponse.json({ warehouses: guest })),
  rest.delete(`${API}/api/warehouse/:id/leave`, async ({ params, request }) => {
    const id = Number(params.id);
    leaveRequests.push({ id, body: await request.json() });
    if (failFor && (failFor.id === id || failFor.id === 0)) {
      return HttpResponse.json(failFor.body, { status: failFor.status });
    }
    guest = guest.filter((w) => w.id !== id);
    return HttpResponse.json({ message: 'Left.' });
  }),
);

beforeEach(() => {
  guest = [warehouse(11, 'Annex'), warehouse(12, 'Basement'), warehouse(13, 'Cellar')];
  leaveRequests = [];
  failFor = null;
});
afterEach(() => jest.useRealTimers());

const mount = (language: 'de' | 'en' = 'en') => mountWarehouseAdmin('/admin/warehouse/guest', language);

async function leave(names: string[], password = 'my-password') {
  const view = mount();
  await screen.findByRole('checkbox', { name: 'Annex' });
  for (const name of names) await view.user.click(screen.getByRole('checkbox', { name }));
  await view.user.click(screen.getByRole('button', { name: 'Leave selected' }));
  const dialog = screen.getByRole('dialog', { name: 'Leave warehouses' });
  if (password) await view.user.type(within(dialog).getByLabelText('Password'), password);
  await view.user.click(within(dialog).getByRole('button', { name: 'Leave' }));
  return { ...view, dialog };
}

// `hidden: true`: while the dialog is open the list behind it is hidden from assistive technology (aria-hidden).
const listed = () =>
  screen.getAllByRole('checkbox', { hidden: true }).map((c) => c.closest('label')?.textContent?.trim());

test('a loading state, then the guest warehouses; leave selected needs a selection', async () => {
  const { user } = mount();
  expect(screen.getByRole('status')).toHaveTextContent('Loading …');
  await screen.findByRole('checkbox', { name: 'Annex' });
  expect(listed()).toEqual(['Annex', 'Basement', 'Cellar']);
  const button = screen.getByRole('button', { name: 'Leave selected' });
  expect(button).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Select all' }));
  expect(button).toBeEnabled();
  await user.click(screen.getByRole('button', { name: 'Select none' }));
  expect(button).toBeDisabled();
});

test('without guest warehouses: an empty-state message', async () => {
  guest = [];
  mount('de');
  expect(await screen.findByText('Sie sind in keinem Lager Gast.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Ausgewählte verlassen' })).not.toBeInTheDocument();
});

test('leaving several: one request per warehouse, in order, each with the password; list reloads, dialog closes after 2000 ms', async () => {
  jest.useFakeTimers();
  const { dialog } = await leave(['Cellar', 'Annex']);
  expect(dialog).toHaveTextContent('Leave 2 warehouses?');
  expect(await within(dialog).findByRole('status')).toHaveTextContent('You left 2 warehouses.');
  expect(leaveRequests).toEqual([
    { id: 13, body: { password: 'my-password' } },
    { id: 11, body: { password: 'my-password' } },
  ]);
  expect(await screen.findByRole('checkbox', { name: 'Basement', hidden: true })).toBeInTheDocument();
  expect(listed()).toEqual(['Basement']);

  act(() => jest.advanceTimersByTime(DELAYS.guestLeaveClose - 1));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the next warehouse is left only after the previous answer arrived', async () => {
  const gates: Array<() => void> = [];
  server.use(
    rest.delete(`${API}/api/warehouse/:id/leave`, async ({ params }) => {
      leaveRequests.push({ id: Number(params.id), body: null });
      await new Promise<void>((resolve) => gates.push(resolve));
      guest = guest.filter((w) => w.id !== Number(params.id));
      return HttpResponse.json({ message: 'Left.' });
    }),
  );
  const { dialog } = await leave(['Annex', 'Basement']);
  await screen.findByRole('button', { name: 'Leave' });
  expect(within(dialog).getByRole('button', { name: 'Leave' })).toBeDisabled();
  expect(leaveRequests.map((r) => r.id)).toEqual([11]);
  await act(async () => gates[0]!());
  await waitFor(() => expect(leaveRequests.map((r) => r.id)).toEqual([11, 12]));
  await act(async () => gates[1]!());
  expect(await within(dialog).findByRole('status')).toHaveTextContent('You left 2 warehouses.');
});

test('when one fails the run stops, the error shows (no success) and the list shows what really remains', async () => {
  jest.useFakeTimers();
  failFor = { id: 12, status: 500, body: { message: 'Server Error' } };
  const { dialog } = await leave(['Annex', 'Basement', 'Cellar']);
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error occurred.');
  expect(leaveRequests.map((r) => r.id)).toEqual([11, 12]);
  expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  await waitFor(() => expect(listed()).toEqual(['Basement', 'Cellar']));
  // The remaining two stay selected so the user can retry them.
  expect(screen.getByRole('checkbox', { name: 'Basement', hidden: true })).toBeChecked();
  // The dialog stays open with the error so it can be read and the password corrected.
  act(() => jest.advanceTimersByTime(DELAYS.guestLeaveClose));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Leave' })).toBeEnabled();
});

test.each([
  [422, { message: 'The password field is required.' }, 'The password field cannot be empty.'],
  [403, { message: 'Incorrect password.' }, 'The password is incorrect.'],
  [403, { message: 'You cannot leave this warehouse.' }, 'An error occurred.'],
  [404, { message: 'Not found.' }, 'An error occurred.'],
])('answer %i %j → "%s"', async (status, body, text) => {
  failFor = { id: 0, status, body };
  const { dialog } = await leave(['Annex', 'Basement']);
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  expect(leaveRequests.map((r) => r.id)).toEqual([11]);
});

test('a blank password is refused before anything is sent', async () => {
  const { dialog } = await leave(['Annex'], '');
  expect(dialog).toHaveTextContent('Leave 1 warehouse?');
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password field cannot be empty.');
  expect(leaveRequests).toEqual([]);
});

test('German texts', async () => {
  failFor = { id: 0, status: 403, body: { message: 'Incorrect password' } };
  const { user } = mount('de');
  await user.click(await screen.findByRole('checkbox', { name: 'Annex' }));
  await user.click(screen.getByRole('button', { name: 'Ausgewählte verlassen' }));
  const dialog = screen.getByRole('dialog', { name: 'Lager verlassen' });
  await user.click(within(dialog).getByRole('button', { name: 'Verlassen' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Das Passwortfeld darf nicht leer sein.');
  await user.type(within(dialog).getByLabelText('Passwort'), 'falsch123');
  await user.click(within(dialog).getByRole('button', { name: 'Verlassen' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Das Passwort ist falsch.');
});

test('a failed load shows an error with retry', async () => {
  await expectRetryAfterFailedLoad(server, '/api/mywarehouses/guest', mount, 'Annex');
});

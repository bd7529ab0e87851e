import { API, HttpResponse, rest, sessionHandlers, setupApiServer } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { ListDigestSubscriptionsApiResponse } from '../../../api/generated';
import { openUserScreen } from '../../../testing/mount';

const server = setupApiServer(...sessionHandlers());

type Entry = ListDigestSubscriptionsApiResponse['warehouses'][number];
let warehouses: Entry[] = [];
let puts: { id: string; body: unknown }[] = [];
let deletes: string[] = [];
beforeEach(() => {
  puts = [];
  deletes = [];
  warehouses = [
    { warehouse_id: 1, name: 'Hauptlager', subscribed: false, hour: null, time_zone: null },
    { warehouse_id: 2, name: 'Keller', subscribed: true, hour: 18, time_zone: 'America/New_York' },
  ];
  server.use(
    rest.get(`${API}/api/digests`, () => HttpResponse.json({ warehouses })),
    rest.put(`${API}/api/digests/:id`, async ({ params, request }) => {
      const body = (await request.json()) as { hour: number; time_zone: string };
      puts.push({ id: String(params.id), body });
      return HttpResponse.json({
        subscription: { warehouse_id: Number(params.id), name: 'x', subscribed: true, ...body },
      });
    }),
    rest.delete(`${API}/api/digests/:id`, ({ params }) => {
      deletes.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

const form = (name: string) => screen.getByRole('form', { name });

test('subscribes a warehouse at the chosen hour in the browser’s time zone (German)', async () => {
  const { user } = await openUserScreen('de');
  expect(await screen.findByRole('heading', { name: 'Bestandswarnung' })).toBeInTheDocument();
  const main = form('Hauptlager');
  await user.click(within(main).getByLabelText('Tägliche Bestandswarnung für Hauptlager'));
  await user.selectOptions(within(main).getByLabelText('Senden um'), '06:00');
  expect(within(main).getByLabelText('Zeitzone')).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
  await user.click(within(main).getByRole('button', { name: 'Bestandswarnung für Hauptlager speichern' }));
  expect(await within(main).findByText('Gespeichert: Die Bestandswarnung ist eingeschaltet.')).toBeInTheDocument();
  expect(puts).toEqual([{ id: '1', body: { hour: 6, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone } }]);
});

test('shows an existing subscription and turns it off', async () => {
  const { user } = await openUserScreen('en');
  const cellar = await screen.findByRole('form', { name: 'Keller' });
  const box = within(cellar).getByLabelText('Daily digest for Keller');
  expect(box).toBeChecked();
  expect(within(cellar).getByLabelText('Send at')).toHaveValue('18');
  expect(within(cellar).getByLabelText('Time zone')).toHaveValue('America/New_York');
  await user.click(box);
  expect(within(cellar).getByLabelText('Send at')).toBeDisabled();
  await user.click(within(cellar).getByRole('button', { name: 'Save digest for Keller' }));
  await waitFor(() => expect(deletes).toEqual(['2']));
  expect(await within(cellar).findByText('Saved: no digest for this warehouse.')).toBeInTheDocument();
  expect(puts).toEqual([]);
});

test('a failed save says so and keeps the choice', async () => {
  server.use(
    rest.put(`${API}/api/digests/:id`, () =>
      HttpResponse.json({ message: 'x', code: 'server_error' }, { status: 500 }),
    ),
  );
  const { user } = await openUserScreen('en');
  const main = await screen.findByRole('form', { name: 'Hauptlager' });
  await user.click(within(main).getByLabelText('Daily digest for Hauptlager'));
  await user.click(within(main).getByRole('button', { name: 'Save digest for Hauptlager' }));
  expect(await within(main).findByText('The setting could not be saved. Please try again.')).toBeInTheDocument();
  expect(within(main).getByLabelText('Daily digest for Hauptlager')).toBeChecked();
});

test('no card without a warehouse whose stock the user sees', async () => {
  warehouses = [];
  await openUserScreen('en');
  await screen.findByRole('heading', { name: 'Edit profile' });
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Low-stock digest' })).not.toBeInTheDocument());
});

import type { SwitchableWarehouse } from '@lager/shared';
import { answer, HttpResponse, setupApiServer } from '@lager/shared/testing';
import { screen, within } from '@testing-library/react';
import type { TransferStockApiArg, TransferStockApiResponse } from '../../api/generated';
import { article, articleHandlers, mountStock, movement, session } from '../../testing/fixtures';

const pallets = article({ name: 'Pallets', quantity: 10 });
// The signed-in test user's current warehouse is 10 (verifiedUser).
const server = setupApiServer(
  ...session(),
  ...articleHandlers([pallets]),
  answer.get<{ warehouses: SwitchableWarehouse[] }>('/api/warehouses', () =>
    HttpResponse.json({
      warehouses: [
        { id: 10, name: 'Here' },
        { id: 11, name: 'North' },
        { id: 12, name: 'South' },
      ],
    }),
  ),
);

test('a transfer offers the user’s other warehouses and sends target, quantity and an Idempotency-Key', async () => {
  const sent: { key: string | null; body: TransferStockApiArg['body'] }[] = [];
  server.use(
    answer.post<TransferStockApiResponse, TransferStockApiArg['body']>('/api/stock/transfers', async ({ request }) => {
      sent.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
      const after = { ...pallets, quantity: 6 };
      return HttpResponse.json(
        {
          out: movement(after, { kind: 'transfer_out', delta: -4, quantity_after: 6 }),
          in: movement(after, { kind: 'transfer_in', delta: 4, quantity_after: 4 }),
        },
        { status: 201 },
      );
    }),
  );
  const { user } = await mountStock(`/stock/articles/${pallets.id}`);
  await user.click(await screen.findByRole('button', { name: 'Transfer' }));
  const form = screen.getByRole('form', { name: 'Transfer' });
  const target = within(form).getByLabelText('Target warehouse');
  await within(target).findByRole('option', { name: 'North' });
  expect(within(target).queryByRole('option', { name: 'Here' })).not.toBeInTheDocument();
  await user.selectOptions(target, 'South');
  await user.type(within(form).getByLabelText('Quantity (pcs)'), '4');
  await user.click(within(form).getByRole('button', { name: 'Transfer' }));
  expect(await within(form).findByText('Transferred. Stock here: 6 pcs.')).toBeInTheDocument();
  expect(sent).toEqual([
    {
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: { article_id: pallets.id, to_warehouse_id: 12, quantity: 4, note: null },
    },
  ]);
});

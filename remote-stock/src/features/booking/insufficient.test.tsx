import type { SwitchableWarehouse } from '@lager/shared';
import { answer, apiError, HttpResponse, setupApiServer } from '@lager/shared/testing';
import { screen, within } from '@testing-library/react';
import { article, articleHandlers, mountStock, movement, session } from '../../testing/fixtures';

// stock-spec.md "Rules": a refused goods-out names the available quantity the API sends.
const milk = article({ name: 'Milk', sku: 'MLK-1', quantity: 12, unit: 'pcs' });
const incoming = movement(milk, { kind: 'in', delta: 20, quantity_after: 12 });
const server = setupApiServer(
  ...session(),
  ...articleHandlers([milk], [incoming]),
  answer.get<{ warehouses: SwitchableWarehouse[] }>('/api/warehouses', () =>
    HttpResponse.json({
      warehouses: [
        { id: 10, name: 'Here' },
        { id: 11, name: 'North' },
      ],
    }),
  ),
);

/** Every booking endpoint refuses as the API does, in the request's language (Accept-Language). */
beforeEach(() => {
  const refuse = ({ request }: { request: Request }) =>
    request.headers.get('accept-language')?.startsWith('en')
      ? apiError(409, { message: 'Not enough stock: 12 pcs available.', code: 'stock.insufficient' })
      : apiError(409, { message: 'Nicht genug Bestand: 12 Stk. verfügbar.', code: 'stock.insufficient' });
  server.use(
    answer.post('/api/stock/movements', refuse),
    answer.post('/api/stock/transfers', refuse),
    answer.post('/api/stock/movements/:id/reverse', refuse),
  );
});

test.each([
  ['de', 'Menge', 'Nicht genug Bestand: 12 Stk. verfügbar.'],
  ['en', 'Quantity', 'Not enough stock: 12 pcs available.'],
] as const)('quick booking of 17 when 12 are there names the 12 (%s)', async (language, label, text) => {
  const { user } = await mountStock('/stock/book', language);
  const quantity = screen.getByLabelText(label);
  await user.clear(quantity);
  await user.type(quantity, '17');
  await user.type(screen.getByLabelText('Code'), 'MLK-1{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
});

test('the movement form, the transfer and the reversal name the available quantity too', async () => {
  const { user } = await mountStock(`/stock/articles/${milk.id}`, 'de');
  await user.click(await screen.findByRole('button', { name: 'Warenausgang' }));
  await user.type(screen.getByLabelText('Menge (Stk.)'), '17');
  await user.selectOptions(screen.getByLabelText('Grund'), 'Verkauf');
  await user.click(screen.getByRole('button', { name: 'Buchen' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Nicht genug Bestand: 12 Stk. verfügbar.');

  await user.click(screen.getByRole('button', { name: 'Umlagern' }));
  const transfer = screen.getByRole('form', { name: 'Umlagern' });
  await user.selectOptions(
    within(transfer).getByLabelText('Ziellager'),
    await within(transfer).findByRole('option', { name: 'North' }),
  );
  await user.type(within(transfer).getByLabelText('Menge (Stk.)'), '17');
  await user.click(within(transfer).getByRole('button', { name: 'Umlagern' }));
  expect(await within(transfer).findByRole('alert')).toHaveTextContent('Nicht genug Bestand: 12 Stk. verfügbar.');

  await user.click(screen.getByRole('button', { name: /^Milk vom .* stornieren$/ }));
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
  expect(await within(dialog).findByText('Nicht genug Bestand: 12 Stk. verfügbar.')).toBeInTheDocument();
});

test('a server text in another language than the screen’s falls back to the general sentence', async () => {
  server.use(
    answer.post('/api/stock/movements', () =>
      apiError(409, { message: 'Not enough stock: 12 pcs available.', code: 'stock.insufficient' }),
    ),
  );
  const { user } = await mountStock('/stock/book', 'de');
  await user.type(screen.getByLabelText('Code'), 'MLK-1{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('Nicht genug Bestand für diese Buchung.');
});

test.each([
  ['de', 'Menge', 'Mit dieser Buchung würde der Bestand des Artikels seine Obergrenze überschreiten.'],
  ['en', 'Quantity', 'This booking would take the article’s stock above its upper limit.'],
] as const)(
  'a booking above the stock limit says so in its own words, not “booking failed” (%s)',
  async (language, label, text) => {
    server.use(
      answer.post('/api/stock/movements', () =>
        apiError(409, {
          message: 'Der Bestand eines Artikels darf 1.000.000.000 Stk. nicht überschreiten.',
          code: 'stock.limit_exceeded',
        }),
      ),
    );
    const { user } = await mountStock('/stock/book', language);
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), '17');
    await user.type(screen.getByLabelText('Code'), 'MLK-1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  },
);

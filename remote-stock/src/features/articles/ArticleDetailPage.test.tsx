import { answer, apiError, HttpResponse, setupApiServer } from '@lager/shared/testing';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type {
  BookStockMovementApiArg,
  BookStockMovementApiResponse,
  GetStockArticleApiResponse,
  ReverseStockMovementApiResponse,
} from '../../api/generated';
import {
  ALL_STOCK,
  article,
  articleHandlers,
  GUEST_STOCK,
  mountStock,
  movement,
  session,
} from '../../testing/fixtures';

const screws = article({ name: 'Screws', sku: 'SCR-1', quantity: 20, min_stock: 5 });
const sale = movement(screws, { kind: 'out', delta: -2, quantity_after: 20 });
const server = setupApiServer(...session(), ...articleHandlers([screws], [sale]));

interface Sent {
  key: string | null;
  body: BookStockMovementApiArg['body'];
}
let sent: Sent[] = [];
beforeEach(() => {
  sent = [];
});

const GOODS_OUT = {
  en: { quantity: 'Quantity (pcs)', reason: 'Reason', sale: 'Sale', book: 'Book' },
  de: { quantity: 'Menge (Stk.)', reason: 'Grund', sale: 'Verkauf', book: 'Buchen' },
};

/** Fills the open goods-out form with `quantity` sold and books it. */
async function bookGoodsOut(user: UserEvent, quantity: string, language: 'de' | 'en' = 'en') {
  const label = GOODS_OUT[language];
  await user.type(screen.getByLabelText(label.quantity), quantity);
  await user.selectOptions(screen.getByLabelText(label.reason), label.sale);
  await user.click(screen.getByRole('button', { name: label.book }));
}

/** POST api/stock/movements answering with these, one per call (the last repeats). */
function bookingAnswers(...answers: Array<'network' | 'ok' | 'insufficient'>) {
  let call = 0;
  server.use(
    answer.post<BookStockMovementApiResponse, BookStockMovementApiArg['body']>(
      '/api/stock/movements',
      async ({ request }) => {
        sent.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
        const next = answers[Math.min(call, answers.length - 1)];
        call += 1;
        if (next === 'network') return HttpResponse.error() as never; // a lost answer: no status, no body
        if (next === 'insufficient') {
          return apiError(409, { message: 'Not enough stock: 20 pcs available.', code: 'stock.insufficient' });
        }
        const after = { ...screws, quantity: 17 };
        return HttpResponse.json(
          { article: after, movement: movement(after, { delta: -3, quantity_after: 17 }) },
          { status: 201 },
        );
      },
    ),
  );
}

const mount = (language: 'de' | 'en' = 'en') => mountStock(`/stock/articles/${screws.id}`, language);

test('stock, reorder level and the article’s journal', async () => {
  await mount('de');
  expect(await screen.findByRole('heading', { level: 1, name: 'Screws' })).toBeInTheDocument();
  expect(screen.getByTestId('stock-quantity')).toHaveTextContent('20 Stk.');
  expect(screen.getByText('5 Stk.')).toBeInTheDocument();
  const journal = screen.getByRole('table', { name: 'Bewegungen dieses Artikels' });
  expect(await within(journal).findByText(/Warenausgang/)).toBeInTheDocument();
  expect(within(journal).getByText('-2 Stk.')).toBeInTheDocument();
  // Its heading stands right above it (the stock per location came between them).
  const heading = screen.getByRole('heading', { level: 2, name: 'Bewegungen dieses Artikels' });
  expect(heading.nextElementSibling).toBe(screen.getByRole('region', { name: 'Bewegungen dieses Artikels' }));
});

test('the owner sees every action', async () => {
  server.use(...session(ALL_STOCK));
  await mount();
  await screen.findByRole('heading', { level: 1, name: 'Screws' });
  for (const name of ['Goods in', 'Goods out', 'Correction', 'Transfer', 'Archive', 'Delete']) {
    expect(await screen.findByRole('button', { name })).toBeInTheDocument();
  }
  expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  // Supplier prices are the purchasing section's page: no link without its permission.
  expect(screen.queryByRole('link', { name: 'Suppliers and prices' })).not.toBeInTheDocument();
});

test('with view_purchasing the page links to the article’s supplier prices in the purchasing section', async () => {
  server.use(...session([...ALL_STOCK, 'view_purchasing']));
  await mount();
  expect(await screen.findByRole('link', { name: 'Suppliers and prices' })).toHaveAttribute(
    'href',
    `/purchasing/articles/${screws.id}`,
  );
});

test('a guest with view_stock + book_goods sees goods in and out only: no correction, no article editing', async () => {
  server.use(...session(GUEST_STOCK));
  await mount();
  expect(await screen.findByRole('button', { name: 'Goods out' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Goods in' })).toBeInTheDocument();
  await screen.findByText(/Goods out/, { selector: 'td' });
  for (const name of ['Correction', 'Transfer', 'Archive', 'Delete', 'Reverse Screws of 22 Nov 2026, 14:05']) {
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  }
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
});

test('goods out sends an Idempotency-Key; a retry after a lost answer sends the same key, the next booking a new one', async () => {
  bookingAnswers('network', 'ok', 'ok');
  const { user } = await mount();
  await user.click(await screen.findByRole('button', { name: 'Goods out' }));
  await bookGoodsOut(user, '3');
  expect(await screen.findByText(/No answer from the server/)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Book' }));
  expect(await screen.findByText('Booked. New stock: 17 pcs.')).toBeInTheDocument();
  expect(sent).toHaveLength(2);
  expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[1]!.key).toBe(sent[0]!.key);
  expect(sent[0]!.body).toEqual({
    article_id: screws.id,
    kind: 'out',
    quantity: 3,
    reason: 'sale',
    note: null,
    reference: null,
  });

  await bookGoodsOut(user, '3');
  await screen.findByText('Booked. New stock: 17 pcs.');
  expect(sent).toHaveLength(3);
  expect(sent[2]!.key).not.toBe(sent[0]!.key);
});

test('a refusal is translated from its code, and ends the submission (the next try gets a new key)', async () => {
  bookingAnswers('insufficient');
  const { user } = await mount('de');
  await user.click(await screen.findByRole('button', { name: 'Warenausgang' }));
  await bookGoodsOut(user, '30', 'de');
  expect(await screen.findByRole('alert')).toHaveTextContent('Nicht genug Bestand für diese Buchung.');
  expect(screen.queryByText(/20 pcs available/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Buchen' }));
  await screen.findByRole('alert');
  expect(sent).toHaveLength(2);
  expect(sent[1]!.key).not.toBe(sent[0]!.key);
});

test('goods out checks the reason before sending; "other" needs a note', async () => {
  bookingAnswers('ok');
  const { user } = await mount();
  await user.click(await screen.findByRole('button', { name: 'Goods out' }));
  await user.type(screen.getByLabelText('Quantity (pcs)'), '1');
  await user.click(screen.getByRole('button', { name: 'Book' }));
  expect(await screen.findByText('Please choose a reason.')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Reason'), 'Other');
  await user.click(screen.getByRole('button', { name: 'Book' }));
  expect(await screen.findByText('Please add a note for “Other”.')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});

test('a correction sends the counted stock', async () => {
  bookingAnswers('ok');
  const { user } = await mount();
  await user.click(await screen.findByRole('button', { name: 'Correction' }));
  await user.type(screen.getByLabelText('Counted stock (pcs)'), '17');
  await user.selectOptions(screen.getByLabelText('Reason'), 'Count');
  await user.click(screen.getByRole('button', { name: 'Book' }));
  await screen.findByText('Booked. New stock: 17 pcs.');
  expect(sent[0]!.body).toMatchObject({ kind: 'correction', quantity: 17, reason: 'count' });
});

test('reversing a journal row asks first and sends its own key', async () => {
  const keys: (string | null)[] = [];
  server.use(
    answer.post<ReverseStockMovementApiResponse>('/api/stock/movements/:id/reverse', ({ request, params }) => {
      keys.push(`${params.id}:${request.headers.get('idempotency-key')}`);
      return HttpResponse.json(
        { article: screws, movement: movement(screws, { kind: 'reversal', delta: 2, reverses_id: sale.id }) },
        { status: 201 },
      );
    }),
  );
  const { user } = await mount();
  await user.click(await screen.findByRole('button', { name: 'Reverse Screws of 22 Nov 2026, 14:05' }));
  const dialog = screen.getByRole('dialog', { name: 'Reverse movement' });
  await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
  await screen.findByRole('heading', { level: 1, name: 'Screws' });
  expect(keys).toHaveLength(1);
  expect(keys[0]!).toMatch(new RegExp(`^${sale.id}:[0-9a-f-]{36}$`));
});

test('with costs in the answer (view_stock_value) the page shows the average cost and the value; without, neither', async () => {
  server.use(
    answer.get<GetStockArticleApiResponse>('/api/stock/articles/:id', () =>
      HttpResponse.json({ article: { ...screws, average_cost: '0.15', value: '3.00' } }),
    ),
  );
  await mount('de');
  expect(await screen.findByTestId('stock-value')).toHaveTextContent('3,00 €');
  expect(screen.getByText('Ø Einstandspreis')).toBeInTheDocument();
  expect(screen.getByText('0,15 €')).toBeInTheDocument();
});

test('an answer without costs shows no value line', async () => {
  await mount('de');
  expect(await screen.findByTestId('stock-quantity')).toHaveTextContent('20 Stk.');
  expect(screen.queryByText('Ø Einstandspreis')).not.toBeInTheDocument();
  expect(screen.queryByTestId('stock-value')).not.toBeInTheDocument();
});

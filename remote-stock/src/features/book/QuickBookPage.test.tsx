import { answer, HttpResponse, setupApiServer, setViewportWidth } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { ListStockArticlesApiResponse, ReverseStockMovementApiResponse } from '../../api/generated';
import { article, bookingsOf, mountStock, movement, type SentBooking, session } from '../../testing/fixtures';

const milk = article({ name: 'Milk', sku: 'MLK-1', barcode: '4006381333931', quantity: 10, unit: 'pcs' });
const milkshake = article({ name: 'Milkshake', sku: 'MLK-10', quantity: 4 });
const server = setupApiServer(...session());

let sent: SentBooking[] = [];
let searched: (string | null)[] = [];
let reversed: string[] = [];
beforeEach(() => {
  const bookings = bookingsOf(milk);
  sent = bookings.sent;
  searched = [];
  reversed = [];
  server.use(
    answer.get<ListStockArticlesApiResponse>('/api/stock/articles', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      searched.push(q);
      // The search matches partially: MLK-1 also finds MLK-10.
      const found = [milk, milkshake].filter((a) => q && (a.sku.includes(q) || a.barcode === q));
      return HttpResponse.json({ articles: found, next_cursor: null });
    }),
    bookings.handler,
    answer.post<ReverseStockMovementApiResponse>('/api/stock/movements/:id/reverse', ({ params }) => {
      reversed.push(String(params.id));
      return HttpResponse.json(
        { article: milk, movement: movement(milk, { kind: 'reversal', delta: 1 }) },
        { status: 201 },
      );
    }),
  );
});
afterEach(() => {
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
});

const mount = () => {
  setViewportWidth(375);
  return mountStock('/stock/book', 'en');
};

test('a keyboard-wedge scan (code + Enter) books goods out of the exact article and the code field keeps the focus', async () => {
  const { user } = await mount();
  const code = screen.getByLabelText('Code');
  expect(code).toHaveFocus();
  await user.keyboard('MLK-1{Enter}');
  expect(await screen.findByText('Milk: booked, stock 9 pcs.')).toBeInTheDocument();
  expect(sent).toEqual([
    {
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: { article_id: milk.id, kind: 'out', quantity: 1, reason: 'consumption' },
    },
  ]);
  expect(searched).toEqual(['MLK-1']);
  await waitFor(() => expect(code).toHaveFocus());
  expect(code).toHaveValue('');

  // The next scan (by barcode) is a new submission with a new key.
  await user.keyboard('4006381333931{Enter}');
  await screen.findByText('Milk: booked, stock 8 pcs.');
  expect(sent[1]!.key).not.toBe(sent[0]!.key);
});

test('goods in with a quantity; the last bookings list an undo that reverses the movement', async () => {
  const { user } = await mount();
  await user.click(screen.getByRole('button', { name: 'Goods in' }));
  expect(screen.getByRole('button', { name: 'Goods in' })).toHaveAttribute('aria-pressed', 'true');
  const quantity = screen.getByLabelText('Quantity');
  await user.clear(quantity);
  await user.type(quantity, '12');
  await user.type(screen.getByLabelText('Code'), 'MLK-1');
  await user.click(screen.getByRole('button', { name: 'Book goods in' }));
  await screen.findByText('Milk: booked, stock 22 pcs.');
  expect(sent[0]!.body).toEqual({ article_id: milk.id, kind: 'in', quantity: 12, reason: 'purchase' });

  const recent = screen.getByRole('list');
  expect(within(recent).getByText(/Goods in \+12 pcs · Milk/)).toBeInTheDocument();
  await user.click(within(recent).getByRole('button', { name: 'Undo the booking of Milk' }));
  expect(await within(recent).findByText('undone')).toBeInTheDocument();
  expect(reversed).toHaveLength(1);
});

test('an unknown code says so and books nothing', async () => {
  const { user } = await mount();
  await user.keyboard('NOPE{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('No article with this code.');
  expect(sent).toHaveLength(0);
});

test('the camera button exists only where the browser has a BarcodeDetector', async () => {
  const first = await mount();
  expect(screen.queryByRole('button', { name: 'Scan with camera' })).not.toBeInTheDocument();
  first.unmount();
  (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = class {
    detect() {
      return Promise.resolve([]);
    }
  };
  await mount();
  expect(screen.getByRole('button', { name: 'Scan with camera' })).toBeInTheDocument();
});

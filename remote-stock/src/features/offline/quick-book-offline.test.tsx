import 'fake-indexeddb/auto';
import { i18n } from '@lager/shared';
import { answer, HttpResponse, setupApiServer, setViewportWidth } from '@lager/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ListStockArticlesApiResponse, ListStockLocationsApiResponse } from '../../api/generated';
import { article, bookingsOf, mountStock, type SentBooking, STANDARD_LOCATION, session } from '../../testing/fixtures';
import { lookupArticle } from './article-index';
import { openIndex } from './db';

const milk = article({ name: 'Milk', sku: 'MLK-1', barcode: '4006381333931', quantity: 10, unit: 'pcs' });
const server = setupApiServer(...session());

let sent: SentBooking[] = [];
let refreshes: (string | null)[] = [];
beforeEach(() => {
  const bookings = bookingsOf(milk);
  sent = bookings.sent;
  refreshes = [];
  server.use(
    answer.get<ListStockArticlesApiResponse>('/api/stock/articles', ({ request }) => {
      const since = new URL(request.url).searchParams.get('updated_since');
      refreshes.push(since);
      return HttpResponse.json({ articles: since ? [milk] : [], next_cursor: null });
    }),
    bookings.handler,
  );
});

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};
afterEach(() => setOnline(true));

test('offline, a scan books into the outbox from the index; online again, it is sent once and refusals need attention', async () => {
  setViewportWidth(375);
  const { user } = await mountStock('/stock/book', 'en');
  // Opened online: the article index is filled (everything since the beginning).
  await waitFor(async () => {
    const index = await openIndex(1);
    const found = await lookupArticle(index, 10, 'MLK-1');
    index.close();
    expect(found).toBeDefined();
  });
  expect(refreshes).toEqual(['1970-01-01T00:00:00.000Z']);

  setOnline(false);
  await user.keyboard('MLK-1{Enter}');
  expect(
    await screen.findByText('Milk: waiting for connection (stock about 9 pcs – a hint, the server decides).'),
  ).toBeInTheDocument();
  const quantity = screen.getByLabelText('Quantity');
  await user.clear(quantity);
  await user.type(quantity, '50');
  await user.type(screen.getByLabelText('Code'), '4006381333931{Enter}');
  // More than the saved stock holds: said at once, not only when the server refuses it (issue 38).
  expect(
    await screen.findByText(/^Milk: waiting for connection\. The saved stock is less \(about .41 pcs after it\)/),
  ).toBeInTheDocument();
  const outbox = await screen.findByRole('region', { name: 'Bookings made offline' });
  await waitFor(() => expect(within(outbox).getAllByText('Waiting for connection')).toHaveLength(2));
  expect(sent).toHaveLength(0);
  expect(JSON.parse(localStorage.getItem('lager.outbox.pending')!)).toEqual({ 1: 2 });

  setOnline(true);
  // The stock after it with its unit (issue 38).
  expect(await within(outbox).findByText('booked, stock after 9 pcs')).toBeInTheDocument();
  expect(await within(outbox).findByText('Needs attention')).toBeInTheDocument();
  expect(within(outbox).getByText('Not enough stock: 9 pcs available.')).toBeInTheDocument();
  expect(sent.map((s) => s.body.quantity)).toEqual([1, 50]);
  expect(sent[0]!.body).toMatchObject({ occurred_at: expect.any(String) });

  // Discarding the refused one leaves nothing unsent.
  await user.click(within(outbox).getByRole('button', { name: 'Discard' }));
  // The discarded entry leaves the list (and the pending count) after the outbox is written: wait for it.
  await waitFor(() => expect(within(outbox).queryByText('Needs attention')).not.toBeInTheDocument());
  expect(within(outbox).getByText('booked, stock after 9 pcs')).toBeInTheDocument();
  await waitFor(() => expect(JSON.parse(localStorage.getItem('lager.outbox.pending')!)).toEqual({}));
});

test('a refusal keeps its reason across a language switch; edit-and-retry can change the location (issue 38)', async () => {
  const shelf = { ...STANDARD_LOCATION, id: 7, code: 'K-01-1', standard: false };
  server.use(
    answer.get<ListStockLocationsApiResponse>('/api/stock/locations', () =>
      HttpResponse.json({ locations: [STANDARD_LOCATION, shelf] }),
    ),
  );
  const { user } = await mountStock('/stock/book', 'en');
  await waitFor(async () => {
    const index = await openIndex(1);
    const found = await lookupArticle(index, 10, 'MLK-1');
    index.close();
    expect(found).toBeDefined();
  });
  setOnline(false);
  const quantity = screen.getByLabelText('Quantity');
  await user.clear(quantity);
  await user.type(quantity, '12');
  await user.type(screen.getByLabelText('Code'), 'MLK-1{Enter}');
  const outbox = await screen.findByRole('region', { name: 'Bookings made offline' });
  setOnline(true);
  expect(await within(outbox).findByText('Not enough stock: 10 pcs available.')).toBeInTheDocument();

  await act(async () => {
    await i18n.changeLanguage('de');
  });
  expect(await within(outbox).findByText('Nicht genug Bestand: 10 Stk. verfügbar.')).toBeInTheDocument();
  await act(async () => {
    await i18n.changeLanguage('en');
  });

  const item = within(outbox).getByText('Not enough stock: 10 pcs available.').closest('li')!;
  await user.clear(within(item).getByLabelText('Quantity'));
  await user.type(within(item).getByLabelText('Quantity'), '4');
  await waitFor(() => expect(within(item).getByRole('option', { name: 'K-01-1' })).toBeInTheDocument());
  await user.selectOptions(within(item).getByRole('combobox'), 'K-01-1');
  await user.click(within(item).getByRole('button', { name: 'Edit and retry' }));
  expect(await within(outbox).findByText(/^booked, stock after 6 pcs$/)).toBeInTheDocument();
  expect(sent.map((s) => s.body)).toEqual([
    expect.objectContaining({ quantity: 12 }),
    expect.objectContaining({ quantity: 4, location_id: 7 }),
  ]);
  expect(sent[0]!.key).not.toBe(sent[1]!.key);
  expect(within(outbox).getByText(/Milk · Location K-01-1/)).toBeInTheDocument();
});

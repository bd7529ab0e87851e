import 'fake-indexeddb/auto';
import {
  answer,
  HttpResponse,
  renderWithProviders,
  sessionHandlers,
  setupApiServer,
  verifiedUser,
} from '@lager/shared/testing';
import { act, waitFor } from '@testing-library/react';
import { openOutbox } from './db';
import OutboxSender from './OutboxSender';
import { addBooking, entriesOf } from './outbox';

const SLOW = { timeout: 10_000 };

// The signed-in user of the session handlers: id 1, current warehouse 10.
const server = setupApiServer(...sessionHandlers(verifiedUser, ['view_stock', 'book_goods']));
const userId = verifiedUser.id;
const warehouseId = verifiedUser.current_warehouse_id!;

let sent: (string | null)[] = [];
beforeEach(() => {
  sent = [];
  server.use(
    answer.post<{ movement: { quantity_after: number } }>('/api/stock/movements', ({ request }) => {
      sent.push(request.headers.get('idempotency-key'));
      return HttpResponse.json({ movement: { quantity_after: 7 } }, { status: 201 });
    }),
  );
});

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};
afterEach(() => setOnline(true));

async function queued(quantity: number) {
  const db = await openOutbox(userId);
  const entry = await addBooking(db, {
    user_id: userId,
    warehouse_id: warehouseId,
    article: { id: 5, sku: 'MLK-1', name: 'Milk', unit: 'pcs' },
    kind: 'out',
    quantity,
    reason: 'consumption',
    occurred_at: new Date().toISOString(),
  });
  db.close();
  return entry;
}

async function statuses() {
  const db = await openOutbox(userId);
  try {
    return (await entriesOf(db, warehouseId)).map((e) => e.status);
  } finally {
    db.close();
  }
}

afterEach(async () => {
  // Each test starts with an empty outbox.
  await new Promise((resolve) => {
    indexedDB.deleteDatabase(`lager-outbox-${userId}`).onsuccess = resolve;
  });
});

test('mounted by the shell on any page, it sends the waiting bookings at start, each with its own key', async () => {
  const first = await queued(1);
  const second = await queued(2);
  const { unmount } = renderWithProviders(<OutboxSender />, { route: '/dashboard' });
  // Two sends one after the other through fake-indexeddb: under a loaded in-band CI run that took over waitFor's 1 s.
  await waitFor(() => expect(sent).toEqual([first.key, second.key]), SLOW);
  await waitFor(async () => expect(await statuses()).toEqual(['booked', 'booked']), SLOW);
  // The shell's header count follows.
  expect(JSON.parse(localStorage.getItem('lager.outbox.pending') ?? '{}')).not.toHaveProperty(String(userId));
  unmount();
});

test('mounted while the browser is offline, it sends when the connection is back', async () => {
  const entry = await queued(3);
  setOnline(false);
  const { unmount } = renderWithProviders(<OutboxSender />, { route: '/dashboard' });
  await waitFor(async () => expect(await statuses()).toEqual(['waiting']), SLOW);
  expect(sent).toEqual([]);
  setOnline(true);
  await waitFor(() => expect(sent).toEqual([entry.key]), SLOW);
  await waitFor(async () => expect(await statuses()).toEqual(['booked']), SLOW);
  unmount();
});

import 'fake-indexeddb/auto';
import { answer, apiError, HttpResponse, sessionHandlers, setupApiServer } from '@lager/shared/testing';
import { type OutboxDb, openOutbox } from './db';
import { addBooking, entriesOf, type NewBooking, retryEntry } from './outbox';
import { sendOutbox } from './sender';
import { postBooking } from './wire';

// The session's handlers answer the CSRF cookie a write fetches first.
const server = setupApiServer(...sessionHandlers());
let users = 200;

/** The API as far as the outbox sees it: books a key once, refuses more than the stock. */
function fakeApi(stock = 10) {
  const booked = new Map<string, { quantity_after: number }>();
  const requests: { key: string | null; body: Record<string, unknown> }[] = [];
  server.use(
    answer.post<{ movement: { quantity_after: number } }>('/api/stock/movements', async ({ request }) => {
      const key = request.headers.get('idempotency-key');
      const body = (await request.json()) as { kind: string; quantity: number };
      requests.push({ key, body });
      const known = key && booked.get(key);
      if (known) return HttpResponse.json({ movement: known }, { status: 201 });
      const delta = body.kind === 'in' ? body.quantity : -body.quantity;
      if (stock + delta < 0) {
        return apiError(409, { message: `Not enough stock: ${stock} pcs available.`, code: 'stock.insufficient' });
      }
      stock += delta;
      booked.set(key!, { quantity_after: stock });
      return HttpResponse.json({ movement: { quantity_after: stock } }, { status: 201 });
    }),
  );
  return { requests, stockNow: () => stock };
}

const booking = (userId: number, quantity: number, overrides: Partial<NewBooking> = {}): NewBooking => ({
  user_id: userId,
  warehouse_id: 1,
  article: { id: 5, sku: 'MLK-1', name: 'Milk', unit: 'pcs' },
  kind: 'out',
  quantity,
  reason: 'consumption',
  occurred_at: new Date().toISOString(),
  ...overrides,
});

let db: OutboxDb;
let userId: number;
beforeEach(async () => {
  userId = ++users;
  db = await openOutbox(userId);
});
afterEach(() => db.close());

test('sends in the order booked, each with its key; more than the stock is refused with the available quantity', async () => {
  const api = fakeApi(10);
  for (const quantity of [4, 20, 5]) await addBooking(db, booking(userId, quantity));
  expect(JSON.parse(localStorage.getItem('lager.outbox.pending')!)).toEqual({ [userId]: 3 });

  expect(await sendOutbox(db, { userId, warehouseId: 1 }, postBooking)).toBe('done');
  const entries = await entriesOf(db, 1);
  expect(api.requests.map((r) => r.body.quantity)).toEqual([4, 20, 5]);
  expect(api.requests.map((r) => r.key)).toEqual(entries.map((e) => e.key));
  expect(api.requests[0]!.body).toMatchObject({ occurred_at: entries[0]!.occurred_at });
  expect(entries.map((e) => [e.status, e.quantity_after])).toEqual([
    ['booked', 6],
    ['refused', undefined],
    ['booked', 1],
  ]);
  expect(entries[1]!.error).toMatchObject({ status: 409, code: 'stock.insufficient' });
  // The refused one still counts as not sent (a logout would discard it).
  expect(JSON.parse(localStorage.getItem('lager.outbox.pending')!)).toEqual({ [userId]: 1 });
});

test('no answer: the booking waits and goes again later with the same key, booked once', async () => {
  const api = fakeApi(10);
  const entry = await addBooking(db, booking(userId, 2));
  // No answer at all (a network error): typed as any answer, it is none.
  server.use(answer.post('/api/stock/movements', () => HttpResponse.error() as never));
  expect(await sendOutbox(db, { userId, warehouseId: 1 }, postBooking)).toBe('offline');
  expect((await entriesOf(db, 1))[0]).toMatchObject({ status: 'waiting', key: entry.key, attempts: 1 });

  server.resetHandlers();
  const again = fakeApi(10);
  expect(await sendOutbox(db, { userId, warehouseId: 1 }, postBooking)).toBe('done');
  expect(again.requests.map((r) => r.key)).toEqual([entry.key]);
  expect(api.requests).toHaveLength(0);
});

test('a crash after sending, before the answer was stored: sent again with the same key, booked once', async () => {
  const api = fakeApi(10);
  const entry = await addBooking(db, booking(userId, 3));
  // The first send reached the server, then the tab died: the entry still says "sending".
  await postBooking(entry);
  await db.put('outbox', { ...entry, status: 'sending', attempts: 1 });

  expect(await sendOutbox(db, { userId, warehouseId: 1 }, postBooking)).toBe('done');
  expect(api.requests.map((r) => r.key)).toEqual([entry.key, entry.key]);
  expect(api.stockNow()).toBe(7);
  expect((await entriesOf(db, 1))[0]).toMatchObject({ status: 'booked', quantity_after: 7 });
});

test('401 or 419 keeps the outbox and stops until the next login', async () => {
  for (const status of [401, 419]) {
    await addBooking(db, booking(userId, 1));
    server.use(
      answer.post('/api/stock/movements', () =>
        apiError(status, {
          message: 'Unauthenticated.',
          code: status === 401 ? 'auth.unauthenticated' : 'csrf.mismatch',
        }),
      ),
    );
    expect(await sendOutbox(db, { userId, warehouseId: 1 }, postBooking)).toBe('login');
  }
  expect((await entriesOf(db, 1)).map((e) => e.status)).toEqual(['waiting', 'waiting']);
  const api = fakeApi(10);
  expect(await sendOutbox(db, { userId, warehouseId: 1 }, postBooking)).toBe('done');
  expect(api.requests).toHaveLength(2);
});

test('older than 7 days waits for confirmation, then goes with its key and without the old device time', async () => {
  const api = fakeApi(10);
  const old = await addBooking(
    db,
    booking(userId, 1, { occurred_at: new Date(Date.now() - 8 * 86_400_000).toISOString() }),
  );
  await sendOutbox(db, { userId, warehouseId: 1 }, postBooking);
  expect(api.requests).toHaveLength(0);
  await retryEntry(db, old.seq!, { confirmed: true });
  await sendOutbox(db, { userId, warehouseId: 1 }, postBooking);
  expect(api.requests).toEqual([
    { key: old.key, body: expect.not.objectContaining({ occurred_at: expect.anything() }) },
  ]);
});

test('edit-and-retry of a refused booking sends the new quantity under a new key', async () => {
  const api = fakeApi(3);
  const entry = await addBooking(db, booking(userId, 5));
  await sendOutbox(db, { userId, warehouseId: 1 }, postBooking);
  await retryEntry(db, entry.seq!, { quantity: 3 });
  await sendOutbox(db, { userId, warehouseId: 1 }, postBooking);
  expect(api.requests.map((r) => r.body.quantity)).toEqual([5, 3]);
  expect(api.requests[1]!.key).not.toBe(entry.key);
  expect((await entriesOf(db, 1))[0]).toMatchObject({ status: 'booked', quantity_after: 0 });
});

test('two tabs sending at once send each booking once (Web Lock)', async () => {
  const held = new Set<string>();
  Object.defineProperty(navigator, 'locks', {
    configurable: true,
    value: {
      request: async (name: string, _options: unknown, run: (lock: object | null) => Promise<unknown>) => {
        if (held.has(name)) return run(null);
        held.add(name);
        try {
          return await run({ name });
        } finally {
          held.delete(name);
        }
      },
    },
  });
  try {
    const api = fakeApi(10);
    for (const quantity of [1, 2, 3]) await addBooking(db, booking(userId, quantity));
    const otherTab = await openOutbox(userId);
    const outcomes = await Promise.all([
      sendOutbox(db, { userId, warehouseId: 1 }, postBooking),
      sendOutbox(otherTab, { userId, warehouseId: 1 }, postBooking),
    ]);
    otherTab.close();
    expect(outcomes.sort()).toEqual(['busy', 'done']);
    expect(api.requests.map((r) => r.body.quantity)).toEqual([1, 2, 3]);
  } finally {
    delete (navigator as { locks?: unknown }).locks;
  }
});

test("another user's outbox is another database: never sent, never counted", async () => {
  const api = fakeApi(10);
  await addBooking(db, booking(userId, 1));
  const other = await openOutbox(userId + 1000);
  expect(await entriesOf(other, 1)).toEqual([]);
  expect(await sendOutbox(other, { userId: userId + 1000, warehouseId: 1 }, postBooking)).toBe('done');
  other.close();
  expect(api.requests).toHaveLength(0);
  expect(JSON.parse(localStorage.getItem('lager.outbox.pending')!)).toEqual({ [userId]: 1 });
});

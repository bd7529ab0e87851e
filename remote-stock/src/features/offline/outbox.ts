import type { OutboxDb, OutboxEntry } from './db';

/** An entry older than this is not sent by itself (the server keeps keys 8 days, refuses older times). */
const CONFIRM_AFTER_MS = 7 * 24 * 60 * 60_000;
/** The shell's header reads this (per user id) and listens for the event (shell/src/features/offline). */
const PENDING_KEY = 'lager.outbox.pending';
export const OUTBOX_EVENT = 'lager:outbox';

export type NewBooking = Pick<
  OutboxEntry,
  | 'user_id'
  | 'warehouse_id'
  | 'article'
  | 'kind'
  | 'quantity'
  | 'reason'
  | 'note'
  | 'occurred_at'
  | 'location'
  | 'lot'
  | 'serials'
  | 'best_before'
>;

/** Puts a booking made offline into the outbox: its Idempotency-Key is made here, once. */
export async function addBooking(db: OutboxDb, booking: NewBooking): Promise<OutboxEntry> {
  const entry: OutboxEntry = { ...booking, key: crypto.randomUUID(), status: 'waiting', attempts: 0 };
  entry.seq = await db.add('outbox', entry);
  await publish(db, booking.user_id);
  return entry;
}

/** The user's entries of one warehouse, in the order booked. */
export async function entriesOf(db: OutboxDb, warehouseId: number): Promise<OutboxEntry[]> {
  return (await db.getAll('outbox')).filter((entry) => entry.warehouse_id === warehouseId);
}

/** Not sent by itself: waits for the user to confirm it (offline spec §2). */
export const needsConfirmation = (entry: OutboxEntry, now = Date.now()) =>
  !entry.confirmed && now - Date.parse(entry.occurred_at) > CONFIRM_AFTER_MS;

/** What Edit-and-retry may change: the quantity, the location (null: the article's default), or a confirmation. */
export interface RetryChange {
  quantity?: number;
  location?: { id: number; code: string } | null;
  confirmed?: boolean;
}

/** Edit-and-retry or confirm: the same key, so a booking the server already has is not booked again. */
export async function retryEntry(db: OutboxDb, seq: number, change: RetryChange = {}): Promise<void> {
  const entry = await db.get('outbox', seq);
  if (!entry) return;
  const { location, ...rest } = change;
  const next: OutboxEntry = { ...entry, ...rest, status: 'waiting', error: undefined };
  if (location !== undefined) {
    if (location) next.location = location;
    else delete next.location;
  }
  // A changed request (quantity, location) gets a new key (the old one would be refused as a mismatch).
  const changed = next.quantity !== entry.quantity || next.location?.id !== entry.location?.id;
  await db.put('outbox', { ...next, key: changed ? crypto.randomUUID() : entry.key });
  await publish(db, entry.user_id);
}

/**
 * Drops the user's booked entries that /stock/book has listed once (they went out, the journal has
 * them): a booking is shown booked once, then leaves (issue 38: they stayed listed forever). One
 * sent from another page is still shown at the next visit.
 */
export async function forgetBooked(db: OutboxDb, userId: number): Promise<void> {
  const booked = (await db.getAll('outbox')).filter((e) => e.user_id === userId && e.status === 'booked' && e.shown);
  if (booked.length === 0) return;
  const tx = db.transaction('outbox', 'readwrite');
  await Promise.all([...booked.map((e) => tx.store.delete(e.seq!)), tx.done]);
}

/** These booked entries are on screen now: the next opening of /stock/book drops them. */
export async function markShown(db: OutboxDb, entries: OutboxEntry[]): Promise<void> {
  const fresh = entries.filter((e) => e.status === 'booked' && !e.shown);
  if (fresh.length === 0) return;
  const tx = db.transaction('outbox', 'readwrite');
  await Promise.all([...fresh.map((e) => tx.store.put({ ...e, shown: true })), tx.done]);
}

export async function discardEntry(db: OutboxDb, seq: number): Promise<void> {
  const entry = await db.get('outbox', seq);
  await db.delete('outbox', seq);
  if (entry) await publish(db, entry.user_id);
}

/**
 * Tells the shell how many of the user's bookings are not sent yet (waiting, sending or refused —
 * what a logout would discard), in this tab (event) and the others (storage).
 */
export async function publish(db: OutboxDb, userId: number): Promise<number> {
  const count = (await db.getAll('outbox')).filter((entry) => entry.status !== 'booked').length;
  let pending: Record<string, number> = {};
  try {
    pending = JSON.parse(localStorage.getItem(PENDING_KEY) ?? '{}') as Record<string, number>;
  } catch {
    // A damaged value is replaced.
  }
  if (count) pending[userId] = count;
  else delete pending[userId];
  localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  dispatchEvent(new Event(OUTBOX_EVENT));
  return count;
}

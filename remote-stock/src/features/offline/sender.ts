import { type ApiError, normalizeError } from '@lager/shared';
import type { OutboxDb, OutboxEntry } from './db';
import { needsConfirmation, publish } from './outbox';

/** One booking over the wire: the movement's answer (`quantity_after`), or the thrown request error. */
export type PostBooking = (entry: OutboxEntry) => Promise<{ movement: { quantity_after: number } | null }>;

export type SendOutcome = 'done' | 'offline' | 'login' | 'busy';

/** No answer or the server failed: nothing is known to be booked; later, with the same key. */
const retryLater = (error: ApiError) => error.status === 0 || error.status >= 500;
/** The session ended: the outbox stays and is sent after the next login. */
const needsLogin = (error: ApiError) => error.status === 401 || error.status === 419;

/** Whose bookings, and which warehouse's: the API books in the user's current warehouse only. */
export interface SendScope {
  userId: number;
  warehouseId: number;
}

/**
 * Sends the waiting bookings of the user's current warehouse, oldest first, one at a time (so also
 * one at a time per article, in the order booked). One sender per user across tabs: a Web Lock
 * where the browser has one (another tab already sending → 'busy'), else one per tab.
 */
export async function sendOutbox(db: OutboxDb, scope: SendScope, post: PostBooking): Promise<SendOutcome> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return sendInThisTab(db, scope, post);
  return locks.request(`lager-outbox-${scope.userId}`, { ifAvailable: true }, (lock) =>
    lock ? sendAll(db, scope, post) : ('busy' as const),
  );
}

const running = new Set<number>();
async function sendInThisTab(db: OutboxDb, scope: SendScope, post: PostBooking): Promise<SendOutcome> {
  if (running.has(scope.userId)) return 'busy';
  running.add(scope.userId);
  try {
    return await sendAll(db, scope, post);
  } finally {
    running.delete(scope.userId);
  }
}

async function sendAll(db: OutboxDb, { userId, warehouseId }: SendScope, post: PostBooking): Promise<SendOutcome> {
  try {
    // Read afresh per entry: another tab may have discarded or retried one meanwhile.
    for (const seq of await db.getAllKeys('outbox')) {
      const entry = await db.get('outbox', seq);
      if (!entry || entry.user_id !== userId || entry.warehouse_id !== warehouseId) continue;
      // `sending` left over from a crash is sent again: the key makes it harmless.
      if (entry.status !== 'waiting' && entry.status !== 'sending') continue;
      if (needsConfirmation(entry)) continue;
      await db.put('outbox', { ...entry, status: 'sending', attempts: entry.attempts + 1 });
      const outcome = await sendOne(db, entry, post);
      if (outcome !== 'done') return outcome;
    }
    return 'done';
  } finally {
    await publish(db, userId);
  }
}

async function sendOne(db: OutboxDb, entry: OutboxEntry, post: PostBooking): Promise<SendOutcome> {
  try {
    const answer = await post(entry);
    await db.put('outbox', {
      ...entry,
      status: 'booked',
      attempts: entry.attempts + 1,
      // A correction equal to the stock has no movement; in/out always have one.
      quantity_after: answer.movement?.quantity_after,
    });
    return 'done';
  } catch (thrown) {
    const error = normalizeError(thrown);
    if (retryLater(error) || needsLogin(error)) {
      await db.put('outbox', { ...entry, status: 'waiting', attempts: entry.attempts + 1 });
      return needsLogin(error) ? 'login' : 'offline';
    }
    await db.put('outbox', { ...entry, status: 'refused', attempts: entry.attempts + 1, error });
    return 'done';
  }
}

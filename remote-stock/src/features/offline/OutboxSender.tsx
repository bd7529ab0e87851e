import { useAuth } from '@lager/shared';
import { useEffect } from 'react';
import { type OutboxDb, openOutbox } from './db';
import { ignoreClosed, onChanceToSend, online } from './send-triggers';
import { sendOutbox } from './sender';
import { postBooking } from './wire';

/** How long after a send that got no answer it is tried again. */
const RETRY_MS = 10_000;

/**
 * The outbox sent from any page (offline spec §2 "at app start"), exposed as `./OutboxSender` for
 * the shell's `outbox` slot: the shell mounts it while the signed-in user has bookings waiting
 * and the browser is online, so a worker who reopens the app on `/dashboard` gets their offline
 * bookings booked without visiting `/stock/book`. Renders nothing; only the outbox's database and
 * sender load with it (the article index stays with quick booking). On `/stock/book` the page's
 * own sender runs too: the Web Lock lets one of them send, the other finds the lock taken.
 */
export default function OutboxSender() {
  const { user } = useAuth();
  const userId = user?.id;
  const warehouseId = user?.current_warehouse_id ?? undefined;

  useEffect(() => {
    if (userId === undefined || warehouseId === undefined) return;
    let db: OutboxDb | undefined;
    let closed = false;
    let again: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      clearTimeout(again);
      if (!db || !online()) return;
      void sendOutbox(db, { userId, warehouseId }, postBooking)
        .then((outcome) => {
          // No answer although the browser says it is online (the first moments of a connection, a
          // network that drops unnoticed): again a little later, not only at the next `online`.
          if (outcome === 'offline' && !closed) again = setTimeout(send, RETRY_MS);
        })
        .catch(ignoreClosed);
    };
    void openOutbox(userId)
      .then((opened) => {
        if (closed) opened.close();
        else {
          db = opened;
          send();
        }
      })
      // Without IndexedDB nothing can have been kept.
      .catch(() => undefined);
    const stop = onChanceToSend(send);
    return () => {
      closed = true;
      clearTimeout(again);
      stop();
      db?.close();
    };
  }, [userId, warehouseId]);

  return null;
}

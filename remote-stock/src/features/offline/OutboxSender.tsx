import { useAuth } from '@lager/shared';
import { useEffect } from 'react';
import { type OutboxDb, openOutbox } from './db';
import { ignoreClosed, onChanceToSend, online } from './send-triggers';
import { sendOutbox } from './sender';
import { postBooking } from './wire';

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
    const send = () => {
      if (db && online()) void sendOutbox(db, { userId, warehouseId }, postBooking).catch(ignoreClosed);
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
      stop();
      db?.close();
    };
  }, [userId, warehouseId]);

  return null;
}

import { useAuth } from '@lager/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { lookupArticle, noteStock, REFRESH_MS, refreshIndex } from './article-index';
import { type IndexDb, type IndexedArticle, type OutboxDb, type OutboxEntry, openIndex, openOutbox } from './db';
import {
  addBooking,
  discardEntry,
  entriesOf,
  forgetBooked,
  markShown,
  type NewBooking,
  OUTBOX_EVENT,
  type RetryChange,
  retryEntry,
} from './outbox';
import { ignoreClosed, onChanceToSend, online } from './send-triggers';
import { type SendOutcome, sendOutbox } from './sender';
import { fetchArticles, postBooking } from './wire';

/** Background Sync wakes this page when the connection is back, even if no `online` event comes. */
function askForSync() {
  void navigator.serviceWorker?.ready
    .then((registration) =>
      (registration as { sync?: { register(tag: string): Promise<void> } }).sync?.register('lager-outbox'),
    )
    .catch(() => undefined);
}

/**
 * The signed-in user's article index and outbox for the current warehouse (offline spec §2-3):
 * the index refreshes when the page opens online and every 5 minutes; the outbox is sent at
 * start, on `online`, on the worker's Background Sync message and after each offline booking.
 */
export function useOutbox() {
  const { user } = useAuth();
  const userId = user?.id;
  const warehouseId = user?.current_warehouse_id ?? undefined;
  const dbs = useRef<{ index: IndexDb; outbox: OutboxDb } | null>(null);
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [login, setLogin] = useState(false);

  const reload = useCallback(async () => {
    const open = dbs.current;
    if (!open || warehouseId === undefined) return;
    const next = await entriesOf(open.outbox, warehouseId);
    // What the server answered for bookings sent from here is the hint's new start.
    for (const entry of next) {
      if (entry.status === 'booked' && entry.quantity_after !== undefined && !entry.shown)
        await noteStock(open.index, warehouseId, entry.article.id, entry.quantity_after);
    }
    setEntries(next);
    await markShown(open.outbox, next);
  }, [warehouseId]);

  const send = useCallback(async (): Promise<SendOutcome | undefined> => {
    if (!dbs.current || userId === undefined || warehouseId === undefined || !online()) return undefined;
    const outcome = await sendOutbox(dbs.current.outbox, { userId, warehouseId }, postBooking);
    setLogin(outcome === 'login');
    await reload();
    return outcome;
  }, [userId, warehouseId, reload]);

  useEffect(() => {
    if (userId === undefined || warehouseId === undefined) return;
    let closed = false;
    const refresh = () => {
      if (online() && dbs.current)
        void refreshIndex(dbs.current.index, warehouseId, fetchArticles).catch(() => undefined);
    };
    void Promise.all([openIndex(userId), openOutbox(userId)])
      .then(([index, outbox]) => {
        if (closed) {
          index.close();
          outbox.close();
          return;
        }
        dbs.current = { index, outbox };
        refresh();
        // Bookings sent before this page opened were shown then; the journal keeps them (issue 38).
        void forgetBooked(outbox, userId).then(reload).then(send).catch(ignoreClosed);
      })
      // Without IndexedDB (a private window of some browsers) quick booking simply needs the network.
      .catch(() => undefined);
    const onChange = () => void reload().catch(ignoreClosed);
    const timer = setInterval(refresh, REFRESH_MS);
    const stop = onChanceToSend(() => void send().catch(ignoreClosed));
    addEventListener(OUTBOX_EVENT, onChange);
    addEventListener('storage', onChange);
    return () => {
      closed = true;
      clearInterval(timer);
      stop();
      removeEventListener(OUTBOX_EVENT, onChange);
      removeEventListener('storage', onChange);
      dbs.current?.index.close();
      dbs.current?.outbox.close();
      dbs.current = null;
    };
  }, [userId, warehouseId, reload, send]);

  const lookup = useCallback(
    async (code: string): Promise<IndexedArticle | undefined> =>
      dbs.current && warehouseId !== undefined ? lookupArticle(dbs.current.index, warehouseId, code) : undefined,
    [warehouseId],
  );

  const queue = useCallback(
    async (booking: Omit<NewBooking, 'user_id' | 'warehouse_id' | 'occurred_at'>) => {
      if (!dbs.current || userId === undefined || warehouseId === undefined) throw new Error('outbox not open');
      const entry = await addBooking(dbs.current.outbox, {
        ...booking,
        user_id: userId,
        warehouse_id: warehouseId,
        occurred_at: new Date().toISOString(),
      });
      askForSync();
      await reload();
      return entry;
    },
    [userId, warehouseId, reload],
  );

  const act = useCallback(
    async (change: (db: OutboxDb) => Promise<void>) => {
      if (!dbs.current) return;
      await change(dbs.current.outbox);
      await reload();
      void send().catch(ignoreClosed);
    },
    [reload, send],
  );

  /** An online booking's answer: the article's stock now (the offline hint starts from it). */
  const noteBooked = useCallback(
    (articleId: number, quantity: number) => {
      if (dbs.current && warehouseId !== undefined)
        void noteStock(dbs.current.index, warehouseId, articleId, quantity).catch(ignoreClosed);
    },
    [warehouseId],
  );

  return {
    entries,
    login,
    lookup,
    queue,
    noteBooked,
    retry: (seq: number, change?: RetryChange) => act((db) => retryEntry(db, seq, change)).catch(ignoreClosed),
    discard: (seq: number) => act((db) => discardEntry(db, seq)).catch(ignoreClosed),
  };
}

/** When an outbox is sent (offline spec §2): at start, when the connection is back, on Background Sync. */

export const online = () => navigator.onLine !== false;

/**
 * A read or send still running when the page closes its databases (unmount, another user or
 * warehouse) ends with InvalidStateError; nothing is lost (a booking is stored as 'sending' before
 * its request and goes again, same key, at the next start), so it must not become an unhandled rejection.
 */
export const ignoreClosed = () => undefined;

/**
 * Calls `send` when the browser is online again and when the service worker's Background Sync
 * wakes the page (message `OUTBOX_SYNC`, shell/sw); returns the function that stops listening.
 */
export function onChanceToSend(send: () => void): () => void {
  const onWorker = (event: MessageEvent) => {
    if ((event.data as { type?: string } | undefined)?.type === 'OUTBOX_SYNC') send();
  };
  addEventListener('online', send);
  navigator.serviceWorker?.addEventListener('message', onWorker);
  return () => {
    removeEventListener('online', send);
    navigator.serviceWorker?.removeEventListener('message', onWorker);
  };
}

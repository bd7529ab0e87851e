/**
 * Removes what this browser keeps of one user (spec §1 and §3): the worker's cached API answers,
 * the stock section's article index and — only when `outbox` is set, after the user confirmed
 * discarding — the bookings waiting to be sent. Best effort: a browser without one of them has nothing to remove.
 */
export async function clearUserData(userId: number | string, { outbox }: { outbox: boolean }): Promise<void> {
  const drop = (name: string) =>
    new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
  await Promise.all([
    globalThis.caches?.delete('lager-api'),
    globalThis.indexedDB && drop(`lager-index-${userId}`),
    globalThis.indexedDB && outbox && drop(`lager-outbox-${userId}`),
  ]).catch(() => undefined);
  if (outbox) {
    const pending = JSON.parse(localStorage.getItem('lager.outbox.pending') ?? '{}') as Record<string, number>;
    delete pending[userId];
    localStorage.setItem('lager.outbox.pending', JSON.stringify(pending));
  }
}

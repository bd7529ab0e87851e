import { useSyncExternalStore } from 'react';

/**
 * What the offline bar shows, outside React so the worker's registration (before the first
 * render) and the logout flow can set it: the connection, a waiting new shell build, the
 * bookings the stock section's outbox holds for the signed-in user, and an open logout question.
 */
export interface OfflineState {
  online: boolean;
  update?: ServiceWorker;
  /** Per user id: bookings waiting (the outbox writes `lager.outbox.pending`, see remote-stock). */
  pending: Record<string, number>;
  logoutPrompt?: { count: number; answer: (discard: boolean) => void };
}

const PENDING_KEY = 'lager.outbox.pending';
let state: OfflineState = { online: navigator.onLine !== false, pending: readPending() };
const listeners = new Set<() => void>();

function readPending(): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(PENDING_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

export function setOffline(patch: Partial<OfflineState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const useOffline = () => useSyncExternalStore(subscribe, () => state);
export const pendingOf = (userId: number | undefined): number =>
  userId === undefined ? 0 : (state.pending[userId] ?? 0);

/** Follows the browser's connection and the outbox's count (this tab's and other tabs'). */
export function watchConnection(): void {
  const sync = () => setOffline({ online: navigator.onLine !== false, pending: readPending() });
  for (const name of ['online', 'offline', 'lager:outbox', 'storage']) addEventListener(name, sync);
}

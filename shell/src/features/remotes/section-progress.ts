import { useSyncExternalStore } from 'react';

/**
 * Sections that are being fetched right now. A navigation keeps the current page on screen
 * until the next section has arrived (see SectionSuspense), so the layout shows a progress
 * bar meanwhile: on a slow network a click must never look ignored.
 */
let loading = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function trackSectionLoad(promise: Promise<unknown>): void {
  loading += 1;
  // Loads start during render; tell subscribers afterwards, never in the middle of a render.
  queueMicrotask(notify);
  const done = () => {
    loading -= 1;
    notify();
  };
  promise.then(done, done);
}

export function useSectionsLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
    () => false,
  );
}

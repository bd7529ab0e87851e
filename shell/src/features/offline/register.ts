import { setOffline } from './state';

const ask = (worker: ServiceWorker, message: unknown) =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(undefined);
    worker.postMessage(message, [channel.port2]);
  });

/**
 * Registers the shell's service worker (shell/sw, README "Working offline") once the page has
 * loaded, so it never competes with the first render. A new build waits until the user takes the
 * update; a page loaded before the worker controlled it hands over the URLs it used, so the
 * next start works offline. `<html data-offline="ready">` says that this page is covered.
 */
export function registerServiceWorker(): void {
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return;
  const run = async () => {
    const registration = await sw.register('/sw.js');
    const offer = (worker: ServiceWorker | null) => {
      if (worker && sw.controller) setOffline({ update: worker });
    };
    if (registration.waiting) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => worker.state === 'installed' && offer(worker));
    });
    const ready = await sw.ready;
    if (ready.active) {
      const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
      await ask(ready.active, { type: 'CACHE_URLS', urls, page: location.href });
    }
    document.documentElement.dataset.offline = 'ready';
  };
  const start = () => void run().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

/** The user took the offered update: the waiting worker takes over, then the page reloads once. */
export function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/// <reference lib="webworker" />
/**
 * Lager's service worker (README "Working offline"). Bundled by esbuild and given its precache
 * list by workbox-build's injectManifest after the shell's Rsbuild build (shell/sw/build.mjs).
 *
 * - the shell's own build: precached (a new build installs in the background and waits until the
 *   page offers "Neue Version – neu laden"; it never takes over by itself);
 * - pages: network first (3 s), the last online page kept under one key — it carries the runtime
 *   data inline, so an offline start uses the versions of the last online one;
 * - `config.json`, `remotes.json`, every `mf-manifest.json`: network first (3 s), cached copy as fallback;
 * - files of a remote version folder (`…/<version>/…`, immutable): cache first; versions no longer
 *   named are evicted (the last two per remote stay); other remote files: network first (3 s);
 * - `GET /api/…` JSON: network first, the last answer offline (cleared at logout by the page).
 *
 * Anything else — above all another origin the worker has not seen named by a rollout manifest —
 * is not answered by the worker at all: the browser fetches it as if there were no worker, under
 * the page's own Content-Security-Policy. A remote moved to a new host therefore loads at the next
 * page load without a new worker (issue 38: before, the worker fetched it itself and the CSP it
 * was installed with refused the new origin, in that browser until the worker was unregistered).
 */

import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { type Folders, namedBases, namedFolders, planEviction } from './versions';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const PAGE_KEY = '/__lager-page';
const CACHES = { pages: 'lager-pages', manifests: 'lager-manifests', remotes: 'lager-remotes', api: 'lager-api' };
const META_KEY = '/__lager-remote-folders';
const RUNTIME_DATA = /<script type="application\/json" id="lager-runtime">([\s\S]*?)<\/script>/;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Caches complete answers only; remote scripts load without CORS (opaque answers). */
const okOrOpaque = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 || response.type === 'opaque' ? response : null,
};

let folders: Folders = {};
/** Where the remotes of the last manifest seen online live (entry directories): see `known`. */
let bases: string[] = [];
const foldersLoaded = caches
  .open(CACHES.manifests)
  .then((c) => c.match(META_KEY))
  .then(async (r) => {
    if (!r) return;
    const saved = (await r.json()) as { folders?: Folders; bases?: string[] } & Folders;
    // A worker before issue 38 kept the folders alone.
    if (Array.isArray(saved.bases)) {
      folders = saved.folders ?? {};
      bases = saved.bases;
    } else folders = saved as Folders;
  })
  .catch(() => undefined);

/** A rollout manifest seen online: remember where its remotes live, evict version folders no longer needed. */
async function onManifest(manifest: unknown) {
  await foldersLoaded;
  const plan = planEviction(folders, namedFolders(manifest, self.location.href));
  folders = plan.folders;
  bases = namedBases(manifest, self.location.href);
  const evict = plan.evict;
  const meta = await caches.open(CACHES.manifests);
  await meta.put(META_KEY, new Response(JSON.stringify({ folders, bases })));
  if (evict.length === 0) return;
  const cache = await caches.open(CACHES.remotes);
  for (const request of await cache.keys()) {
    if (evict.some((f) => request.url.startsWith(f))) await cache.delete(request);
  }
}

const readManifest = {
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.ok && new URL(request.url).pathname === '/remotes.json') {
      response
        .clone()
        .json()
        .then(onManifest)
        .catch(() => undefined);
    }
    return response;
  },
};

const pageStrategy = new NetworkFirst({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: 3,
  plugins: [
    okOrOpaque,
    { cacheKeyWillBeUsed: async () => PAGE_KEY },
    {
      fetchDidSucceed: async ({ response }) => {
        if (response.ok) {
          response
            .clone()
            .text()
            .then((html) => {
              const data = RUNTIME_DATA.exec(html)?.[1];
              if (data) return onManifest((JSON.parse(data) as { remotes?: unknown }).remotes);
            })
            .catch(() => undefined);
        }
        return response;
      },
    },
  ],
});

const isApi = (url: URL) =>
  url.pathname.startsWith('/api/') && !url.pathname.endsWith('.csv') && !url.pathname.startsWith('/api/telemetry');
const inVersionFolder = (url: string) => Object.values(folders).some((list) => list.some((f) => url.startsWith(f)));
/** A remote's file the worker knows of: in a version folder it keeps, or where the last manifest seen serves a remote. */
const known = (url: URL) => inVersionFolder(url.href) || bases.some((b) => url.href.startsWith(b));
const isManifestFile = (url: URL) =>
  (url.origin === self.location.origin && (url.pathname === '/config.json' || url.pathname === '/remotes.json')) ||
  (url.pathname.endsWith('/mf-manifest.json') && known(url));

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !isApi(url),
  async (options) => {
    try {
      return await pageStrategy.handle(options);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);
registerRoute(
  ({ url }) => isManifestFile(url),
  new NetworkFirst({ cacheName: CACHES.manifests, networkTimeoutSeconds: 3, plugins: [okOrOpaque, readManifest] }),
);
registerRoute(
  ({ url }) => inVersionFolder(url.href),
  new CacheFirst({ cacheName: CACHES.remotes, plugins: [okOrOpaque] }),
);
registerRoute(
  ({ url, request }) =>
    url.origin !== self.location.origin && ['script', 'style', 'font'].includes(request.destination) && known(url),
  new NetworkFirst({
    cacheName: CACHES.remotes,
    networkTimeoutSeconds: 3,
    plugins: [okOrOpaque, new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  ({ url }) => isApi(url),
  new NetworkFirst({ cacheName: CACHES.api, plugins: [okOrOpaque], matchOptions: { ignoreVary: true } }),
);

/**
 * The page that registered this worker loaded its files before the worker controlled it: it sends
 * their URLs once so the next start works offline (the page, its section's files, its API answers).
 */
async function cacheUrls(urls: string[]) {
  await foldersLoaded;
  for (const href of urls) {
    const url = new URL(href, self.location.href);
    try {
      const own = url.origin === self.location.origin;
      const name = isApi(url)
        ? CACHES.api
        : isManifestFile(url)
          ? CACHES.manifests
          : !own && known(url)
            ? CACHES.remotes
            : undefined;
      if (!name || (await caches.match(url.href, { ignoreVary: true }))) continue;
      const response = await fetch(url.href, own ? { credentials: 'same-origin' } : { mode: 'no-cors' });
      if (response.status === 200 || response.type === 'opaque')
        await (await caches.open(name)).put(url.href, response);
    } catch {
      // Best effort: a file that cannot be fetched now is cached on its next use.
    }
  }
}

async function cachePage(href: string) {
  const response = await fetch(href, { credentials: 'same-origin' });
  if (!response.ok) return;
  await (await caches.open(CACHES.pages)).put(PAGE_KEY, response.clone());
  const data = RUNTIME_DATA.exec(await response.text())?.[1];
  if (data) await onManifest((JSON.parse(data) as { remotes?: unknown }).remotes);
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: string[]; page?: string } | undefined;
  const reply = (value: unknown) => event.ports[0]?.postMessage(value);
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'CACHE_URLS') {
    // The page first: its manifest says which remote files are known.
    event.waitUntil(
      (data.page ? cachePage(data.page).catch(() => undefined) : Promise.resolve())
        .then(() => cacheUrls(data.urls ?? []))
        .then(() => reply(true)),
    );
  }
  if (data?.type === 'CLEAR_USER') event.waitUntil(caches.delete(CACHES.api).then(() => reply(true)));
});

// The first install takes the open pages at once (nothing to replace); an update waits (see above).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Background Sync: wake the open stock pages to send their outbox (the sender lives in the page).
self.addEventListener('sync', (event) => {
  const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (!sync.tag.startsWith('lager-outbox')) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'OUTBOX_SYNC' });
    }),
  );
});

/**
 * Real page loads in Chromium: first-load bytes from the network log (cold cache), repeat
 * visit with a warm cache, singleton copies on a page showing two sections, and the time to
 * show a not-yet-loaded section after clicking its link.
 */
import { newContext, recordNetwork, waitForSection } from './browser.mjs';
import { median } from './util.mjs';

/** URL → static sizes of the served file (by origin → build directory), when it is one. */
export function sizeIndex(deployment, measurements) {
  const byOrigin = new Map();
  byOrigin.set(deployment.shell.url, deployment.shell.key);
  for (const r of Object.values(deployment.remotes)) byOrigin.set(r.url, r.key);
  const tables = new Map();
  return (url) => {
    const u = new URL(url);
    const app = byOrigin.get(u.origin);
    if (!app || !measurements[app]) return undefined;
    if (!tables.has(app)) tables.set(app, new Map(measurements[app].files.map((f) => [f.file, f])));
    const file = tables.get(app).get(u.pathname.replace(/^\//, ''));
    return file ? { app, ...file } : { app };
  };
}

/**
 * The telemetry's web-vitals chunk (shell/src/features/telemetry): fetched on purpose 1 s after the load
 * event and an idle moment, so whether it fell inside the 500 ms quiet window was a race (the lazy
 * monolith's /dashboard measured 186.9 kB in one bench and 183.9 kB in the next with the same build).
 * Counted apart from the first load's JS, in `deferred`.
 */
const DEFERRED = /\/web-vitals\.[0-9a-f]+\.js(\?|$)/;

function kindOf(entry) {
  if (DEFERRED.test(entry.url)) return 'deferred';
  if (entry.type === 'Script' || /\.m?js(\?|$)/.test(entry.url)) return 'js';
  if (entry.type === 'Stylesheet' || /\.css(\?|$)/.test(entry.url)) return 'css';
  if (entry.type === 'Document') return 'html';
  if (/\/(api|sanctum)\//.test(entry.url)) return 'api';
  return 'other';
}

function summarize(entries, sizes) {
  const requests = entries.map((e) => {
    const s = sizes(e.url) ?? {};
    return {
      url: e.url,
      kind: kindOf(e),
      app: s.app,
      status: e.status,
      cache: e.cache,
      encoding: e.encoding,
      transferred: e.transferred,
      raw: s.raw ?? e.decoded,
      gzip: s.gzip ?? null,
      brotli: s.brotli ?? null,
      failed: e.failed,
    };
  });
  const group = (kind) => {
    const rs = requests.filter((r) => kind === 'all' || r.kind === kind);
    const add = (k) => rs.reduce((n, r) => n + (r[k] ?? 0), 0);
    return {
      requests: rs.length,
      fromNetwork: rs.filter((r) => r.cache === 'network').length,
      transferred: add('transferred'),
      raw: add('raw'),
      gzip: add('gzip'),
      brotli: add('brotli'),
    };
  };
  const byApp = {};
  for (const r of requests.filter((x) => x.kind === 'js' || x.kind === 'css')) {
    byApp[r.app ?? 'other'] ??= { gzip: 0, files: 0 };
    byApp[r.app ?? 'other'].gzip += r.gzip ?? 0;
    byApp[r.app ?? 'other'].files += 1;
  }
  return { js: group('js'), css: group('css'), deferred: group('deferred'), all: group('all'), byApp, requests };
}

async function visit(context, url, sizes, selector) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const net = await recordNetwork(page);
  let ready = true;
  await page.goto(url, { waitUntil: 'load' });
  try {
    await waitForSection(page, { selector });
  } catch {
    ready = false;
  }
  const readyMs = await page.evaluate(() => performance.now());
  await net.quiet();
  const summary = summarize(net.entries(), sizes);
  const finalPath = new URL(page.url()).pathname;
  await net.detach();
  return { page, result: { ready, readyMs: Math.round(readyMs), finalPath, errors, ...summary } };
}

/** Cold first load of `path`, then a repeat visit in the same profile (warm HTTP cache). */
export async function measureFirstLoad(browser, deployment, sizes, { path, cookies, selector }) {
  const url = `${deployment.shell.url}${path}`;
  const context = await newContext(browser, { cookies, url });
  try {
    const cold = await visit(context, url, sizes, selector);
    await cold.page.close();
    const warm = await visit(context, url, sizes, selector);
    await warm.page.close();
    return { path, cold: cold.result, warm: warm.result };
  } finally {
    await context.close();
  }
}

/** Client-side navigation: the header link when there is one, else history + popstate. */
async function navigateInApp(page, to) {
  const link = page.locator(`a[href="${to}"]`).first();
  if (await link.count()) return link.click();
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

const SINGLETON_NAMES = [
  'react',
  'react-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'react-router-dom',
  'i18next',
  'react-i18next',
  'axios',
  '@lager/shared',
];

/**
 * Loads `first` (one section), moves in-app to `second` (another section) and counts, per
 * shared package, the copies the federation runtime loaded; also lists any remote's shared
 * fallback chunk the browser fetched (each would be a second copy of a library).
 */
export async function measureSingletons(browser, deployment, sizes, measurements, { first, second, cookies }) {
  const url = `${deployment.shell.url}${first.path}`;
  const context = await newContext(browser, { cookies, url });
  const page = await context.newPage();
  const net = await recordNetwork(page);
  try {
    await page.goto(url);
    await waitForSection(page, { selector: first.selector });
    await navigateInApp(page, second.path);
    await page.waitForFunction((p) => location.pathname.startsWith(p), second.path);
    await waitForSection(page, { selector: second.selector });
    await net.quiet();
    // Every federation instance (shell, each remote) lists the share scope it uses; the same
    // loaded module seen from two instances is one copy, so copies are counted by identity.
    const share = await page.evaluate(() => {
      const root = window.__FEDERATION__?.__SHARE__;
      if (!root) return null;
      const seen = {};
      for (const scopes of Object.values(root)) {
        for (const packages of Object.values(scopes)) {
          for (const [name, versions] of Object.entries(packages)) {
            seen[name] ??= new Map();
            for (const [version, shared] of Object.entries(versions)) {
              // A tree-shaken shared package is kept in `treeShaking` beside the (unused) full one.
              for (const [entry, label] of [
                [shared, ''],
                [shared.treeShaking, ' (tree-shaken)'],
              ]) {
                if (!entry || !(entry.loaded || entry.lib)) continue;
                const identity = typeof entry.lib === 'function' ? entry.lib : entry;
                seen[name].set(identity, `${version} from ${shared.from}${label}`);
              }
            }
          }
        }
      }
      return Object.fromEntries(Object.entries(seen).map(([name, m]) => [name, [...m.values()]]));
    });
    const fallbacks = new Map();
    for (const r of Object.values(deployment.remotes)) {
      for (const f of measurements[r.key]?.remote?.sharedFallbackFiles ?? []) fallbacks.set(`${r.url}/${f}`, r.key);
    }
    const fetchedFallbacks = net
      .entries()
      .filter((e) => fallbacks.has(e.url.split('?')[0]))
      .map((e) => e.url);
    const sectionsLoaded = [
      ...new Set(
        net
          .entries()
          .map((e) => sizes(e.url)?.app)
          .filter(Boolean),
      ),
    ];
    const names = [...new Set([...SINGLETON_NAMES, ...Object.keys(share ?? {})])];
    const packages = Object.fromEntries(
      names.map((n) => [n, { copies: share?.[n]?.length ?? 0, from: share?.[n] ?? [] }]),
    );
    return {
      page: `${first.path} → ${second.path}`,
      appsLoaded: sectionsLoaded,
      packages,
      fetchedFallbacks,
      required: SINGLETON_NAMES,
    };
  } finally {
    await net.detach();
    await context.close();
  }
}

/**
 * Time from clicking a link to a section that has not been loaded in this page until its
 * content is on screen (measured inside the page: click → DOM shows the target → next frame).
 * Every run uses a fresh profile, so the section's code is not in the HTTP cache either.
 */
export async function measureSectionSwitch(browser, deployment, { from, to, runs, cookies }) {
  const samples = [];
  const url = `${deployment.shell.url}${from.path}`;
  for (let i = 0; i < runs; i++) {
    const context = await newContext(browser, { cookies, url });
    const page = await context.newPage();
    try {
      await page.goto(url);
      await waitForSection(page, { selector: from.selector });
      const net = await recordNetwork(page);
      await net.quiet(300);
      await net.detach();
      const hasLink = (await page.locator(`a[href="${to.path}"]`).count()) > 0;
      const elapsed = await page.evaluate(
        ({ path, heading, hasLink }) =>
          new Promise((resolve, reject) => {
            const shown = () => {
              const main = document.querySelector('#main');
              if (!main || !location.pathname.startsWith(path) || main.querySelector('.loading')) return false;
              return [...main.querySelectorAll('h1, h2')].some((h) => h.textContent?.trim() === heading);
            };
            const t0 = performance.now();
            const timer = setTimeout(() => reject(new Error('section did not show within 20 s')), 20_000);
            const observer = new MutationObserver(() => {
              if (!shown()) return;
              observer.disconnect();
              clearTimeout(timer);
              requestAnimationFrame(() => resolve(performance.now() - t0));
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            if (hasLink) document.querySelector(`a[href="${path}"]`).click();
            else {
              window.history.pushState({}, '', path);
              window.dispatchEvent(new PopStateEvent('popstate'));
            }
          }),
        { path: to.path, heading: to.heading, hasLink },
      );
      samples.push(Math.round(elapsed));
    } catch (error) {
      samples.push(null);
      console.warn(`section switch run ${i + 1}: ${error.message}`);
    } finally {
      await context.close();
    }
  }
  return { from: from.path, to: to.path, runs, samples, median: median(samples) };
}

/**
 * Working offline (issue 25, offline-spec.md): what the offline work costs the pages that do not
 * use it, and how fast the stock section's article index answers.
 *
 * - First load of /login and /dashboard, built from the commit before the offline work
 *   (`PRE_OFFLINE_REF`, in a throwaway clone) and from this tree, each served and loaded like the
 *   bench's own first-load rows (cold cache, Chromium, network log). Budget: ≤ 2 kB gzip more JS+CSS.
 * - Index lookup: remote-stock's own `openIndex`/`lookupArticle` (bundled with esbuild) in Chromium's
 *   IndexedDB with 100 000 articles, the CPU slowed 4× (a mid-range phone). Budget: < 50 ms.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { measureApp } from './bytes.mjs';
import { measureFirstLoad, sizeIndex } from './pageload.mjs';
import { browserBundle, scriptPage } from './script-page.mjs';
import { startDeployment } from './serve.mjs';
import { log, median } from './util.mjs';

/** The last commit before the offline work (`git log --oneline -- shell/sw remote-stock/src/features/offline`). */
export const PRE_OFFLINE_REF = '38027d4';
const PRE = 'pre-offline';
const PAGES = { login: { path: '/login', auth: false }, dashboard: { path: '/dashboard', auth: true } };
/** kB as everywhere in the bench: 1000 bytes (stricter than 2 KiB). */
const OFFLINE_BUDGET_BYTES = 2 * 1000;
const LOOKUP_BUDGET_MS = 50;

/**
 * Builds `PRE_OFFLINE_REF` into `<outDir>/pre-offline/<app>` once (kept for later runs): a shallow
 * clone with this tree's node_modules hard-linked (the same library versions), built with that
 * commit's own configuration. Returns the clone (its section.json files describe its sections) and its remotes.
 */
export async function buildPreOffline({ repoRoot, outDir, apps }) {
  const clone = path.join(os.tmpdir(), `lager-${PRE}-${PRE_OFFLINE_REF}`);
  if (!fs.existsSync(path.join(clone, '.git'))) {
    execFileSync('git', ['clone', '--quiet', '--no-checkout', repoRoot, clone]);
    execFileSync('git', ['-C', clone, 'checkout', '--quiet', PRE_OFFLINE_REF]);
    for (const dir of ['.', ...apps, 'api']) {
      const modules = path.join(repoRoot, dir, 'node_modules');
      if (fs.existsSync(modules) && !fs.existsSync(path.join(clone, dir, 'node_modules')))
        execFileSync('cp', ['-al', modules, path.join(clone, dir, 'node_modules')]);
    }
  }
  // A section added since then is not part of that build.
  const present = apps.filter((app) => fs.existsSync(path.join(clone, app, 'package.json')));
  const built = (app) => path.join(outDir, PRE, app, app === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!present.every((app) => fs.existsSync(built(app))))
    await buildAll({ repoRoot: clone, outDir: path.join(outDir, PRE), apps: present, federatedOnly: true });
  return { clone, remotes: present.filter((app) => app !== 'shell') };
}

/** First load of /login and /dashboard for this tree's build (`outDir/<app>`) and the pre-offline one. */
export async function measureOfflineFirstLoads({ browser, outDir, builds, apiUrl, shellPorts, user }) {
  const kinds = { current: '', [PRE]: `${PRE}/` };
  const out = {};
  for (const [kind, prefix] of Object.entries(kinds)) {
    const { sectionsRoot, remoteNames } = builds[kind];
    const remoteDirs = Object.fromEntries(remoteNames.map((n) => [n, `${prefix}${n}`]));
    const bytes = {};
    for (const dir of [`${prefix}shell`, ...Object.values(remoteDirs)]) bytes[dir] = measureApp(path.join(outDir, dir));
    const deployment = await startDeployment({
      kind,
      outDir,
      shellDir: `${prefix}shell`,
      remoteDirs,
      remoteNames,
      shellPort: shellPorts[kind],
      apiUrl,
      sectionsRoot,
    });
    try {
      out[kind] = {};
      for (const [name, page] of Object.entries(PAGES)) {
        const load = await measureFirstLoad(browser, deployment, sizeIndex(deployment, bytes), {
          ...page,
          cookies: page.auth ? user.cookies : undefined,
        });
        const { js, css, requests } = load.cold;
        out[kind][name] = {
          ready: load.cold.ready,
          jsGzip: js.gzip,
          cssGzip: css.gzip,
          jsRequests: js.requests,
          // Per build directory (pre-offline/shell → shell): where the bytes changed.
          byApp: Object.fromEntries(
            Object.entries(load.cold.byApp).map(([app, v]) => [app.replace(`${PRE}/`, ''), v.gzip]),
          ),
        };
        log(`offline: ${kind} ${page.path} JS ${(js.gzip / 1000).toFixed(1)} kB gzip in ${requests.length} requests`);
      }
    } finally {
      await deployment.stop();
    }
  }
  return out;
}

/** remote-stock's index code as one script for a page: `lagerIndex.openIndex`, `lagerIndex.lookupArticle`. */
function indexBundle(repoRoot) {
  return browserBundle(
    repoRoot,
    [
      "export { openIndex } from './remote-stock/src/features/offline/db';",
      "export { lookupArticle } from './remote-stock/src/features/offline/article-index';",
    ].join('\n'),
    'lagerIndex',
  );
}

/**
 * Fills a user's index with `articles` articles of one warehouse, then looks up `lookups` random
 * codes (barcodes, SKUs in other case, and codes that match nothing: two index reads) with the CPU
 * slowed `cpuThrottle` times. Times are per lookup, in the page (performance.now()).
 */
export async function measureIndexLookup(browser, { repoRoot, articles = 100_000, lookups = 300, cpuThrottle = 4 }) {
  // IndexedDB needs an origin: an empty page of its own.
  const { context, page } = await scriptPage(browser, 'index.bench', await indexBundle(repoRoot));
  try {
    const fillMs = await page.evaluate(async (count) => {
      const started = performance.now();
      const db = await window.lagerIndex.openIndex(1);
      for (let from = 0; from < count; from += 10_000) {
        const tx = db.transaction('articles', 'readwrite');
        for (let i = from; i < Math.min(count, from + 10_000); i++) {
          void tx.store.put({
            warehouse_id: 1,
            id: i + 1,
            sku: `ART-${i}`,
            sku_key: `art-${i}`,
            name: `Artikel ${i}`,
            unit: 'pcs',
            barcode: String(4000000000000 + i),
            quantity: i % 50,
            archived: false,
            updated_at: '2026-11-25T00:00:00Z',
          });
        }
        await tx.done;
      }
      db.close();
      return performance.now() - started;
    }, articles);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    const times = await page.evaluate(
      async ({ count, n }) => {
        const db = await window.lagerIndex.openIndex(1);
        const found = { barcode: [], sku: [], none: [] };
        for (let k = 0; k < n; k++) {
          const i = Math.floor(Math.random() * count);
          const [kind, code] =
            k % 3 === 0
              ? ['barcode', String(4000000000000 + i)]
              : k % 3 === 1
                ? ['sku', `art-${i}`]
                : ['none', `X${i}`];
          const started = performance.now();
          const article = await window.lagerIndex.lookupArticle(db, 1, code);
          const ms = performance.now() - started;
          if ((kind === 'none') !== (article === undefined)) throw new Error(`lookup of ${code} answered wrongly`);
          found[kind].push(ms);
        }
        db.close();
        return found;
      },
      { count: articles, n: lookups },
    );
    const stats = (xs) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return {
        p50: median(sorted),
        p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))],
        max: sorted[sorted.length - 1],
        n: sorted.length,
      };
    };
    return {
      articles,
      cpuThrottle,
      fillMs: Math.round(fillMs),
      byKind: Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, stats(xs)])),
      all: stats(Object.values(times).flat()),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes) => (bytes == null ? 'n/a' : `${(bytes / 1000).toFixed(1)} kB`);
const ms = (x) => (x == null ? 'n/a' : `${x.toFixed(2)} ms`);

/** Budget lines: first-load growth per page and the lookup's 95th percentile. */
export function offlineBudgets(offline) {
  const lines = [];
  for (const name of Object.keys(PAGES)) {
    const now = offline?.firstLoad?.current?.[name];
    const before = offline?.firstLoad?.[PRE]?.[name];
    const growth = now && before ? now.jsGzip + now.cssGzip - (before.jsGzip + before.cssGzip) : null;
    lines.push({
      name: `offline: first load ${PAGES[name].path} grows ≤ 2 kB gzip since ${PRE_OFFLINE_REF} (JS+CSS; every change since, see notes)`,
      value: growth,
      limit: OFFLINE_BUDGET_BYTES,
      shown: growth == null ? 'not measured' : `${growth >= 0 ? '+' : ''}${(growth / 1000).toFixed(2)} kB`,
      pass: growth != null && growth <= OFFLINE_BUDGET_BYTES,
    });
  }
  const p95 = offline?.lookup?.all?.p95;
  lines.push({
    name: 'offline: index lookup p95 < 50 ms (100 000 articles, CPU 4× slower)',
    value: p95,
    limit: LOOKUP_BUDGET_MS,
    shown: p95 == null ? 'not measured' : ms(p95),
    pass: p95 != null && p95 < LOOKUP_BUDGET_MS,
  });
  return lines;
}

/** The "Working offline" section of BENCHMARKS.md. */
export function offlineSection(offline, table) {
  const head = '## Working offline (issue 25; `npm run bench -- --offline` measures only this part)';
  if (!offline) return `${head}\n\nNot measured in this run.`;
  const lines = [head, ''];
  const first = offline.firstLoad;
  if (first) {
    lines.push(
      `First load (cold cache, as above) of the build before the offline work (${PRE_OFFLINE_REF}, built from a clone with its`,
      `own configuration) and of this tree (${offline.commit ?? 'n/a'}). No \`sw.js\` is built by the bench, so no service worker`,
      'runs: the rows are what the page itself fetches (the worker and its precache come later, in the background).',
      '',
      table(
        ['page', 'build', 'JS req.', 'JS gzip', 'CSS gzip', 'JS+CSS gzip', 'growth'],
        Object.keys(PAGES).flatMap((name) => {
          const before = first[PRE]?.[name];
          const now = first.current?.[name];
          const sum = (r) => (r ? r.jsGzip + r.cssGzip : null);
          const growth = before && now ? sum(now) - sum(before) : null;
          return [
            [
              PAGES[name].path,
              `before (${PRE_OFFLINE_REF})`,
              before?.jsRequests ?? 'n/a',
              kb(before?.jsGzip),
              kb(before?.cssGzip),
              kb(sum(before)),
              '',
            ],
            [
              PAGES[name].path,
              'now',
              now?.jsRequests ?? 'n/a',
              kb(now?.jsGzip),
              kb(now?.cssGzip),
              kb(sum(now)),
              growth == null ? 'n/a' : `${growth >= 0 ? '+' : ''}${(growth / 1000).toFixed(2)} kB`,
            ],
          ];
        }),
      ),
      '',
    );
  }
  if (first) {
    const changes = Object.keys(PAGES).map((name) => {
      const before = first[PRE]?.[name]?.byApp ?? {};
      const now = first.current?.[name]?.byApp ?? {};
      const apps = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
      const parts = apps
        .map((app) => [app, (now[app] ?? 0) - (before[app] ?? 0)])
        .filter(([, d]) => Math.abs(d) >= 50)
        .map(([app, d]) => `${app} ${d >= 0 ? '+' : ''}${(d / 1000).toFixed(2)} kB`);
      return `${PAGES[name].path}: ${parts.join(', ') || 'no app changed by 0.05 kB or more'}`;
    });
    lines.push(`Growth by app (JS+CSS gzip): ${changes.join('; ')}.`, '');
  }
  const notes = path.join(import.meta.dirname, '..', 'offline-notes.md');
  if (fs.existsSync(notes)) lines.push(fs.readFileSync(notes, 'utf8').trim(), '');
  const l = offline.lookup;
  if (l) {
    lines.push(
      `Article index lookup: remote-stock's \`lookupArticle\` in Chromium's IndexedDB, ${l.articles.toLocaleString('en')} articles of`,
      `one warehouse (filled in ${(l.fillMs / 1000).toFixed(1)} s), CPU slowed ${l.cpuThrottle}× (DevTools throttling, a mid-range phone);`,
      `machine load average at the start of this part: ${offline.loadavgAtStart?.join(' / ') ?? 'n/a'} (the tail moves with it).`,
      '',
      table(
        ['lookup', 'n', 'p50', 'p95', 'max'],
        [
          ...Object.entries(l.byKind).map(([kind, s]) => [
            { barcode: 'by barcode', sku: 'by SKU (other case)', none: 'no match (both indexes read)' }[kind] ?? kind,
            s.n,
            ms(s.p50),
            ms(s.p95),
            ms(s.max),
          ]),
          ['all', l.all.n, ms(l.all.p50), ms(l.all.p95), ms(l.all.max)],
        ],
      ),
    );
  }
  return lines.join('\n');
}

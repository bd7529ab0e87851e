/**
 * `npm run bench`: builds the federated apps and a monolithic baseline, serves them on
 * loopback, measures bytes, page loads, singletons, Lighthouse, section switches, the API
 * and build times, then writes bench/results.json and BENCHMARKS.md (budgets as pass/fail
 * lines). A report, not a gate: it exits 0 even when budgets fail or a step breaks.
 *
 *   --quick        fewer runs and shorter load tests, for working on the bench itself
 *   --skip-build   reuse bench/out from the previous run (build times are then not measured)
 *   --web-only     only the web part (builds, page loads, Lighthouse, standalone remotes); API rows kept from results.json
 *   --api-only     only the API part (bench/lib/api-bench.mjs); the other sections of the report are kept from
 *                  bench/results.json. PostgreSQL rows: LAGER_BENCH_POSTGRES_URL (or DATABASE_URL), else a
 *                  throwaway cluster when PostgreSQL's binaries are installed (bench/lib/postgres.mjs).
 *   --offline      only the offline part (bench/lib/offline.mjs): first load of /login and /dashboard before the offline
 *                  work (a clone of PRE_OFFLINE_REF, built once into bench/out/pre-offline) and now (bench/out/<app>,
 *                  built unless --skip-build), and the article index lookup with 100 000 articles; the other sections of
 *                  the report are kept from bench/results.json (a full run keeps these rows from there too)
 *   --labels       only the labels part (bench/lib/labels.mjs): 1 000 label PDFs per layout made in Chromium by
 *                  remote-stock's labelsPdf; the other sections of the report are kept from bench/results.json
 *   --stock        also run the stock scale part (bench/stock/run.ts: 100 000 articles, 1 000 000 movements
 *                  bulk-loaded on PGlite, and on PostgreSQL when DATABASE_URL is set; ~15 min on 2 cores), then
 *                  its storage-location rows (`--locations`: 20 000 locations) and the purchasing rows
 *                  (bench/purchasing/run.ts: a 50-line receipt), the lots rows (bench/lots/run.ts: FEFO
 *                  goods-out at 10 clients) and the value rows (bench/value/run.ts: the valuation at a past date
 *                  on priced scale data); every row with a target is a budget
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runApiBench } from './lib/api-bench.mjs';
import { hasChromium, launchBrowser } from './lib/browser.mjs';
import { buildAll } from './lib/build.mjs';
import { measureApp } from './lib/bytes.mjs';
import { serveDeployments } from './lib/deployments.mjs';
import { measureLabels } from './lib/labels.mjs';
import { killLighthouseBrowsers, lighthousePage } from './lib/lighthouse.mjs';
import { buildPreOffline, measureIndexLookup, measureOfflineFirstLoads, PRE_OFFLINE_REF } from './lib/offline.mjs';
import { measureFirstLoad, measureSectionSwitch, measureSingletons, sizeIndex } from './lib/pageload.mjs';
import { benchPostgres } from './lib/postgres.mjs';
import { writeApiReport, writeLabelsReport, writeOfflineReport, writeReport } from './lib/report.mjs';
import { createBenchUser } from './lib/session.mjs';
import { measureStandalone } from './lib/standalone.mjs';
import { log } from './lib/util.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
/** BENCH_OUT_DIR: builds elsewhere than bench/out (e.g. a shared checkout's bench/out in use). */
const outDir = process.env.BENCH_OUT_DIR ?? path.join(benchDir, 'out');
const require = createRequire(import.meta.url);
const stack = require('../scripts/stack.cjs');

const argv = new Set(process.argv.slice(2));
const QUICK = argv.has('--quick');
const SKIP_BUILD = argv.has('--skip-build');
const STOCK = argv.has('--stock');
const API_ONLY = argv.has('--api-only');
const OFFLINE_ONLY = argv.has('--offline');
const LABELS_ONLY = argv.has('--labels');
/** Only the web part (builds, page loads, Lighthouse); the API rows are kept from bench/results.json. */
const WEB_ONLY = argv.has('--web-only');

const RUNS = {
  // Five runs, the median of each metric, as Lighthouse's variability guide advises: with three, the medians of one
  // build moved 2–4 points between benches on this 2-core host (round 4: /stock's runs 97 / 90 / 94).
  lighthouse: QUICK ? 1 : 5,
  sectionSwitch: QUICK ? 3 : 10,
  apiDuration: QUICK ? 3 : 5,
  apiRounds: QUICK ? 1 : 3,
  apiConnections: 10,
};

/** The pages measured. `selector` (optional) must be visible before a page counts as shown. */
export const PAGES = {
  login: { path: '/login', auth: false },
  dashboard: { path: '/dashboard', auth: true },
  stock: { path: '/stock', auth: true },
};
/** Section switch: from the login screen (account section) to a section not loaded yet. */
const SWITCH = { from: { path: '/login' }, to: { path: '/info', heading: 'Info' } };
/** A page showing two sections for the singleton count. */
const TWO_SECTIONS = { first: { path: '/login' }, second: { path: '/info' } };

const APPS = ['shell', ...stack.REMOTES];

const results = {
  meta: {
    date: new Date().toISOString(),
    commit: gitHead(),
    quick: QUICK,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadavgAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
    runs: RUNS,
  },
  errors: [],
};

function gitHead() {
  try {
    const head = fs.readFileSync(path.join(repoRoot, '.git/HEAD'), 'utf8').trim();
    const ref = head.startsWith('ref: ') ? head.slice(5) : null;
    return ref
      ? fs
          .readFileSync(path.join(repoRoot, '.git', ref), 'utf8')
          .trim()
          .slice(0, 12)
      : head.slice(0, 12);
  } catch {
    return 'unknown';
  }
}

async function step(name, fn) {
  log(`${name}…`);
  try {
    return await fn();
  } catch (error) {
    log(`${name} failed: ${error.stack ?? error}`);
    results.errors.push({ step: name, message: String(error.message ?? error) });
    return undefined;
  }
}

const cleanups = [];
async function cleanup() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

async function startApiFor(label, { origins, appUrl, env = {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lager-bench-${label}-`));
  const port = await stack.freePort();
  const api = await stack.startApi({ port, dataDir, appUrl, origins, seedDemo: false, quiet: true, env });
  cleanups.push(async () => {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { ...api, dataDir };
}

/**
 * Starts (or names) the PostgreSQL server of the API and stock rows once per run and exports its
 * URL for api-bench.mjs and the stock child; stopped with the other clean-ups.
 */
async function usePostgres() {
  const pg = await benchPostgres();
  if (!pg.url) return;
  process.env.LAGER_BENCH_POSTGRES_URL = pg.url;
  results.meta.postgres = pg.source;
  cleanups.push(pg.stop);
}

/**
 * The stock scale part runs in its own process (tsx: it loads the API's TypeScript) and reports a table: the stock
 * rows (stock-spec.md "Scale") and then the storage-location rows (stock-spec-2.md §5, `--locations`, own data).
 */
async function runStockBench() {
  const { spawnSync } = await import('node:child_process');
  const sizes = QUICK ? ['--articles', '10000', '--movements', '100000'] : [];
  const tables = [];
  // The stock rows, the storage-location rows, and the purchasing rows (stock-spec-3 §4: a 50-line receipt).
  for (const [script, extra] of [
    ['bench/stock/run.ts', [...sizes]],
    ['bench/stock/run.ts', [...sizes, '--locations']],
    ['bench/purchasing/run.ts', QUICK ? ['--samples', '20'] : []],
    // stock-spec-3 §4: FEFO goods-out at 10 clients with 20 lots per article (issue 41).
    ['bench/lots/run.ts', QUICK ? ['--samples', '200'] : []],
    // stock-spec-3 §4: the valuation at a past date over 100 000 articles / 1 000 000 priced movements (issue 42).
    ['bench/value/run.ts', [...sizes]],
  ]) {
    const run = spawnSync('npx', ['tsx', script, ...extra], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: process.env.LAGER_BENCH_POSTGRES_URL || process.env.DATABASE_URL || '' },
      maxBuffer: 16 * 1024 * 1024,
    });
    if (run.status !== 0)
      throw new Error(`${script} ${extra.join(' ')} exited ${run.status}: ${run.stderr.slice(-500)}`);
    const lines = run.stdout.trimEnd().split('\n');
    const header = lines.findIndex((line) => line.startsWith('metric'));
    tables.push(header >= 0 ? lines.slice(header + (tables.length ? 1 : 0)) : [run.stdout]);
  }
  return { table: tables.flat().join('\n'), measuredOn: QUICK ? 'quick sizes' : 'full sizes' };
}

/** `--api-only`: the API part alone, merged into the previous results (the web rows stay as they were). */
async function mainApiOnly() {
  const previous = path.join(benchDir, 'results.json');
  const kept = fs.existsSync(previous) ? JSON.parse(fs.readFileSync(previous, 'utf8')) : {};
  const appUrl = `http://127.0.0.1:${await stack.freePort()}`;
  const errors = [];
  await usePostgres();
  const api = await runApiBench({ stack, origins: [appUrl], appUrl, quick: QUICK, onError: (e) => errors.push(e) });
  Object.assign(results, kept, {
    api,
    apiMeta: { ...results.meta, finished: new Date().toISOString() },
    errors: [...(kept.errors ?? []).filter((e) => !String(e.step).startsWith('API')), ...errors],
  });
  writeApiReport({ results, repoRoot, benchDir });
  log('wrote bench/results.json and the API rows of BENCHMARKS.md');
}

/** `--offline`: the offline rows alone, merged into the previous results. */
async function mainOfflineOnly() {
  const previous = path.join(benchDir, 'results.json');
  const kept = fs.existsSync(previous) ? JSON.parse(fs.readFileSync(previous, 'utf8')) : {};
  const offline = { commit: results.meta.commit, date: results.meta.date, loadavgAtStart: results.meta.loadavgAtStart };
  fs.mkdirSync(outDir, { recursive: true });
  if (!SKIP_BUILD)
    await step('build (offline: now)', () => buildAll({ repoRoot, outDir, apps: APPS, federatedOnly: true }));
  const pre = await step(`build (offline: before, ${PRE_OFFLINE_REF})`, () =>
    buildPreOffline({ repoRoot, outDir, apps: APPS }),
  );
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  offline.lookup = await step('offline: index lookup', () => measureIndexLookup(browser, { repoRoot }));
  if (pre) {
    const shellPorts = { current: await stack.freePort(), 'pre-offline': await stack.freePort() };
    const origins = Object.values(shellPorts).flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`]);
    const appUrl = `http://127.0.0.1:${shellPorts.current}`;
    const api = await step('start API (PGlite)', () => startApiFor('offline', { origins, appUrl }));
    const user =
      api &&
      (await step('bench user', () => createBenchUser({ apiUrl: api.url, dataDir: api.dataDir, origin: appUrl })));
    if (user)
      offline.firstLoad = await step('offline: first loads', () =>
        measureOfflineFirstLoads({
          browser,
          outDir,
          builds: {
            current: { sectionsRoot: repoRoot, remoteNames: stack.REMOTES },
            'pre-offline': { sectionsRoot: pre.clone, remoteNames: pre.remotes },
          },
          apiUrl: api.url,
          shellPorts,
          user,
        }),
      );
  }
  Object.assign(results, kept, {
    offline,
    errors: [...(kept.errors ?? []).filter((e) => !String(e.step).startsWith('offline')), ...results.errors],
  });
  writeOfflineReport({ results, repoRoot, benchDir });
  log('wrote bench/results.json and the offline rows of BENCHMARKS.md');
}

/** `--labels`: the label rows alone, merged into the previous results. */
async function mainLabelsOnly() {
  const previous = path.join(benchDir, 'results.json');
  const kept = fs.existsSync(previous) ? JSON.parse(fs.readFileSync(previous, 'utf8')) : {};
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const labels = await step('labels: 1 000 labels per layout', () => measureLabels(browser, { repoRoot }));
  Object.assign(results, kept, {
    labels: labels && { commit: results.meta.commit, date: results.meta.date, ...labels },
    errors: [...(kept.errors ?? []).filter((e) => !String(e.step).startsWith('labels')), ...results.errors],
  });
  writeLabelsReport({ results, repoRoot, benchDir });
  log('wrote bench/results.json and the label rows of BENCHMARKS.md');
}

async function main() {
  if (API_ONLY) return mainApiOnly();
  if (OFFLINE_ONLY) return mainOfflineOnly();
  if (LABELS_ONLY) return mainLabelsOnly();
  fs.mkdirSync(outDir, { recursive: true });
  if (!SKIP_BUILD) results.build = await step('build', () => buildAll({ repoRoot, outDir, apps: APPS }));

  results.bytes = await step('bytes', () => {
    const bytes = {};
    for (const app of [...APPS, ...APPS.map((a) => `before/${a}`), 'monolith-static', 'monolith-lazy']) {
      if (fs.existsSync(path.join(outDir, app))) bytes[app] = measureApp(path.join(outDir, app));
    }
    return bytes;
  });

  // The shells' origins are fixed first: the API must know them (CORS, mail links) before it starts.
  const shellPorts = {
    federated: await stack.freePort(),
    'federated-before': await stack.freePort(),
    'monolith-static': await stack.freePort(),
    'monolith-lazy': await stack.freePort(),
  };
  const origins = Object.values(shellPorts).flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`]);
  const fedUrl = `http://127.0.0.1:${shellPorts.federated}`;

  const hasApi = fs.existsSync(path.join(repoRoot, 'api/src/server.ts'));
  let api;
  let user;
  if (hasApi) {
    api = await step('start API (PGlite)', () => startApiFor('pglite', { origins, appUrl: fedUrl }));
    if (api)
      user = await step('bench user', () => createBenchUser({ apiUrl: api.url, dataDir: api.dataDir, origin: fedUrl }));
  } else {
    results.errors.push({
      step: 'API',
      message: 'api/src/server.ts does not exist yet: API and logged-in pages skipped',
    });
  }
  results.loggedIn = Boolean(user);

  const deployments = await step('serve builds', () =>
    serveDeployments({ outDir, shellPorts, apiUrl: api?.url ?? 'http://127.0.0.1:9', remoteNames: stack.REMOTES }),
  );
  if (deployments) cleanups.push(() => Promise.all(Object.values(deployments).map((d) => d.stop())));

  if (deployments && hasChromium()) {
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const sizesOf = Object.fromEntries(
      Object.entries(deployments).map(([k, d]) => [k, sizeIndex(d, results.bytes ?? {})]),
    );
    results.pageLoads = {};
    for (const [kind, d] of Object.entries(deployments)) {
      results.pageLoads[kind] = {};
      for (const [name, page] of Object.entries(PAGES)) {
        if (page.auth && !user) continue;
        results.pageLoads[kind][name] = await step(`first load ${kind} ${page.path}`, () =>
          measureFirstLoad(browser, d, sizesOf[kind], { ...page, cookies: page.auth ? user.cookies : undefined }),
        );
      }
    }
    results.singletons = await step('singletons', () =>
      measureSingletons(browser, deployments.federated, sizesOf.federated, results.bytes ?? {}, TWO_SECTIONS),
    );
    results.singletonsBefore = await step('singletons (before)', () =>
      measureSingletons(
        browser,
        deployments['federated-before'],
        sizesOf['federated-before'],
        results.bytes ?? {},
        TWO_SECTIONS,
      ),
    );
    results.sectionSwitch = {};
    for (const [kind, d] of Object.entries(deployments)) {
      results.sectionSwitch[kind] = await step(`section switch ${kind}`, () =>
        measureSectionSwitch(browser, d, { ...SWITCH, runs: RUNS.sectionSwitch }),
      );
    }
    results.standalone = await step('remotes served alone', () =>
      measureStandalone(browser, { outDir, remotes: stack.REMOTES, serveRemote: stack.serveRemote }),
    );
    await browser.close();

    results.lighthouse = {};
    cleanups.push(killLighthouseBrowsers);
    const reportDir = path.join(outDir, 'lighthouse');
    fs.mkdirSync(reportDir, { recursive: true });
    // monolith-lazy is the ratio baseline; the build before issue 17 answers "what did the changes buy?".
    for (const kind of ['federated', 'monolith-lazy', 'federated-before']) {
      results.lighthouse[kind] = {};
      for (const [name, page] of Object.entries(PAGES)) {
        if (page.auth && !user) continue;
        for (const preset of kind === 'federated' ? ['mobile', 'desktop'] : ['mobile']) {
          results.lighthouse[kind][`${name}-${preset}`] = await step(`lighthouse ${kind} ${page.path} ${preset}`, () =>
            lighthousePage({
              url: `${deployments[kind].shell.url}${page.path}`,
              preset,
              runs: RUNS.lighthouse,
              cookies: page.auth ? user.cookies : undefined,
              reportDir,
              label: `${kind}-${name}`,
            }),
          );
        }
      }
    }
  } else if (!hasChromium()) {
    results.errors.push({ step: 'browser', message: 'no Chromium at /usr/bin/chromium: page metrics skipped' });
  }
  if (deployments) await Promise.all(Object.values(deployments).map((d) => d.stop()));

  if (WEB_ONLY) {
    const previous = path.join(benchDir, 'results.json');
    const kept = fs.existsSync(previous) ? JSON.parse(fs.readFileSync(previous, 'utf8')) : {};
    Object.assign(results, { api: kept.api, apiMeta: kept.apiMeta });
  } else if (hasApi) {
    // After the page loads, with the browsers closed: the API gets the machine alone.
    const onError = (e) => results.errors.push(e);
    await usePostgres();
    results.api = await runApiBench({ stack, origins, appUrl: fedUrl, quick: QUICK, onError });
    results.apiMeta = { ...results.meta, finished: new Date().toISOString() };
  }

  if (STOCK && !process.env.LAGER_BENCH_POSTGRES_URL) await usePostgres();
  if (STOCK) results.stock = await step('stock scale (bench/stock/run.ts)', () => runStockBench());

  await cleanup();
  results.meta.finished = new Date().toISOString();
  // The offline rows come from `--offline` (it builds another commit): kept from the last such run.
  const previous = path.join(benchDir, 'results.json');
  if (fs.existsSync(previous)) {
    const last = JSON.parse(fs.readFileSync(previous, 'utf8'));
    results.offline = last.offline;
    // So are the label rows (`--labels`).
    results.labels = last.labels;
  }
  writeReport({ results, repoRoot, benchDir });
  log('wrote bench/results.json and BENCHMARKS.md');
}

main()
  .catch((error) => {
    console.error(error);
    results.errors.push({ step: 'bench', message: String(error.message ?? error) });
    try {
      writeReport({ results, repoRoot, benchDir });
    } catch {
      // nothing more to save
    }
  })
  .finally(async () => {
    await cleanup();
    process.exit(0);
  });

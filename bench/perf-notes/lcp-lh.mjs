/**
 * Reduced Lighthouse bench for the LCP work (bench/perf-notes/lcp-2.md): builds the federated apps and the lazy
 * monolith once (unless --skip-build), serves them as bench/run.mjs does, and runs Lighthouse mobile on /login,
 * /dashboard and /stock N times each, interleaving the deployments so load changes hit both alike.
 *
 *   node bench/perf-notes/lcp-lh.mjs [--skip-build] [--apps=shell,...] [--runs=5] [--kinds=federated,monolith-lazy]
 *                                    [--pages=login,dashboard,stock] [--out=/tmp/lcp/out] [--save=DIR] [--profile[=N]]
 *
 * A kind may name its own build folder, to compare two builds in one run (same load for both):
 * --kinds=before:federated:/tmp/lcp/out,after:federated:/tmp/lcp/out2 (label:kind:outDir).
 *
 * --save keeps each run's Lighthouse JSON and its trace + devtools log (for lantern-path.mjs).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, cookieList } from '../lib/browser.mjs';
import { buildAll } from '../lib/build.mjs';
import { measureApp } from '../lib/bytes.mjs';
import { layoutOf } from '../lib/deployments.mjs';
import { startDeployment } from '../lib/serve.mjs';
import { createBenchUser } from '../lib/session.mjs';
import { profileLoad } from './cpu-profile.mjs';

const require = createRequire(import.meta.url);
const stack = require('../../scripts/stack.cjs');
const repoRoot = path.resolve(import.meta.dirname, '../..');
const opts = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? true];
  }),
);
const outDir = opts.out ?? '/tmp/lcp/out';
const runs = Number(opts.runs ?? 5);
const deploys = String(opts.kinds ?? 'federated,monolith-lazy')
  .split(',')
  .map((spec) => {
    const [label, kind = label, dir = outDir] = spec.split(':');
    return { label, kind, dir };
  });
const kinds = deploys.map((d) => d.label);
const pages = String(opts.pages ?? 'login,dashboard,stock').split(',');
const PATHS = { login: ['/login', false], dashboard: ['/dashboard', true], stock: ['/stock', true] };
const saveDir = opts.save ? String(opts.save) : undefined;

const cleanups = [];

/** bench/lib/lighthouse.mjs's runOnce (mobile), also keeping the artifacts (trace, devtools log) with --save. */
async function runOnce({ url, cookies, label }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_ARGS.map((f) => (f === '--headless' ? '--headless=new' : f)),
    logLevel: 'silent',
  });
  try {
    if (cookies) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0].addCookies(cookieList(cookies, url));
      await browser.close();
    }
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    if (saveDir) {
      const dir = path.join(saveDir, label);
      Object.assign(flags, { gatherMode: dir, auditMode: dir });
    }
    const result = await lighthouse(url, flags);
    const lhr = result.lhr;
    if (saveDir) fs.writeFileSync(path.join(saveDir, `${label}.json`), result.report);
    const a = lhr.audits;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      lcp: a['largest-contentful-paint'].numericValue,
      fcp: a['first-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}
async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  if (!opts['skip-build']) {
    const apps = opts.apps ? String(opts.apps).split(',') : ['shell', ...stack.REMOTES];
    const built = await buildAll({ repoRoot, outDir, apps, federatedOnly: true });
    if (deploys.some((d) => d.kind === 'monolith-lazy')) {
      const { spawnSync } = await import('node:child_process');
      const r = spawnSync(
        process.execPath,
        ['node_modules/@rsbuild/core/bin/rsbuild.js', 'build', '-c', 'bench/monolith/rsbuild.config.ts'],
        {
          cwd: repoRoot,
          env: { ...process.env, NODE_ENV: 'production', BENCH_MONOLITH: 'lazy', BENCH_OUT: `${outDir}/monolith-lazy` },
          encoding: 'utf8',
        },
      );
      if (r.status !== 0) throw new Error(`monolith build failed: ${r.stdout.slice(-2000)}${r.stderr.slice(-2000)}`);
    }
    if (Object.values(built).some((b) => !b.ok)) throw new Error('build failed');
  }
  // As bench/run.mjs's bytes step: writes the precompressed bodies the bench servers send (the monolith has none).
  for (const base of new Set([outDir, ...deploys.map((d) => d.dir)])) {
    for (const dir of [...stack.REMOTES, 'shell', 'monolith-lazy']) {
      const full = path.join(base, dir);
      if (fs.existsSync(full) && !fs.existsSync(path.join(full, 'index.html.br'))) measureApp(full);
    }
  }
  const shellPorts = {};
  for (const k of kinds) shellPorts[k] = await stack.freePort();
  const origins = Object.values(shellPorts).flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`]);
  const appUrl = `http://127.0.0.1:${shellPorts[kinds[0]]}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-lcp-'));
  const apiPort = await stack.freePort();
  const api = await stack.startApi({ port: apiPort, dataDir, appUrl, origins, seedDemo: false, quiet: true });
  cleanups.push(async () => {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const user = await createBenchUser({ apiUrl: api.url, dataDir, origin: appUrl });
  const deployments = {};
  for (const d of deploys) {
    deployments[d.label] = await startDeployment({
      kind: d.kind,
      outDir: d.dir,
      shellPort: shellPorts[d.label],
      apiUrl: api.url,
      remoteNames: stack.REMOTES,
      ...layoutOf(d.kind, stack.REMOTES),
    });
  }
  cleanups.push(() => Promise.all(Object.values(deployments).map((d) => d.stop())));

  if (opts.profile) return profile(deployments, user);
  if (opts.vitals) return checkVitals(deployments, user);
  const samples = {};
  const loads = [];
  for (let i = 0; i < runs; i++) {
    for (const page of pages) {
      for (const kind of kinds) {
        const [p, auth] = PATHS[page];
        loads.push(os.loadavg()[0]);
        const s = await runOnce({
          url: `${deployments[kind].shell.url}${p}`,
          cookies: auth ? user.cookies : undefined,
          label: `${kind}-${page}-${i + 1}`,
        });
        samples[`${kind} ${page}`] = [...(samples[`${kind} ${page}`] ?? []), s];
        console.log(
          `${kind} ${page} #${i + 1}: perf ${s.performance} LCP ${Math.round(s.lcp)} FCP ${Math.round(s.fcp)} TBT ${Math.round(s.tbt)} CLS ${s.cls} load ${os.loadavg()[0].toFixed(2)}`,
        );
      }
    }
  }
  const med = (xs) => {
    const v = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
    return v.length ? v[Math.floor((v.length - 1) / 2)] * 0.5 + v[Math.ceil((v.length - 1) / 2)] * 0.5 : null;
  };
  console.log(`\nmedians of ${runs} runs, load average 1 min during runs: median ${med(loads).toFixed(2)}`);
  console.log('| deployment page | perf | LCP ms | FCP ms | TBT ms | CLS |');
  for (const [key, s] of Object.entries(samples)) {
    console.log(
      `| ${key} | ${med(s.map((x) => x.performance))} | ${Math.round(med(s.map((x) => x.lcp)))} | ${Math.round(med(s.map((x) => x.fcp)))} | ${Math.round(med(s.map((x) => x.tbt)))} | ${Math.max(...s.map((x) => x.cls))} |`,
    );
  }
  if (saveDir) fs.writeFileSync(path.join(saveDir, 'samples.json'), JSON.stringify(samples, null, 1));
}

/**
 * --vitals: one real load per page and build: when the web-vitals chunk was asked for (vs. the load event and the
 * LCP the browser saw), and what the shell's telemetry beacons carried once the page was left after a click.
 */
async function checkVitals(deployments, user) {
  const { launchBrowser, newContext, waitForSection } = await import('../lib/browser.mjs');
  const browser = await launchBrowser();
  try {
    for (const page of pages) {
      for (const kind of kinds) {
        const [p, auth] = PATHS[page];
        const url = `${deployments[kind].shell.url}${p}`;
        const context = await newContext(browser, { cookies: auth ? user.cookies : undefined, url });
        const tab = await context.newPage();
        const beacons = [];
        const scripts = [];
        // What the collector hands to sendBeacon (recorded in the page, then sent as usual).
        await context.addInitScript(() => {
          const send = navigator.sendBeacon.bind(navigator);
          window.__beacons = [];
          navigator.sendBeacon = (url, body) => {
            window.__beacons.push(String(body));
            return send(url, body);
          };
        });
        tab.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(r.url());
        });
        if (opts.longtasks) {
          // 4x CPU as Lighthouse mobile; every long task the page saw (attribution: which script's task).
          await context.addInitScript(() => {
            window.__long = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
            }).observe({ type: 'longtask', buffered: true });
          });
          const cdp = await context.newCDPSession(tab);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        }
        await tab.goto(url);
        await waitForSection(tab);
        await tab.waitForTimeout(3000);
        if (opts.longtasks) {
          const long = await tab.evaluate(() => window.__long);
          const blocking = long.filter(([start]) => start < 2500).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
          console.log(
            `${kind} ${page}: long tasks before 2.5 s ${JSON.stringify(long.filter(([s]) => s < 2500))}, blocking ${blocking} ms`,
          );
          await context.close();
          continue;
        }
        const timing = await tab.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0];
          const lcp = performance.getEntriesByType('largest-contentful-paint').at(-1);
          const vitals = performance
            .getEntriesByType('resource')
            .filter((e) => e.initiatorType === 'script' && /\/async\//.test(e.name))
            .map((e) => `${e.name.replace(/^.*\//, '')}@${Math.round(e.startTime)}`);
          return { load: Math.round(nav.loadEventStart), lcp: lcp && Math.round(lcp.startTime), lazyScripts: vitals };
        });
        await tab.mouse.click(5, 5);
        await tab.waitForTimeout(300);
        // The page hidden (as on a tab switch): web-vitals reports, then the collector sends its batch.
        beacons.push(
          ...(await tab.evaluate(() => {
            Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
            document.dispatchEvent(new Event('visibilitychange'));
            window.dispatchEvent(new Event('visibilitychange'));
            return window.__beacons;
          })),
        );
        await context.close();
        const events = beacons.flatMap((b) =>
          JSON.parse(b).events.map(
            (e) => `${e.type}${e.name ? `:${e.name}=${Math.round(e.value * 1000) / 1000}` : ''}@${e.remote}`,
          ),
        );
        console.log(
          `${kind} ${page}: load ${timing.load} ms, LCP ${timing.lcp} ms, shell async scripts ${timing.lazyScripts.join(' ')}`,
        );
        console.log(`   beacon events: ${events.join(', ')}`);
      }
    }
  } finally {
    await browser.close();
  }
}

/** --segments: the busy stretches of the main thread (no idle sample in between), the longest with its top functions. */
function printSegments(prof, byId) {
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const segs = [];
  let cur;
  let t = prof.startTime;
  prof.samples.forEach((id, k) => {
    t += prof.timeDeltas[k];
    const name = byId.get(id).callFrame.functionName;
    if (name === '(idle)') {
      cur = undefined;
      return;
    }
    if (!cur) {
      cur = { start: t, samples: [] };
      segs.push(cur);
    }
    cur.samples.push([id, prof.timeDeltas[k + 1] ?? 0]);
    cur.end = t;
  });
  const label = (id) => {
    const f = byId.get(id).callFrame;
    return `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  };
  for (const seg of segs.filter((s) => s.end - s.start > 20_000)) {
    const self = new Map();
    const incl = new Map();
    for (const [id, d] of seg.samples) {
      self.set(label(id), (self.get(label(id)) ?? 0) + d);
      const seen = new Set();
      for (let n = id; n; n = parent.get(n)) {
        const l = label(n);
        if (seen.has(l)) continue;
        seen.add(l);
        incl.set(l, (incl.get(l) ?? 0) + d);
      }
    }
    const top = (m, k) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([l, d]) => `${(d / 1000).toFixed(1)} ${l}`)
        .join(' | ');
    console.log(
      `  segment at ${((seg.start - prof.startTime) / 1000).toFixed(0)} ms, ${((seg.end - seg.start) / 1000).toFixed(0)} ms`,
    );
    console.log(`    inclusive: ${top(incl, 25)}`);
  }
}

/** --profile: a V8 CPU profile (4x CPU throttling) of each page's first load until its section shows; top self time. */
async function profile(deployments, user) {
  const { launchBrowser, newContext, waitForSection } = await import('../lib/browser.mjs');
  const browser = await launchBrowser();
  try {
    for (const page of pages) {
      for (const kind of kinds) {
        const [p, auth] = PATHS[page];
        const url = `${deployments[kind].shell.url}${p}`;
        const totals = new Map();
        let all = 0;
        for (let i = 0; i < Number(opts.profile === true ? 3 : opts.profile); i++) {
          const context = await newContext(browser, { cookies: auth ? user.cookies : undefined, url });
          const tab = await context.newPage();
          const prof = await profileLoad(context, tab, url, waitForSection);
          await context.close();
          const byId = new Map(prof.nodes.map((n) => [n.id, n]));
          const dt = prof.timeDeltas;
          if (opts.segments) printSegments(prof, byId);
          if (saveDir)
            fs.writeFileSync(path.join(saveDir, `${kind}-${page}-${i + 1}.cpuprofile`), JSON.stringify(prof));
          prof.samples.forEach((id, k) => {
            const n = byId.get(id);
            const f = n.callFrame;
            if (f.functionName === '(idle)' || f.functionName === '(program)') return;
            const key = `${f.url.replace(/^https?:\/\/[^/]+/, '')}:${f.lineNumber + 1}:${f.columnNumber + 1} ${f.functionName || '(anon)'}`;
            totals.set(key, (totals.get(key) ?? 0) + (dt[k + 1] ?? 0) / 1000);
            all += (dt[k + 1] ?? 0) / 1000;
          });
        }
        const n = Number(opts.profile === true ? 3 : opts.profile);
        console.log(
          `\n== ${kind} ${page}: busy ${(all / n).toFixed(0)} ms per load (4x throttled), top self time per load:`,
        );
        for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(opts.top ?? 30)))
          console.log(`  ${(v / n).toFixed(1).padStart(6)} ms ${k}`);
      }
    }
  } finally {
    await browser.close();
  }
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    process.exit();
  });

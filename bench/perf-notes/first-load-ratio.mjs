/**
 * The bench's first-load ratio rows alone (issue 28, round 3, helper `bytes`): builds the federated apps and the lazy
 * monolith with the bench's configurations, serves them as the bench does and measures the cold first load of /login,
 * /dashboard and /stock with the bench's own `measureFirstLoad` (network log × static gzip sizes). Bytes do not depend
 * on load; no Lighthouse, no API rows.
 *
 *   node bench/perf-notes/first-load-ratio.mjs [--skip-build] [--apps shell,monolith-lazy] [--files] [--probe N]
 *
 * --probe N: instead of the ratio, N cold loads of each page of the federated build, counting what the start-up
 * does until the section shows (load-independent): RegExps constructed (`new RegExp`, as runtime-core's semver
 * builds them), `localStorage.getItem` calls (the SDK's debug flag), console warnings; and the CPU time (4× CPU
 * throttling, V8 profile) inside the shell's entry script and inside its federation runtime's functions.
 *
 * Builds go to BENCH_OUT_DIR (default bench/out). `--apps` rebuilds only the named targets (the others are reused).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasChromium, launchBrowser, newContext, waitForSection } from '../lib/browser.mjs';
import { buildAll } from '../lib/build.mjs';
import { measureApp } from '../lib/bytes.mjs';
import { serveDeployments } from '../lib/deployments.mjs';
import { measureFirstLoad, sizeIndex } from '../lib/pageload.mjs';
import { createBenchUser } from '../lib/session.mjs';
import { profileLoad } from './cpu-profile.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = process.env.BENCH_OUT_DIR ?? path.join(repoRoot, 'bench/out');
const require = createRequire(import.meta.url);
const stack = require('../../scripts/stack.cjs');
const args = process.argv.slice(2);
const APPS = ['shell', ...stack.REMOTES];
const only = args.includes('--apps') ? args[args.indexOf('--apps') + 1].split(',') : undefined;
const PAGES = { login: '/login', dashboard: '/dashboard', stock: '/stock' };

if (!args.includes('--skip-build')) {
  const apps = only ? APPS.filter((a) => only.includes(a)) : APPS;
  const r = await buildAll({ repoRoot, outDir, apps, federatedOnly: true });
  if (!only || only.includes('monolith-lazy')) {
    // buildAll builds the monolith only with the "before" builds; the lazy one alone here.
    const { spawnSync } = await import('node:child_process');
    const b = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js'),
        'build',
        '-c',
        'bench/monolith/rsbuild.config.ts',
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          BENCH_MONOLITH: 'lazy',
          BENCH_OUT: path.join(outDir, 'monolith-lazy'),
        },
        encoding: 'utf8',
      },
    );
    r['monolith-lazy'] = { ok: b.status === 0 };
    if (b.status !== 0) console.error(b.stdout.slice(-3000), b.stderr.slice(-3000));
  }
  if (Object.values(r).some((x) => !x.ok)) throw new Error(`build failed: ${JSON.stringify(r)}`);
}

const bytes = {};
for (const app of [...APPS, 'monolith-lazy']) bytes[app] = measureApp(path.join(outDir, app));

const cleanups = [];
try {
  const shellPorts = { federated: await stack.freePort(), 'monolith-lazy': await stack.freePort() };
  const origins = Object.values(shellPorts).flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`]);
  const fedUrl = `http://127.0.0.1:${shellPorts.federated}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-ratio-'));
  const api = await stack.startApi({
    port: await stack.freePort(),
    dataDir,
    appUrl: fedUrl,
    origins,
    seedDemo: false,
    quiet: true,
  });
  cleanups.push(async () => {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const user = await createBenchUser({ apiUrl: api.url, dataDir, origin: fedUrl });
  const deployments = await serveDeployments({ outDir, shellPorts, apiUrl: api.url, remoteNames: stack.REMOTES });
  cleanups.push(() => Promise.all(Object.values(deployments).map((d) => d.stop())));
  if (!hasChromium()) throw new Error('no Chromium');
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  if (args.includes('--probe')) {
    await probe(browser, deployments.federated, user, Number(args[args.indexOf('--probe') + 1] ?? 3));
  } else {
    const rows = {};
    for (const [kind, d] of Object.entries(deployments)) {
      const sizes = sizeIndex(d, bytes);
      for (const [name, p] of Object.entries(PAGES)) {
        const r = await measureFirstLoad(browser, d, sizes, {
          path: p,
          cookies: name === 'login' ? undefined : user.cookies,
        });
        rows[name] ??= {};
        rows[name][kind] = r.cold;
      }
    }
    for (const [name, r] of Object.entries(rows)) {
      const fed = r.federated.js.gzip;
      const mono = r['monolith-lazy'].js.gzip;
      console.log(
        `${PAGES[name].padEnd(11)} federated ${(fed / 1000).toFixed(2)} kB (${r.federated.js.requests} js) / monolith-lazy ${(mono / 1000).toFixed(2)} kB (${r['monolith-lazy'].js.requests} js) = ${(fed / mono).toFixed(4)}`,
      );
      if (args.includes('--files'))
        for (const k of ['federated', 'monolith-lazy'])
          for (const q of r[k].requests.filter((x) => x.kind === 'js'))
            console.log(`    ${k} ${q.url.replace(/^https?:\/\/[^/]+/, '')} ${q.gzip}`);
    }
  }
} finally {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => {});
}

async function probe(browser, d, user, runs) {
  for (const [name, p] of Object.entries(PAGES)) {
    const sums = { regexps: 0, semverRegexps: 0, storageReads: 0, debugFlagReads: 0, warnings: 0, entryMs: 0 };
    const warnings = new Set();
    for (let i = 0; i < runs; i++) {
      const url = `${d.shell.url}${p}`;
      const context = await newContext(browser, { cookies: name === 'login' ? undefined : user.cookies, url });
      await context.addInitScript(() => {
        const counts = { regexps: 0, semverRegexps: 0, storageReads: 0, debugFlagReads: 0 };
        window.__probe = counts;
        const NativeRegExp = window.RegExp;
        window.RegExp = new Proxy(NativeRegExp, {
          construct(target, a) {
            counts.regexps++;
            // runtime-core's semver patterns (utils/semver/constants): numeric identifiers, `>= 0.0.0`, `*`, `~>`, `^`.
            if (/0\|\[1-9\]|0\.0\.0|\(<\|>\)\?=\?|~>\?|\\\^\)/.test(String(a[0]))) counts.semverRegexps++;
            return Reflect.construct(target, a);
          },
          apply(target, self, a) {
            counts.regexps++;
            return Reflect.apply(target, self, a);
          },
        });
        const getItem = Storage.prototype.getItem;
        Storage.prototype.getItem = function (key) {
          counts.storageReads++;
          if (key === 'FEDERATION_DEBUG') counts.debugFlagReads++;
          return getItem.call(this, key);
        };
      });
      const tab = await context.newPage();
      tab.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'warn') {
          sums.warnings++;
          warnings.add(m.text().slice(0, 160));
        }
      });
      const prof = await profileLoad(context, tab, url, waitForSection);
      const counts = await tab.evaluate(() => window.__probe);
      sums.regexps += counts.regexps;
      sums.storageReads += counts.storageReads;
      sums.semverRegexps += counts.semverRegexps;
      sums.debugFlagReads += counts.debugFlagReads;
      // Inclusive time of samples whose stack has a frame of the shell's entry script / of a federation function
      // (runtime-core and the SDK are bundled into the entry; their frames are named by the profile's source URL
      // only, so "runtime" counts stacks through loadShareSync / installInitialConsumes / satisfy-like frames).
      const byId = new Map(prof.nodes.map((n) => [n.id, n]));
      const parent = new Map();
      for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      prof.samples.forEach((id, k) => {
        const dt = (prof.timeDeltas[k + 1] ?? 0) / 1000;
        let entry = false;
        for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
          const f = byId.get(cur).callFrame;
          if (/\/static\/js\/index\.[0-9a-f]+\.js$/.test(f.url)) entry = true;
        }
        const top = byId.get(id).callFrame;
        if (entry && top.functionName !== '(garbage collector)') sums.entryMs += dt;
      });
      await context.close();
    }
    console.log(
      `${PAGES[name].padEnd(11)} per load: RegExps built ${sums.regexps / runs} (semver patterns ${sums.semverRegexps / runs}), ` +
        `localStorage reads ${sums.storageReads / runs} (FEDERATION_DEBUG ${sums.debugFlagReads / runs}), ` +
        `console warnings ${sums.warnings / runs}, CPU in the entry script's frames ${(sums.entryMs / runs).toFixed(0)} ms (4×)`,
    );
    for (const w of warnings) console.log(`    warning: ${w}`);
  }
}

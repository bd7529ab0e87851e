/**
 * The bench's first-load ratio rows alone (issue 28, round 3, helper `bytes`): builds the federated apps and the lazy
 * monolith with the bench's configurations, serves them as the bench does and measures the cold first load of /login,
 * /dashboard and /stock with the bench's own `measureFirstLoad` (network log × static gzip sizes). Bytes do not depend
 * on load; no Lighthouse, no API rows.
 *
 *   node bench/perf-notes/first-load-ratio.mjs [--skip-build] [--apps shell,monolith-lazy]
 *
 * Builds go to BENCH_OUT_DIR (default bench/out). `--apps` rebuilds only the named targets (the others are reused).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasChromium, launchBrowser } from '../lib/browser.mjs';
import { buildAll } from '../lib/build.mjs';
import { measureApp } from '../lib/bytes.mjs';
import { serveDeployments } from '../lib/deployments.mjs';
import { measureFirstLoad, sizeIndex } from '../lib/pageload.mjs';
import { createBenchUser } from '../lib/session.mjs';

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
} finally {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => {});
}

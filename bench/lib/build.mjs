/** Builds every app (and the monolithic baselines) into bench/out, timing each build's wall time. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { log } from './util.mjs';

const RSBUILD = 'node_modules/@rsbuild/core/bin/rsbuild.js';
/** The product's federation options switched back (bench/experiment.rsbuild.config.ts): the configuration before issue 17. */
export const BEFORE = 'own-runtime,whole-router,lazy-shell-shared';

function run(repoRoot, cwd, config, env) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [path.join(repoRoot, RSBUILD), 'build', '-c', config], {
      cwd,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      resolve({ ok: code === 0, wallMs, output });
    });
  });
}

/**
 * Builds one after another (parallel builds on two cores would distort each other's time).
 * The wall time includes starting Node and Rsbuild, as `npm run build -w <app>` would.
 */
export async function buildAll({ repoRoot, outDir, apps, federatedOnly = false }) {
  const results = {};
  const targets = [
    ...apps.map((app) => ({
      name: app,
      cwd: path.join(repoRoot, app),
      config: path.join(repoRoot, 'bench/federated.rsbuild.config.ts'),
      env: { LAGER_APP: app, BENCH_OUT: path.join(outDir, app) },
    })),
    // The build before issue 17 (not the product): see bench/experiment.rsbuild.config.ts.
    ...(federatedOnly ? [] : apps).map((app) => ({
      name: `before/${app}`,
      cwd: path.join(repoRoot, app),
      config: path.join(repoRoot, 'bench/experiment.rsbuild.config.ts'),
      env: { LAGER_APP: app, BENCH_EXPERIMENT: BEFORE, BENCH_OUT: path.join(outDir, 'before', app) },
    })),
    ...(federatedOnly ? [] : ['static', 'lazy']).map((variant) => ({
      name: `monolith-${variant}`,
      cwd: repoRoot,
      config: path.join(repoRoot, 'bench/monolith/rsbuild.config.ts'),
      env: { BENCH_MONOLITH: variant, BENCH_OUT: path.join(outDir, `monolith-${variant}`) },
    })),
  ];
  for (const t of targets) {
    const r = await run(repoRoot, t.cwd, t.config, t.env);
    const warnings = (r.output.match(/^warn\b.*$/gm) ?? []).slice(0, 5);
    log(`built ${t.name} in ${(r.wallMs / 1000).toFixed(1)} s${r.ok ? '' : ' (FAILED)'}`);
    if (!r.ok) console.error(r.output.split('\n').slice(-30).join('\n'));
    results[t.name] = {
      ok: r.ok,
      wallMs: Math.round(r.wallMs),
      warnings,
      error: r.ok ? undefined : r.output.slice(-2000),
    };
  }
  return results;
}

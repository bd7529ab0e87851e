/**
 * What-if builds: the same apps with one federation option changed, to show what a change
 * would buy before anyone edits the real configuration (rsbuild.config.ts stays untouched).
 * BENCH_EXPERIMENT is a comma list of:
 *   external-runtime  remotes use the shell's MF runtime (experiments.externalRuntime /
 *                     provideExternalRuntime) instead of shipping their own in the remote entry
 *   tree-shake-shared shared packages tree-shaken to the exports the apps use (MF `treeShaking`)
 */
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { type AppName, appConfig, federationOptions } from '../rsbuild.config';

// Only the shared package that gains most: rspack 2.x panicked with every shared package tree-shaken.
const TREE_SHAKE = (process.env.BENCH_TREE_SHAKE ?? 'react-router-dom').split(',');

export default defineConfig(() => {
  const app = process.env.LAGER_APP as AppName;
  const changes = new Set((process.env.BENCH_EXPERIMENT ?? '').split(',').filter(Boolean));
  const out = process.env.BENCH_OUT ?? path.join(__dirname, 'out', 'experiment', app);
  const options: Record<string, unknown> = { ...federationOptions(app) };
  if (changes.has('external-runtime')) {
    options.experiments = app === 'shell' ? { provideExternalRuntime: true } : { externalRuntime: true };
  }
  if (changes.has('tree-shake-shared')) {
    const shared = options.shared as Record<string, Record<string, unknown>>;
    options.shared = Object.fromEntries(
      Object.entries(shared).map(([name, cfg]) => [
        name,
        TREE_SHAKE.includes(name) ? { ...cfg, treeShaking: { mode: 'runtime-infer' } } : cfg,
      ]),
    );
  }
  const base = appConfig(app);
  return mergeRsbuildConfig(
    { ...base, plugins: [pluginReact(), pluginModuleFederation(options as never)] },
    { output: { distPath: { root: out } } },
  );
});

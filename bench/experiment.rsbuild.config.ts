/**
 * The federation options the product adopted for issue 17, switched back one by one, so every
 * bench run shows "before" and "after" side by side (rsbuild.config.ts stays the one product config).
 * BENCH_EXPERIMENT is a comma list of:
 *   own-runtime        each remote entry ships its own Module Federation runtime (no externalRuntime /
 *                      provideExternalRuntime)
 *   whole-router       react-router-dom shared as the whole package, not through federation/react-router-dom.ts
 *   lazy-shell-shared  the shell's singletons are lazy chunks behind an async entry (`import('./bootstrap')`)
 * All three together are the configuration of commit 801d9e7 (the figures the issue started from).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, mergeRsbuildConfig, type RsbuildConfig } from '@rsbuild/core';
import { type AppName, appConfig, federationOptions, REMOTE_ENVIRONMENTS } from '../rsbuild.config';

type Shared = Record<string, Record<string, unknown>>;

export default defineConfig(() => {
  const app = process.env.LAGER_APP as AppName;
  const changes = new Set((process.env.BENCH_EXPERIMENT ?? '').split(',').filter(Boolean));
  const out = process.env.BENCH_OUT ?? path.join(__dirname, 'out', 'experiment', app);
  const options: Record<string, unknown> = { ...federationOptions(app) };
  if (changes.has('own-runtime')) delete options.experiments;
  const shared = { ...(options.shared as Shared) };
  for (const [name, cfg] of Object.entries(shared)) {
    const next = { ...cfg };
    if (changes.has('whole-router') && name === 'react-router-dom') {
      delete next.import;
      delete next.version;
    }
    if (changes.has('lazy-shell-shared')) delete next.eager;
    shared[name] = next;
  }
  options.shared = shared;
  const base = appConfig(app);
  const federation = pluginModuleFederation(
    options as never,
    app === 'shell' ? undefined : { environment: REMOTE_ENVIRONMENTS.federation },
  );
  const swap = (plugins: unknown[] | undefined) => (plugins ?? []).map((p) => (isFederation(p) ? federation : p));
  let config: RsbuildConfig;
  if (app === 'shell') {
    config = { ...base, plugins: swap(base.plugins) as RsbuildConfig['plugins'] };
    if (changes.has('lazy-shell-shared')) {
      // Non-eager singletons need the async boundary again before any React code runs.
      const dir = path.join(__dirname, 'out', 'experiment-src');
      fs.mkdirSync(dir, { recursive: true });
      const entry = path.join(dir, 'shell-async-entry.ts');
      fs.writeFileSync(entry, `import(${JSON.stringify(path.join(__dirname, '..', 'shell', 'src', 'bootstrap'))});\n`);
      config.source = { ...config.source, entry: { index: entry } };
    }
  } else {
    const fed = { ...base.environments?.[REMOTE_ENVIRONMENTS.federation] };
    // A remote entry with its own runtime carries its own bundler runtime too (no shell-provided one).
    if (changes.has('own-runtime')) delete fed.resolve;
    config = {
      ...base,
      environments: {
        ...base.environments,
        [REMOTE_ENVIRONMENTS.federation]: { ...fed, plugins: swap(fed.plugins) as RsbuildConfig['plugins'] },
      },
    };
  }
  return mergeRsbuildConfig(config, { output: { distPath: { root: out } } });
});

function isFederation(plugin: unknown): boolean {
  return (
    !!plugin &&
    typeof plugin === 'object' &&
    (plugin as { name?: string }).name === 'rsbuild:module-federation-enhanced'
  );
}

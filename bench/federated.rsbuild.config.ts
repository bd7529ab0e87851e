/**
 * One federated app exactly as `npm run build -w <app>` builds it (the repo's one federation
 * definition), only written to bench/out/<app> so a bench run never touches an app's dist/
 * while other people serve or test it.
 */
import path from 'node:path';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import { type AppName, appConfig } from '../rsbuild.config';

export default defineConfig(() => {
  const app = process.env.LAGER_APP as AppName;
  const out = process.env.BENCH_OUT ?? path.join(__dirname, 'out', app);
  return mergeRsbuildConfig(appConfig(app), { output: { distPath: { root: out } } });
});

/**
 * Experiment for bench/perf-notes/lcp-2.md (not the product): the shell exactly as rsbuild.config.ts builds it,
 * but its first-load JavaScript cut into several files of at most ~60 kB, so that on a throttled connection
 * (Lighthouse's simulation: one TCP slow start per connection) they download in parallel like the monolith's.
 *
 *   cd shell && SPLIT_MIN=100000 SPLIT_MAX=250000 BENCH_OUT=/tmp/lcp/out3/shell NODE_ENV=production \
 *     node ../node_modules/@rsbuild/core/bin/rsbuild.js build -c ../bench/perf-notes/split.rsbuild.config.ts
 *   (the remotes: copy or hard-link them from a bench build into /tmp/lcp/out3, then lcp-lh.mjs --kinds=…:/tmp/lcp/out3)
 */
import path from 'node:path';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import { appConfig } from '../../rsbuild.config';

export default defineConfig(() =>
  mergeRsbuildConfig(appConfig('shell'), {
    output: { distPath: { root: process.env.BENCH_OUT ?? path.join(__dirname, '../out/shell-split') } },
    performance: {
      chunkSplit: {
        strategy: 'split-by-size',
        minSize: Number(process.env.SPLIT_MIN ?? 20_000),
        maxSize: Number(process.env.SPLIT_MAX ?? 60_000),
      },
    },
  }),
);

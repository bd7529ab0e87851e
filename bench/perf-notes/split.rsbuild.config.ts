/**
 * Experiment for bench/perf-notes/lcp-2.md (not the product): the shell exactly as rsbuild.config.ts builds it,
 * but its first-load JavaScript cut into several files of at most ~60 kB, so that on a throttled connection
 * (Lighthouse's simulation: one TCP slow start per connection) they download in parallel like the monolith's.
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

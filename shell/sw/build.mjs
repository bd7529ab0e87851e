/**
 * The shell's service worker, built after Rsbuild (`npm run build -w shell`): esbuild bundles
 * sw.ts with the Workbox modules it imports, then workbox-build's injectManifest writes the
 * precache list (every file of the shell's build with its revision) into it as dist/sw.js.
 * Rsbuild has no official Workbox plugin; this keeps Workbox's own, documented build step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');
const bundled = path.join(dist, 'sw.bundle.js');

await build({
  entryPoints: [path.join(here, 'sw.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  outfile: bundled,
  // Workbox's debug logging is for development builds only.
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: path.join(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
  // Runtime data (network first in the worker), the worker itself and the build's precompressed copies.
  globIgnores: ['sw.js', 'sw.bundle.js', 'config.json', 'remotes.json', '**/*.gz', '**/*.br', '**/*.LICENSE.txt'],
  // Rsbuild names its assets by content hash: no revision needed for them.
  dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\./,
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
});
fs.rmSync(bundled);
for (const warning of warnings) console.warn(`[sw] ${warning}`);
console.log(`[sw] dist/sw.js precaches ${count} files (${(size / 1024).toFixed(1)} kB)`);

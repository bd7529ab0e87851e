#!/usr/bin/env node
/**
 * `npm run build -w api`: compiles the API to one CommonJS file, `api/dist/server.js` (+ source map),
 * so `npm start` runs plain JavaScript with no TypeScript loader at run time, and the thread PGlite
 * runs in to `api/dist/pglite-worker.js` (the server starts it from next to itself). esbuild bundles the
 * API's own code and the workspace package @lager/contract (TypeScript source); every other dependency
 * stays external and is loaded from node_modules as usual (PGlite finds its WASM files there), also the
 * workspace package @lager/deployment (CommonJS that finds the repo through its own `__dirname`).
 * Migrations stay in `api/drizzle/` and are read from there (`API_ROOT`, src/paths.ts).
 *
 *   --if-stale   build only when a source file (api/src, contract/src, api/package.json) is newer
 *                than dist/server.js; used by scripts/stack.cjs before it
 *                starts the API.
 *
 * The output is written next to its final name and renamed, so an API starting at the same moment
 * never reads a half-written file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiRoot, '..');
const outFile = path.join(apiRoot, 'dist', 'server.js');
const pkg = JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8'));

/** Newest modification time of the files the bundle is made of. */
function newestSource() {
  let newest = 0;
  const visit = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of [
    path.join(apiRoot, 'src'),
    path.join(apiRoot, 'package.json'),
    path.join(repoRoot, 'contract', 'src'),
    fileURLToPath(import.meta.url),
  ])
    visit(source);
  return newest;
}

export function isStale() {
  const built = fs.statSync(outFile, { throwIfNoEntry: false });
  return !built || built.mtimeMs < newestSource();
}

export async function buildApi() {
  const started = Date.now();
  const result = await build({
    entryPoints: {
      server: path.join(apiRoot, 'src', 'server.ts'),
      'pglite-worker': path.join(apiRoot, 'src', 'platform', 'db', 'pglite-worker.ts'),
    },
    outdir: path.dirname(outFile),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    sourcemap: true,
    // node_modules are loaded at run time; only the workspace's TypeScript package is compiled in.
    // tsx: only named by the PGlite worker's client for running from source; the bundle never loads it.
    external: [...Object.keys(pkg.dependencies).filter((name) => name !== '@lager/contract'), 'tsx'],
    logLevel: 'warning',
    write: false,
  });
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  // server.js last: a server.js new enough for `--if-stale` always finds the worker it starts.
  const serverLast = result.outputFiles.toSorted((a, b) => (a.path === outFile) - (b.path === outFile));
  for (const file of serverLast) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, file.contents);
    fs.renameSync(tmp, file.path);
  }
  return { file: outFile, ms: Date.now() - started };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  const { file, ms } = await buildApi();
  console.log(`api: built ${path.relative(repoRoot, file)} in ${ms} ms`);
}

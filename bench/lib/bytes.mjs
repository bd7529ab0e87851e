/**
 * Static size of every JS/CSS file of each build (raw, gzip -9, brotli q11), split for remotes
 * into what the shell fetches (remote entry, exposed section code) and what it normally never
 * fetches (shared fallbacks, the standalone page). Also writes .gz/.br beside each file so the
 * bench servers can send compressed bodies as a CDN would.
 */

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { listFiles } from './util.mjs';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

function assetsOf(entry) {
  const a = entry?.assets ?? {};
  return [...(a.js?.sync ?? []), ...(a.js?.async ?? []), ...(a.css?.sync ?? []), ...(a.css?.async ?? [])];
}

// Remotes carry identical shared-fallback chunks: compress each distinct content once.
const compressed = new Map();

/** gzip -9 and brotli q11 bodies of `buf`, written beside `file` for the bench servers. */
function precompress(file, buf) {
  const key = createHash('sha1').update(buf).digest('hex');
  let bodies = compressed.get(key);
  if (!bodies) {
    bodies = {
      gz: zlib.gzipSync(buf, { level: 9 }),
      br: zlib.brotliCompressSync(buf, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
      }),
    };
    compressed.set(key, bodies);
  }
  fs.writeFileSync(`${file}.gz`, bodies.gz);
  fs.writeFileSync(`${file}.br`, bodies.br);
  return { gzip: bodies.gz.length, brotli: bodies.br.length };
}

function sum(files, key) {
  return files.reduce((n, f) => n + f[key], 0);
}

function totals(files) {
  return { files: files.length, raw: sum(files, 'raw'), gzip: sum(files, 'gzip'), brotli: sum(files, 'brotli') };
}

/** Sizes of one build directory; `manifest` classification when it is a remote. */
export function measureApp(dir) {
  const files = [];
  for (const rel of listFiles(dir)) {
    if (rel.endsWith('.gz') || rel.endsWith('.br')) continue;
    const full = path.join(dir, rel);
    const buf = fs.readFileSync(full);
    if (!COMPRESSIBLE.test(rel)) continue;
    const sizes = precompress(full, buf);
    if (!/\.(js|css)$/.test(rel)) continue;
    files.push({ file: rel, kind: rel.endsWith('.css') ? 'css' : 'js', raw: buf.length, ...sizes });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  const result = {
    total: totals(files),
    js: totals(files.filter((f) => f.kind === 'js')),
    css: totals(files.filter((f) => f.kind === 'css')),
    files,
  };
  const manifestPath = path.join(dir, 'mf-manifest.json');
  const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : undefined;
  // The shell has a manifest too, but exposes nothing: only remotes get the split.
  if (manifest?.exposes?.length) {
    const entry = path.posix.join(
      manifest.metaData?.remoteEntry?.path ?? '',
      manifest.metaData?.remoteEntry?.name ?? '',
    );
    const shared = new Set(manifest.shared.flatMap(assetsOf));
    const exposed = new Set(manifest.exposes.flatMap(assetsOf).filter((f) => !shared.has(f)));
    const pick = (pred) => totals(files.filter((f) => pred(f.file)));
    for (const f of files) {
      f.role =
        f.file === entry
          ? 'remote entry'
          : exposed.has(f.file)
            ? 'section'
            : shared.has(f.file)
              ? 'shared fallback'
              : 'standalone/other';
    }
    result.remote = {
      entryFile: entry,
      remoteEntry: pick((f) => f === entry),
      sectionCode: pick((f) => exposed.has(f)),
      sharedFallbacks: pick((f) => shared.has(f)),
      other: pick((f) => f !== entry && !exposed.has(f) && !shared.has(f)),
      sharedFallbackFiles: [...shared],
    };
  }
  return result;
}

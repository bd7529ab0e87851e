/** Small helpers shared by the bench steps: statistics, sizes, formatting. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const KB = 1000;

export function median(values) {
  const xs = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

export function gzipSize(buf) {
  return zlib.gzipSync(buf, { level: 9 }).length;
}

export function brotliSize(buf) {
  return zlib.brotliCompressSync(buf, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
  }).length;
}

/** Every file below `dir`, as paths relative to it with forward slashes. */
export function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

export const kb = (bytes, digits = 1) => (bytes == null ? 'n/a' : `${(bytes / KB).toFixed(digits)} kB`);
export const ms = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`);
export const ratio = (a, b) => (a == null || b == null || b === 0 ? null : a / b);
export const fmtRatio = (r) => (r == null ? 'n/a' : r.toFixed(2));

export function log(...args) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
}

export const sleep = (msDelay) => new Promise((r) => setTimeout(r, msDelay));

#!/usr/bin/env node
/**
 * "One slow request does not stall the others" on PGlite (bench/perf-notes/pglite.md):
 *
 *   node bench/perf-notes/pglite-stall.mjs [api/dist/server.js] [--movements 3000] [--seconds 10]
 *
 * Starts the compiled API (the given entry, e.g. a build of an older commit) on PGlite in a
 * temporary directory, books `--movements` goods-in through the API, then for `--seconds` keeps
 * one client downloading the journal CSV (every movement, page by page) while two others poll
 * /api/health and /api/user one after another. Prints the pollers' latencies (p50/p99/max) with
 * and without the export running, and the export's own time per download.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEntry } from '../lib/api-bench.mjs';
import { createBenchWarehouse } from '../lib/session.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stack = createRequire(import.meta.url)('../../scripts/stack.cjs');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const entry = path.resolve(args.find((a) => a.endsWith('.js')) ?? path.join(repoRoot, 'api/dist/server.js'));
const MOVEMENTS = option('movements', 3000);
const SECONDS = option('seconds', 10);

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const summary = (values) =>
  `n=${values.length} p50=${quantile(values, 0.5).toFixed(1)} p99=${quantile(values, 0.99).toFixed(1)} max=${Math.max(...values).toFixed(1)} ms`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-pglite-stall-'));
  const appUrl = `http://127.0.0.1:${await stack.freePort()}`;
  const port = await stack.freePort();
  const env = { LOG_LEVEL: 'warn' };
  const { url, stop } = await startEntry(stack, entry, { port, dataDir, appUrl, origins: [appUrl], env });
  try {
    const setup = await createBenchWarehouse({ apiUrl: url, dataDir, origin: appUrl, articles: 5 });
    const headers = (cookie) => ({
      accept: 'application/json',
      'accept-language': 'en',
      origin: appUrl,
      referer: `${appUrl}/`,
      cookie,
    });
    const ownerHeaders = headers(setup.owner.cookieHeader);
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(setup.owner.cookieHeader)?.[1] ?? '');
    const articles = await (await fetch(`${url}/api/stock/articles`, { headers: ownerHeaders })).json();
    const ids = (articles.data ?? articles.articles ?? articles).map((a) => a.id);
    for (let i = 0; i < MOVEMENTS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, MOVEMENTS - i) }, (_, j) =>
          fetch(`${url}/api/stock/movements`, {
            method: 'POST',
            headers: {
              ...ownerHeaders,
              'content-type': 'application/json',
              'x-xsrf-token': xsrf,
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              article_id: ids[(i + j) % ids.length],
              kind: 'in',
              quantity: 1,
              note: `stall ${i + j}`,
            }),
          }).then((r) => {
            if (r.status !== 201) throw new Error(`booking answered ${r.status}`);
          }),
        ),
      );
    }
    const timed = async (path, h) => {
      const t = performance.now();
      const r = await fetch(`${url}${path}`, { headers: h });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`${path} answered ${r.status}`);
      return performance.now() - t;
    };
    const poll = async (path, h, until) => {
      const out = [];
      while (performance.now() < until) out.push(await timed(path, h));
      return out;
    };
    const guestHeaders = headers(setup.guest.cookieHeader);
    const phase = async (withExport) => {
      const until = performance.now() + SECONDS * 1000;
      const exports = [];
      const exporter = withExport
        ? (async () => {
            while (performance.now() < until) exports.push(await timed('/api/stock/movements.csv', ownerHeaders));
          })()
        : Promise.resolve();
      const [health, user] = await Promise.all([
        poll('/api/health', headers(undefined), until),
        poll('/api/user', guestHeaders, until),
        exporter,
      ]);
      return { health, user, exports };
    };
    await phase(false); // warm-up
    const quiet = await phase(false);
    const busy = await phase(true);
    console.log(
      `entry ${path.relative(repoRoot, entry)}, ${MOVEMENTS} movements, load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    console.log(`quiet  /api/health ${summary(quiet.health)}`);
    console.log(`quiet  /api/user   ${summary(quiet.user)}`);
    console.log(`export /api/health ${summary(busy.health)}`);
    console.log(`export /api/user   ${summary(busy.user)}`);
    console.log(`export movements.csv ${summary(busy.exports)}`);
  } finally {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

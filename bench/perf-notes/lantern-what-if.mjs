/**
 * Two questions about Lighthouse's simulated (Lantern) LCP of a saved run (lcp-lh.mjs --save), for
 * bench/perf-notes.md "Round 5":
 *
 *   node bench/perf-notes/lantern-what-if.mjs DIR --connections
 *     which connection each request of the simulation takes (warm or cold, congestion window), per origin
 *   node bench/perf-notes/lantern-what-if.mjs DIR --resize='/a\.[0-9a-f]+\.js' -5 -10 -20 -30
 *     the LCP if the matching file had been N kB smaller (or larger) on the wire
 *   node bench/perf-notes/lantern-what-if.mjs DIR --prefer-warm
 *     the LCP if the pool handed out a warm connection before a cold one with a larger window
 */
import { Audit } from 'lighthouse/core/audits/audit.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const [dir, ...rest] = process.argv.slice(2);
const path = (url) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 48);

async function lcp(edit) {
  const artifacts = await loadArtifacts(dir);
  edit?.(artifacts);
  const settings = { ...defaultSettings, throttlingMethod: 'simulate' };
  const context = { settings, computedCache: new Map() };
  const data = Audit.makeMetricComputationDataInput(artifacts, context);
  return LanternLargestContentfulPaint.request(data, context);
}

if (rest.includes('--prefer-warm')) {
  const simulated = (await lcp()).timing;
  const pool = Lantern.Simulation.ConnectionPool.prototype;
  const choose = pool.findAvailableConnectionWithLargestCongestionWindow;
  pool.findAvailableConnectionWithLargestCongestionWindow = function (connections) {
    const warm = connections.filter((c) => c.warmed && !this._connectionsInUse.has(c));
    return choose.call(this, warm) ?? choose.call(this, connections);
  };
  const warmFirst = (await lcp()).timing;
  console.log(`LCP ${Math.round(simulated)} ms as simulated, ${Math.round(warmFirst)} ms with warm connections first`);
} else if (rest.includes('--connections')) {
  // The pool hands out the free connection with the largest congestion window; a cold one pays the handshake.
  const pool = Lantern.Simulation.ConnectionPool.prototype;
  const acquire = pool.acquire;
  let simulation = 0;
  let last;
  pool.acquire = function (request) {
    const connection = acquire.call(this, request);
    if (!connection) return connection;
    if (this !== last) console.log(`-- simulation ${++simulation}`);
    last = this;
    const all = this.connectionsByOrigin.get(request.parsedURL.securityOrigin);
    const state = (c) => `${c.warmed ? 'W' : 'c'}${c.congestionWindow}${this._connectionsInUse.has(c) ? '*' : ''}`;
    console.log(
      `   ${path(request.url).padEnd(48)} #${all.indexOf(connection)} ${connection.warmed ? 'warm' : 'COLD'} cwnd ${connection.congestionWindow}   pool ${all.map(state).join(' ')}`,
    );
    return connection;
  };
  const result = await lcp();
  console.log(`LCP ${Math.round(result.timing)} ms (W = warm, c = cold, number = congestion window, * = in use)`);
} else {
  const flag = rest.find((a) => a.startsWith('--resize='));
  if (!flag) throw new Error('--connections or --resize=REGEX kB…');
  const pattern = new RegExp(flag.slice('--resize='.length));
  for (const kb of rest.filter((a) => a !== flag).map(Number)) {
    const result = await lcp((artifacts) => {
      // The bytes each matching request finished with, in the devtools log and in the trace (changing one alone
      // does not move the simulation).
      const resize = (bytes) => Math.max(500, bytes + kb * 1000);
      const log = artifacts.devtoolsLogs.defaultPass;
      const logIds = new Set(
        log
          .filter((e) => e.method === 'Network.requestWillBeSent' && pattern.test(e.params.request.url))
          .map((e) => e.params.requestId),
      );
      for (const e of log) {
        if (e.method === 'Network.loadingFinished' && logIds.has(e.params.requestId)) {
          e.params.encodedDataLength = resize(e.params.encodedDataLength);
        }
      }
      const events = artifacts.traces.defaultPass.traceEvents;
      const ids = new Set(
        events
          .filter((e) => e.name === 'ResourceSendRequest' && pattern.test(e.args?.data?.url ?? ''))
          .map((e) => e.args.data.requestId),
      );
      for (const e of events) {
        if (e.name === 'ResourceFinish' && ids.has(e.args?.data?.requestId)) {
          e.args.data.encodedDataLength = resize(e.args.data.encodedDataLength);
        }
      }
    });
    console.log(`${String(kb).padStart(5)} kB: LCP ${Math.round(result.timing)} ms`);
  }
}

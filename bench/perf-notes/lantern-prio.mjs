/**
 * What-if for bench/perf-notes/lcp-2.md: Lantern's FCP and LCP of a saved run (lcp-lh.mjs --save) as recorded, and
 * with the requests matching PATTERN given another priority in the devtools log (e.g. the section preloads at Low).
 *
 *   node bench/perf-notes/lantern-prio.mjs 'regex' Low /tmp/lcp/v1/after-login-1 [more folders]
 */
import { Audit } from 'lighthouse/core/audits/audit.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

const [pattern, priority, ...dirs] = process.argv.slice(2);
const re = new RegExp(pattern);

async function metrics(artifacts) {
  const settings = { ...defaultSettings, throttlingMethod: 'simulate' };
  const context = { settings, computedCache: new Map() };
  const data = Audit.makeMetricComputationDataInput(artifacts, context);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const lcp = await LanternLargestContentfulPaint.request(data, context);
  return [Math.round(fcp.timing), Math.round(lcp.timing)];
}

for (const dir of dirs) {
  const before = await metrics(await loadArtifacts(dir));
  const artifacts = await loadArtifacts(dir);
  let changed = 0;
  for (const entry of artifacts.DevtoolsLog) {
    const p = entry.params;
    if (entry.method === 'Network.requestWillBeSent' && re.test(p.request?.url ?? '')) {
      p.request.initialPriority = priority;
      changed++;
    }
    if (entry.method === 'Network.resourceChangedPriority' && changed) p.newPriority = priority;
  }
  const after = await metrics(artifacts);
  console.log(`${dir}\tFCP ${before[0]} → ${after[0]}\tLCP ${before[1]} → ${after[1]}\t(${changed} requests)`);
}

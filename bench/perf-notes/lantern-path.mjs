/**
 * Where Lighthouse's simulated LCP goes (bench/perf-notes/lcp-2.md): loads the artifacts lcp-lh.mjs saved with
 * --save (one folder per run), recomputes Lantern's LCP and prints, for the optimistic and the pessimistic graph,
 * the critical path to the node that ends last (network: URL and simulated start/end; CPU: its longest scripts).
 *
 *   node bench/perf-notes/lantern-path.mjs /tmp/lcp/base/federated-login-1 [more folders]
 *   EXCLUDE='/async/i\.' node bench/perf-notes/lantern-path.mjs …   (the LCP without those requests)
 *   BRIEF=1: one line per folder (LCP, optimistic, pessimistic)
 */

import { Audit } from 'lighthouse/core/audits/audit.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

// EXCLUDE=regex: the same trace with the matching requests left out of the LCP graphs (what if they came after the LCP).
if (process.env.EXCLUDE) {
  const exclude = new RegExp(process.env.EXCLUDE);
  const FCP = Lantern.Metrics.FirstContentfulPaint;
  const original = FCP.getFirstPaintBasedGraph.bind(FCP);
  FCP.getFirstPaintBasedGraph = (graph, options) =>
    original(graph, {
      ...options,
      treatNodeAsRenderBlocking: (node) =>
        !(node.type === 'network' && exclude.test(node.request.url)) && options.treatNodeAsRenderBlocking(node),
    });
}

import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

function describe(node, timing) {
  const t = `${Math.round(timing.startTime)}→${Math.round(timing.endTime)}`;
  if (node.type === 'network') {
    return `${t.padEnd(12)} NET ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80)} (${node.request.transferSize} B, ${node.request.priority})`;
  }
  const urls = new Map();
  for (const e of node.childEvents) {
    if (e.name === 'EvaluateScript' || e.name === 'v8.compile') urls.set(e.args?.data?.url ?? '?', e.name);
  }
  const names = [...new Set(node.childEvents.map((e) => e.name))].filter((n) =>
    /EvaluateScript|FunctionCall|TimerFire|XHRReadyStateChange|Layout|Paint|ParseHTML|RunMicrotasks|FireAnimationFrame|EventDispatch|v8.compile|ResourceReceiveResponse|RunTask/.test(
      n,
    ),
  );
  const scripts = [...urls.keys()].map((u) => u.replace(/^https?:\/\/[^/]+/, '')).join(' ');
  return `${t.padEnd(12)} CPU ${Math.round(node.duration / 1000)} ms observed [${names.join(',')}] ${scripts}`;
}

for (const dir of process.argv.slice(2)) {
  const artifacts = await loadArtifacts(dir);
  const settings = { ...defaultSettings, throttlingMethod: 'simulate' };
  const context = { settings, computedCache: new Map() };
  const data = Audit.makeMetricComputationDataInput(artifacts, context);
  const result = await LanternLargestContentfulPaint.request(data, context);
  if (process.env.BRIEF) {
    const ms = (x) => Math.round(x);
    console.log(
      `${dir}\t${ms(result.timing)}\t${ms(result.optimisticEstimate.timeInMs)}\t${ms(result.pessimisticEstimate.timeInMs)}`,
    );
    continue;
  }
  console.log(
    `\n=== ${dir}: LCP ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`,
  );
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const tasks = [...tbt.pessimisticEstimate.nodeTimings]
    .filter(([node, t]) => node.type === 'cpu' && t.endTime - t.startTime > 50)
    .sort((a, b) => a[1].startTime - b[1].startTime);
  console.log(`-- TBT ${Math.round(tbt.timing)} ms; CPU tasks over 50 ms (pessimistic simulation):`);
  for (const [node, t] of tasks) console.log(`   ${describe(node, t)}`);
  for (const which of ['optimistic', 'pessimistic']) {
    const timings = result[`${which}Estimate`].nodeTimings;
    let last;
    for (const [node, t] of timings) if (!last || t.endTime > timings.get(last).endTime) last = node;
    // Walk back: the dependency that ended last is what this node waited for.
    const chain = [];
    for (let node = last; node; ) {
      chain.unshift(node);
      let before;
      for (const dep of node.getDependencies()) {
        const t = timings.get(dep);
        if (t && (!before || t.endTime > timings.get(before).endTime)) before = dep;
      }
      node = before;
    }
    let cpu = 0;
    for (const [node, t] of timings) if (node.type === 'cpu') cpu += t.endTime - t.startTime;
    console.log(`-- ${which}: ${timings.size} nodes, simulated CPU total ${Math.round(cpu)} ms; critical path:`);
    for (const node of chain) console.log(`   ${describe(node, timings.get(node))}`);
    if (process.env.ALL) {
      console.log('   all nodes by end:');
      const all = [...timings].sort((a, b) => a[1].endTime - b[1].endTime);
      for (const [node, t] of all) console.log(`     ${describe(node, t)}`);
    }
  }
}

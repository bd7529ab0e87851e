/**
 * A load-resistant stand-in for Lighthouse's simulated TBT (bench/perf-notes/lcp-3.md): Lantern multiplies each
 * main-thread task's observed wall time by 4, so on a busy host a task that waited for the CPU looks long. The
 * trace also records each task's thread CPU time (`tdur`), which the host's load barely moves. This prints, per
 * saved run (lcp-lh.mjs --save), the tasks of the page's main thread from the first script evaluation on, and
 * sum(max(0, 4 × cpu − 50 ms)) over them ("cpu-TBT"), next to the same with wall time ("wall-TBT").
 *
 *   node bench/perf-notes/tbt-cpu.mjs /tmp/lcp3/lh1/base-login-1 …   (VERBOSE=1: every task over 12.5 ms CPU)
 */
import fs from 'node:fs';
import path from 'node:path';

function tasksOf(dir) {
  const trace = JSON.parse(fs.readFileSync(path.join(dir, 'defaultPass.trace.json'), 'utf8'));
  const events = trace.traceEvents ?? trace;
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'EvaluateScript'),
  );
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.pid === main.pid && e.args?.data?.isLoadingMainFrame,
  );
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > 0 && e.ts >= nav.ts);
  const scripts = onMain.filter((e) => e.name === 'EvaluateScript');
  const firstScript = Math.min(...scripts.map((e) => e.ts));
  return tasks
    .filter((t) => t.ts + t.dur >= firstScript)
    .map((t) => {
      const inner = onMain.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t);
      const url = inner.find((e) => e.name === 'EvaluateScript')?.args?.data?.url?.replace(/^.*\//, '');
      const kinds = [...new Set(inner.filter((e) => e.dur > 1000).map((e) => e.name))].slice(0, 4).join(',');
      return { at: (t.ts - nav.ts) / 1000, wall: t.dur / 1000, cpu: (t.tdur ?? t.dur) / 1000, what: url ?? kinds };
    });
}

const blocking = (ms) => Math.max(0, 4 * ms - 50);
for (const dir of process.argv.slice(2)) {
  const tasks = tasksOf(dir);
  const cpuTbt = tasks.reduce((s, t) => s + blocking(t.cpu), 0);
  const wallTbt = tasks.reduce((s, t) => s + blocking(t.wall), 0);
  const cpuAll = tasks.reduce((s, t) => s + t.cpu, 0);
  console.log(
    `${path.basename(dir)}: cpu-TBT ${cpuTbt.toFixed(0)} wall-TBT ${wallTbt.toFixed(0)} main-thread CPU ${cpuAll.toFixed(0)} ms (${tasks.length} tasks)`,
  );
  if (process.env.VERBOSE)
    for (const t of tasks.filter((x) => x.cpu > 12.5))
      console.log(`   ${t.at.toFixed(0).padStart(6)} ms cpu ${t.cpu.toFixed(1)} wall ${t.wall.toFixed(1)} ${t.what}`);
}

/** CPU time per thread of this process and of other processes (Linux /proc), for the booking traces here. */
import fs from 'node:fs';

/** utime + stime (ms) from a /proc …/stat line. */
export const statCpuMs = (stat: string) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

/** utime + stime (ms) of each thread of this process, by tid. */
export function threadCpu(): Map<string, { name: string; ms: number }> {
  const out = new Map<string, { name: string; ms: number }>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      out.set(tid, { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ms: statCpuMs(stat) });
    } catch {}
  }
  return out;
}

/** CPU ms since `before`: the main thread (its tid is the pid), the busiest other `node` thread (PGlite's worker), the rest. */
export function cpuSince(before: Map<string, { name: string; ms: number }>) {
  let main = 0;
  let worker = 0;
  let rest = 0;
  for (const [tid, { name, ms }] of threadCpu()) {
    const delta = ms - (before.get(tid)?.ms ?? 0);
    if (tid === String(process.pid)) main = delta;
    else if (name === 'node' && delta > worker) {
      rest += worker;
      worker = delta;
    } else rest += delta;
  }
  return { main, worker, rest };
}

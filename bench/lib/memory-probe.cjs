/**
 * Preloaded into the API process by the API bench (NODE_OPTIONS=--require …): on SIGUSR2 it writes
 * `process.memoryUsage()` and `process.cpuUsage()` to LAGER_BENCH_MEMORY_FILE (CPU time per request is
 * the cost of a request that the load of other processes on the machine moves least). Nothing in the API knows about it.
 */
const fs = require('node:fs');

const file = process.env.LAGER_BENCH_MEMORY_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ at: Date.now(), ...process.memoryUsage(), cpu: process.cpuUsage() }));
    fs.renameSync(tmp, file);
  });
}

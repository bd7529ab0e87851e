/**
 * Preloaded into the API process by the API bench (NODE_OPTIONS=--require …): on SIGUSR2 it writes
 * `process.memoryUsage()` to LAGER_BENCH_MEMORY_FILE. Nothing in the API knows about it.
 */
const fs = require('node:fs');

const file = process.env.LAGER_BENCH_MEMORY_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
    fs.renameSync(tmp, file);
  });
}

/**
 * `npm test`: every check and suite of the repo, with the independent ones side by side so a
 * 2-core CI machine is kept busy (the browser journeys spend much of their time waiting on the
 * browser and the API; the unit suites fill that time).
 *
 *   1. contract:check            alone: it rewrites the generated files the type-check reads
 *   2. typecheck, lint, knip, depcheck together, and beside them the build of every app
 *   3. unit suites (Jest, PGlite, one worker)   ‖   browser journeys (after the build and the
 *      static checks: the journeys write a new section into e2e/artifacts, which the type-check reads)
 *   4. API suite on PostgreSQL (when LAGER_POSTGRES_TEST_URL is set), after the unit suites
 *      ‖ the deploy and rollout tools' suites (Jest projects `scripts` and `deployment`), after the
 *      browser journeys: the two lanes end close together (at the last landing the unit lane ran
 *      1 076 s + 186 s on PostgreSQL while the browser lane was done at 1 044 s)
 *
 * Each step's output is printed as one block when it ends (Jest's `Tests: N passed` lines
 * included), then a table of every step's time, CPU time (Linux) and result. Exit code 1 when any
 * step failed; every step still runs, so one red CI run names every failure at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
const results = [];

/**
 * CPU seconds of the children this process has waited for (Linux: /proc/self/stat cutime + cstime,
 * which grows only when a child is reaped): read when each step ends, the growth since the last
 * reading is that step's CPU time, its own subprocesses (Jest workers, Chromium, the API) included.
 */
function reapedCpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
let lastCpu = reapedCpuSeconds();

function run(name, command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    // Read when the child is reaped ('exit'), not when its output ends ('close'): another step may end between.
    let cpu = null;
    child.once('exit', () => {
      const cpuNow = reapedCpuSeconds();
      if (cpuNow !== null && lastCpu !== null) cpu = cpuNow - lastCpu;
      lastCpu = cpuNow;
    });
    const finish = (code) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n===== ${name} (${seconds.toFixed(0)} s, exit ${code}) =====\n`);
      process.stdout.write(Buffer.concat(chunks));
      results.push({ name, seconds, cpu, ok: code === 0 });
      resolve(code === 0);
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(String(error.stack ?? error)));
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

const npmRun = (name) => run(name, 'npm', ['run', '--silent', name]);
const jest = (name, args, env) => run(name, process.execPath, ['node_modules/jest/bin/jest.js', ...args], env);

async function main() {
  const started = Date.now();
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const loadAtStart = load();
  const contractOk = await npmRun('contract:check');
  const statics = Promise.all(['typecheck', 'lint', 'knip', 'depcheck'].filter((s) => scripts[s]).map(npmRun));
  const built = npmRun('build');
  await statics;

  const tools = ['scripts', 'deployment'];
  const unitThenPostgres = (async () => {
    // One worker: the browser journeys run beside it on the second core. (Two workers at a lower
    // priority starved the timing-sensitive suites on a loaded machine: bench/perf-notes/ci-2.md.)
    await jest('unit suites', ['--maxWorkers=1', '--ignoreProjects', ...tools]);
    if (process.env.LAGER_POSTGRES_TEST_URL) await npmRun('test:api:postgres');
    else console.log('API suite on PostgreSQL skipped: set LAGER_POSTGRES_TEST_URL (.ci/run does).');
  })();
  const browserThenTools = (async () => {
    if (await built) await jest('browser journeys', ['-c', 'e2e/jest.config.js']);
    await jest('deploy and rollout tools', ['--maxWorkers=1', '--selectProjects', ...tools]);
  })();
  await Promise.all([unitThenPostgres, browserThenTools]);

  const width = Math.max(...results.map((r) => r.name.length));
  console.log('\n===== summary =====');
  for (const r of results) {
    const cpu = r.cpu === null ? '' : `  cpu ${r.cpu.toFixed(0).padStart(4)} s`;
    console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(4)} s${cpu}`);
  }
  const failed = results.filter((r) => !r.ok);
  console.log(
    `${results.length - failed.length} of ${results.length} steps passed in ${((Date.now() - started) / 60000).toFixed(1)} min (load average ${loadAtStart} at the start, ${load()} at the end)`,
  );
  process.exit(failed.length || !contractOk ? 1 : 0);
}

main();

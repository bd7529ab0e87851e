/**
 * `npm test`: every check and suite of the repo, with the independent ones side by side so a
 * 2-core CI machine is kept busy (the browser journeys spend much of their time waiting on the
 * browser and the API; the unit suites and the build fill that time).
 *
 *   1. contract:check            alone: it rewrites the generated files the type-check reads
 *   2. typecheck, lint, knip, depcheck          together
 *   3. unit suites (Jest, PGlite)   ‖   build of every app, then the browser journeys
 *   4. API suite on PostgreSQL (when LAGER_POSTGRES_TEST_URL is set), after the unit suites
 *
 * Each step's output is printed as one block when it ends (Jest's `Tests: N passed` lines
 * included), then a table of every step's time and result. Exit code 1 when any step failed;
 * every step still runs, so one red CI run names every failure at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
const results = [];

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
    const finish = (code) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n===== ${name} (${seconds.toFixed(0)} s, exit ${code}) =====\n`);
      process.stdout.write(Buffer.concat(chunks));
      results.push({ name, seconds, ok: code === 0 });
      resolve(code === 0);
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(String(error.stack ?? error)));
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

const npmRun = (name, extra = []) => run(name, 'npm', ['run', '--silent', name, ...extra]);
const jest = (name, args, env) => run(name, process.execPath, ['node_modules/jest/bin/jest.js', ...args], env);

async function main() {
  const started = Date.now();
  const contractOk = await npmRun('contract:check');
  const statics = ['typecheck', 'lint', 'knip', 'depcheck'].filter((s) => scripts[s]);
  await Promise.all(statics.map((s) => npmRun(s)));

  const unitThenPostgres = (async () => {
    // One worker: the browser journeys run beside it on the second core.
    await jest('unit suites', ['--maxWorkers=1']);
    if (process.env.LAGER_POSTGRES_TEST_URL) await npmRun('test:api:postgres');
    else console.log('API suite on PostgreSQL skipped: set LAGER_POSTGRES_TEST_URL (.ci/run does).');
  })();
  const browser = (async () => {
    if (!(await npmRun('build'))) return;
    await jest('browser journeys', ['-c', 'e2e/jest.config.js']);
  })();
  await Promise.all([unitThenPostgres, browser]);

  const width = Math.max(...results.map((r) => r.name.length));
  console.log('\n===== summary =====');
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0)} s`);
  const failed = results.filter((r) => !r.ok);
  console.log(
    `${results.length - failed.length} of ${results.length} steps passed in ${((Date.now() - started) / 60000).toFixed(1)} min`,
  );
  process.exit(failed.length || !contractOk ? 1 : 0);
}

main();

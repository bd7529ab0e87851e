/**
 * `npm run deploy -- <remote> --version <v>`: builds ONE remote and publishes it as the
 * immutable folder `<remote>/<v>/` of a deployment target (default `.deploy/`). Nothing else
 * is built or redeployed; users see the version once `rollout`/`promote` points at it.
 *
 *   --target-dir <dir>   local target directory (default .deploy, or LAGER_DEPLOY_DIR)
 *   --target <module>    a pluggable target module (see scripts/deploy-target.cjs)
 *   --from <dir>         publish an existing build folder instead of building
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { validateRemote, validateVersion, RolloutError } = require('./rollout-lib.cjs');
const { loadTarget, VersionExistsError } = require('./deploy-target.cjs');
const { remoteNames } = require('./federation-apps.cjs');

const repoRoot = path.resolve(import.meta.dirname, '..');
const USAGE = 'Usage: npm run deploy -- <remote> --version <v> [--target-dir <dir> | --target <module>] [--from <dir>]';

function fail(message) {
  console.error(`deploy: ${message}`);
  process.exit(1);
}

function gitCommit() {
  const rev = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  return rev.status === 0 ? rev.stdout.trim() : undefined;
}

/** A private working folder, removed however the command ends (fail() exits the process). */
function scratchDir(remote) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lager-deploy-${remote}-`));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Builds the remote into a private folder (never its shared dist/) with the version stamped in mf-manifest.json. */
function build(remote, version) {
  const out = scratchDir(remote);
  const rsbuild = path.join(repoRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js');
  console.log(`Building ${remote} ${version} …`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [rsbuild, 'build', '-c', '../rsbuild.config.ts', '--dist-path', out, '--log-level', 'warn'],
    { cwd: path.join(repoRoot, remote), stdio: 'inherit', env: { ...process.env, MF_BUILD_VERSION: version } },
  );
  if (result.status !== 0) fail(`the build of ${remote} failed`);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

/** `--from`: a private copy, so stamping deploy.json never touches the caller's folder. */
function copyOf(from, remote) {
  if (!fs.existsSync(from)) fail(`${from} does not exist`);
  const out = scratchDir(remote);
  fs.cpSync(from, out, { recursive: true });
  return out;
}

/** A build that the shell cannot load must never be published. */
function checkBuild(dir, remote, version, stampVersion) {
  const manifestPath = path.join(dir, 'mf-manifest.json');
  if (!fs.existsSync(manifestPath)) fail(`${dir} has no mf-manifest.json: not a remote build`);
  const mf = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  // buildName is the package name the bundler stamps into the manifest.
  const builtFrom = mf.metaData?.buildInfo?.buildName;
  if (builtFrom !== remote) fail(`${dir} is a build of ${builtFrom ?? 'an unknown app'}, not of ${remote}`);
  if (stampVersion && mf.metaData?.buildInfo?.buildVersion !== version) fail('the build does not carry its version');
  fs.writeFileSync(
    path.join(dir, 'deploy.json'),
    `${JSON.stringify({ remote, version, builtAt: new Date().toISOString(), commit: gitCommit() }, null, 2)}\n`,
  );
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    version: { type: 'string' },
    'target-dir': { type: 'string' },
    target: { type: 'string' },
    from: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [remote, ...rest] = positionals;
if (rest.length) fail(`unexpected arguments: ${rest.join(' ')}\n${USAGE}`);
try {
  validateRemote(remote, remoteNames);
  validateVersion(values.version);
} catch (error) {
  if (error instanceof RolloutError) fail(`${error.message}\n${USAGE}`);
  throw error;
}
const version = values.version;
const target = loadTarget({ targetModule: values.target, targetDir: values['target-dir'], repoRoot });

// Refuse before spending a build on it: published versions are immutable.
if ((await target.listVersions(remote)).includes(version)) {
  fail(`${remote} ${version} is already published to ${target.describe()}; versions are immutable, pick a new one`);
}
const dir = values.from ? copyOf(path.resolve(values.from), remote) : build(remote, version);
checkBuild(dir, remote, version, !values.from);
try {
  const published = await target.publish(remote, version, dir);
  console.log(`Published ${remote} ${version} to ${published.location}`);
  console.log(
    `Next: npm run rollout -- ${remote} ${version} --percent 10   (or: npm run promote -- ${remote} ${version})`,
  );
} catch (error) {
  if (error instanceof VersionExistsError) fail(error.message);
  throw error;
}

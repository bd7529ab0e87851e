/**
 * `npm run deploy -- <remote> --version <v>`: builds ONE remote and publishes it as the
 * immutable folder `<remote>/<v>/` of a deployment target (default `.deploy/`). Nothing else
 * is built or redeployed; users see the version once `rollout`/`promote` points at it.
 *
 * The build must carry its section description (`section.json`, see README "Adding a
 * section"), and the live shell must provide the shared versions it was built against.
 *
 *   --target-dir <dir>   local target directory (default .deploy, or LAGER_DEPLOY_DIR)
 *   --target <module>    a pluggable target module (see deployment/deploy-target.cjs)
 *   --from <dir>         publish an existing build folder instead of building
 *   --dir <dir>          build the remote from this folder (default: the workspace <remote>/)
 *   --shell <dir|url>    the live shell whose shared-versions.json the build must satisfy
 *                        (default LAGER_SHELL_URL, else shell/dist)
 *   --force              publish even though the live shell does not satisfy the build (emergencies)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { validateRemote, validateVersion, RolloutError } = require('../deployment/rollout-lib.cjs');
const { loadTarget, VersionExistsError } = require('../deployment/deploy-target.cjs');
const { remoteNames } = require('../deployment/federation-apps.cjs');
const sections = require('../deployment/rollout-sections.cjs');

const repoRoot = path.resolve(import.meta.dirname, '..');
const USAGE =
  'Usage: npm run deploy -- <remote> --version <v> [--target-dir <dir> | --target <module>] [--from <dir> | --dir <dir>] [--shell <dir|url>] [--force]';

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
function build(remote, version, sourceDir) {
  const out = scratchDir(remote);
  const rsbuild = path.join(repoRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js');
  console.log(`Building ${remote} ${version} …`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [rsbuild, 'build', '-c', path.join(repoRoot, 'rsbuild.config.ts'), '--dist-path', out, '--log-level', 'warn'],
    { cwd: sourceDir, stdio: 'inherit', env: { ...process.env, MF_BUILD_VERSION: version } },
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

/** The description the shell routes by: present, valid, and naming only modules the build exposes. */
function checkSection(dir, mf) {
  const file = path.join(dir, sections.SECTION_FILE);
  if (!fs.existsSync(file)) fail(`${dir} has no ${sections.SECTION_FILE}: the shell would not know its routes`);
  const result = sections.validateSection(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!result.ok) fail(`${sections.SECTION_FILE} is invalid:\n  ${result.errors.join('\n  ')}`);
  const missing = sections.missingExposes(result.value, mf);
  if (missing.length) fail(`${sections.SECTION_FILE} names modules the build does not expose: ${missing.join(', ')}`);
}

/**
 * The shared-version contract: every range the remote was built against must be satisfied
 * by the versions the live shell provides, or the section would break at run time.
 */
async function checkSharedVersions(dir, remote, shellSource, force) {
  const { requires } = sections.describeBuild(dir);
  if (!requires) return;
  let provides;
  try {
    provides = await sections.readShellVersions(shellSource);
  } catch (error) {
    const message = `cannot read the versions the live shell provides (${error.message}); build the shell, pass --shell <dir|url>`;
    if (!force) fail(`${message}, or --force to skip the check`);
    console.warn(`deploy: --force: ${message}`);
    return;
  }
  const unmet = sections.unmetRequirements(requires, provides);
  if (!unmet.length) return;
  const report = sections.formatUnmet(remote, unmet, shellSource);
  if (!force) fail(`refused: the live shell does not satisfy this build:\n${report}\n(--force publishes it anyway)`);
  console.warn(`deploy: --force: publishing although\n${report}`);
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
  checkSection(dir, mf);
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
    dir: { type: 'string' },
    shell: { type: 'string' },
    force: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [remote, ...rest] = positionals;
if (rest.length) fail(`unexpected arguments: ${rest.join(' ')}\n${USAGE}`);
if (values.from && values.dir) fail(`--from and --dir exclude each other\n${USAGE}`);
const version = values.version;
const target = loadTarget({ targetModule: values.target, targetDir: values['target-dir'], repoRoot });
const sourceDir = values.dir ? path.resolve(values.dir) : path.join(repoRoot, remote ?? '');
try {
  // A section the repository does not have yet is fine when its build describes itself.
  const describedElsewhere =
    (values.dir && fs.existsSync(path.join(sourceDir, sections.SECTION_FILE))) ||
    (values.from && fs.existsSync(path.join(path.resolve(values.from), sections.SECTION_FILE)));
  const deployedBefore = remote ? (await target.listVersions(remote)).length > 0 : false;
  validateRemote(remote, describedElsewhere || deployedBefore ? undefined : remoteNames);
  if (!/^remote-[a-z0-9]+(?:-[a-z0-9]+)*$/.test(remote)) {
    throw new RolloutError(`"${remote}" is not a remote name like remote-stock.`);
  }
  validateVersion(values.version);
} catch (error) {
  if (error instanceof RolloutError) fail(`${error.message}\n${USAGE}`);
  throw error;
}

// Refuse before spending a build on it: published versions are immutable.
if ((await target.listVersions(remote)).includes(version)) {
  fail(`${remote} ${version} is already published to ${target.describe()}; versions are immutable, pick a new one`);
}
const dir = values.from ? copyOf(path.resolve(values.from), remote) : build(remote, version, sourceDir);
checkBuild(dir, remote, version, !values.from);
const shellSource = values.shell ?? process.env.LAGER_SHELL_URL ?? path.join(repoRoot, 'shell/dist');
await checkSharedVersions(dir, remote, shellSource, values.force);
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

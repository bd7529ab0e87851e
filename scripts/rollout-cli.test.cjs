/** The commands as a section team runs them, against a local deployment target in a temp folder. */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { localDirTarget } = require('../deployment/deploy-target.cjs');

let dir;
let fakeBuild;
let shellDir;

function cli(script, ...args) {
  const result = spawnSync(process.execPath, [path.join(__dirname, script), ...args, '--target-dir', dir], {
    encoding: 'utf8',
    env: { ...process.env, USER: 'release-bot' },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const scope = (name) => name.replace(/-/g, '_');
const sectionOf = (name, route = `/${name.replace(/^remote-/, '')}`) => ({
  scope: scope(name),
  module: './Routes',
  mounts: [`${route}/*`],
  routes: [{ path: route, access: 'verified', permission: 'invite_user', topLevel: true }],
  nav: [{ path: route, label: { de: 'Neu', en: 'New' }, order: 25 }],
  slots: { dashboard: [{ module: './Card' }] },
});

/**
 * What a remote build looks like to the deploy script (the real build runs in the e2e suite):
 * mf-manifest.json with its exposed modules and the shared ranges it was built against, and
 * the section.json the build publishes beside it.
 */
function makeBuild(
  name,
  { requires = { react: '^19.0.0', '@lager/shared': '^1.0.0' }, section = sectionOf(name) } = {},
) {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-build-'));
  const shared = Object.entries(requires).map(([pkg, range]) => ({
    name: pkg,
    requiredVersion: range,
    singleton: true,
  }));
  fs.writeFileSync(
    path.join(build, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { buildInfo: { buildName: name } },
      shared,
      exposes: [
        { name: 'Routes', path: './Routes' },
        { name: 'Card', path: './Card' },
      ],
    }),
  );
  if (section) fs.writeFileSync(path.join(build, 'section.json'), JSON.stringify(section));
  fs.mkdirSync(path.join(build, 'static/js'), { recursive: true });
  fs.writeFileSync(path.join(build, 'static/js/remote_info.0123456789.js'), '/* entry */');
  return build;
}

/** The live shell as deploy sees it: the shared-versions.json its build writes. */
function makeShell(provides) {
  const shell = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-shell-'));
  fs.writeFileSync(path.join(shell, 'shared-versions.json'), JSON.stringify({ provides }));
  return shell;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-deploy-test-'));
  fakeBuild = makeBuild('remote-info');
  shellDir = makeShell({ react: '19.3.1', '@lager/shared': '1.0.0', 'react-dom': '19.3.1' });
  process.env.LAGER_SHELL_URL = shellDir;
});

afterEach(() => {
  for (const d of [dir, fakeBuild, shellDir]) fs.rmSync(d, { recursive: true, force: true });
});

test('deploy publishes an immutable version folder and refuses to overwrite it', () => {
  const first = cli('deploy.mjs', 'remote-info', '--version', '1.0.0', '--from', fakeBuild);
  expect(first.err).toBe('');
  expect(first.code).toBe(0);
  const folder = path.join(dir, 'remote-info/1.0.0');
  expect(fs.readdirSync(folder).sort()).toEqual(['deploy.json', 'mf-manifest.json', 'section.json', 'static']);
  expect(JSON.parse(fs.readFileSync(path.join(folder, 'deploy.json'), 'utf8'))).toMatchObject({
    remote: 'remote-info',
    version: '1.0.0',
  });
  expect(fs.existsSync(path.join(fakeBuild, 'deploy.json'))).toBe(false);

  const again = cli('deploy.mjs', 'remote-info', '--version', '1.0.0', '--from', fakeBuild);
  expect(again.code).toBe(1);
  expect(again.err).toMatch(/remote-info 1.0.0 is already published .* versions are immutable/);

  expect(cli('deploy.mjs', 'remote-info', '--version', 'latest', '--from', fakeBuild).err).toMatch(
    /"latest" is not a version/,
  );
  // A name the repository does not have needs a build that describes its section.
  const undescribed = makeBuild('remote-nope', { section: null });
  expect(cli('deploy.mjs', 'remote-nope', '--version', '1.0.0', '--from', undescribed).err).toMatch(/Unknown remote/);
  fs.rmSync(undescribed, { recursive: true });
  // A build of another remote is never published under this one's name.
  expect(cli('deploy.mjs', 'remote-account', '--version', '1.0.0', '--from', fakeBuild).err).toMatch(
    /is a build of remote-info, not of remote-account/,
  );
});

test('promote, rollout, status, rollback: manifest and appended history', async () => {
  for (const v of ['1.0.0', '2.0.0'])
    expect(cli('deploy.mjs', 'remote-info', '--version', v, '--from', fakeBuild).code).toBe(0);

  expect(cli('rollout.mjs', 'rollout', 'remote-info', '2.0.0', '--percent', '50').err).toMatch(/no stable version yet/);
  expect(cli('rollout.mjs', 'promote', 'remote-info', '1.0.0').out).toMatch(/remote-info: stable 1.0.0/);
  expect(cli('rollout.mjs', 'rollout', 'remote-info', '2.0.0', '--percent', '150').err).toMatch(/from 0 to 100/);
  expect(cli('rollout.mjs', 'rollout', 'remote-info', '3.0.0', '--percent', '5').err).toMatch(/3.0.0 is not deployed/);
  expect(cli('rollout.mjs', 'rollout', 'remote-info', '2.0.0', '--percent', '50').out).toMatch(/canary 2.0.0 at 50 %/);

  const status = cli('rollout.mjs', 'status').out;
  expect(status).toMatch(/^remote-info\s+1\.0\.0\s+2\.0\.0\s+50 %\s+\S+ rollout 2\.0\.0 by release-bot$/m);
  expect(status).toMatch(/^remote-account\s+-\s+-\s+-\s+-$/m);

  expect(cli('rollout.mjs', 'rollback', 'remote-info').out).toMatch(/remote-info: stable 1.0.0 \(/);
  const target = localDirTarget({ dir });
  expect((await target.readManifest()).remotes['remote-info'].canary).toBeUndefined();
  // Only successful changes are recorded, in order.
  expect((await target.readHistory()).map((h) => `${h.command} ${h.version} by ${h.actor}`)).toEqual([
    'promote 1.0.0 by release-bot',
    'rollout 2.0.0 by release-bot',
    'rollback 1.0.0 by release-bot',
  ]);
  expect(fs.existsSync(path.join(dir, '.rollout.lock'))).toBe(false);
});

test('deploy refuses a build whose shared ranges the live shell does not satisfy; --force overrides', () => {
  const build = makeBuild('remote-info', {
    requires: { react: '^20.0.0', 'react/jsx-runtime': '^20.0.0', axios: '^1.0.0' },
  });
  const refused = cli('deploy.mjs', 'remote-info', '--version', '3.0.0', '--from', build, '--shell', shellDir);
  expect(refused.code).toBe(1);
  // One line per package: the remote, the package, the range it needs and the version the shell has.
  expect(refused.err).toContain(`remote-info requires react ^20.0.0, but the live shell (${shellDir}) provides 19.3.1`);
  expect(refused.err).toMatch(/--force/);
  expect(refused.err).not.toMatch(/axios/); // the shell does not provide it: the remote bundles its own
  expect(fs.existsSync(path.join(dir, 'remote-info/3.0.0'))).toBe(false);

  const forced = cli(
    'deploy.mjs',
    'remote-info',
    '--version',
    '3.0.0',
    '--from',
    build,
    '--shell',
    shellDir,
    '--force',
  );
  expect(forced.code).toBe(0);
  expect(forced.err).toMatch(/--force: publishing although\nremote-info requires react \^20\.0\.0/);
  expect(fs.existsSync(path.join(dir, 'remote-info/3.0.0/mf-manifest.json'))).toBe(true);
  fs.rmSync(build, { recursive: true });
});

test('deploy refuses a prerelease shell outside the range and a shell it cannot read', () => {
  const build = makeBuild('remote-info', { requires: { '@lager/shared': '^2.0.0' } });
  const shell = makeShell({ '@lager/shared': '1.4.0' });
  expect(cli('deploy.mjs', 'remote-info', '--version', '1.0.0', '--from', build, '--shell', shell).err).toContain(
    'remote-info requires @lager/shared ^2.0.0, but the live shell',
  );
  const missing = cli('deploy.mjs', 'remote-info', '--version', '1.0.0', '--from', build, '--shell', '/nonexistent');
  expect(missing.err).toMatch(
    /cannot read the versions the live shell provides .*shared-versions\.json does not exist/,
  );
  for (const d of [build, shell]) fs.rmSync(d, { recursive: true });
});

test('deploy refuses a build with an invalid section description or one naming a module it does not expose', () => {
  const invalid = makeBuild('remote-info', {
    section: { ...sectionOf('remote-info'), routes: [{ path: 'x', access: 'admins' }] },
  });
  const answer = cli('deploy.mjs', 'remote-info', '--version', '1.0.0', '--from', invalid);
  expect(answer.code).toBe(1);
  expect(answer.err).toMatch(/section\.json is invalid:\n {2}routes\[0\]\.path must be a route pattern/);
  expect(answer.err).toMatch(/routes\[0\]\.access must be one of public, guest, account, verified/);
  const unexposed = makeBuild('remote-info', {
    section: { ...sectionOf('remote-info'), slots: { dashboard: [{ module: './Missing' }] } },
  });
  expect(cli('deploy.mjs', 'remote-info', '--version', '1.0.0', '--from', unexposed).err).toMatch(
    /names modules the build does not expose: \.\/Missing/,
  );
  for (const d of [invalid, unexposed]) fs.rmSync(d, { recursive: true });
});

test('a section the repository has never heard of: deploy, roll out at 100 %, described in the manifest, rollback removes it', async () => {
  const build = makeBuild('remote-fixture');
  expect(cli('deploy.mjs', 'remote-fixture', '--version', '1.0.0', '--from', build).code).toBe(0);
  expect(cli('rollout.mjs', 'rollout', 'remote-fixture', '1.0.0', '--percent', '100').out).toMatch(
    /remote-fixture: stable 1\.0\.0 \(/,
  );
  const target = localDirTarget({ dir });
  expect((await target.readManifest()).remotes['remote-fixture'].stable).toEqual({
    version: '1.0.0',
    entry: 'remote-fixture/1.0.0/mf-manifest.json',
    section: sectionOf('remote-fixture'),
    requires: { react: '^19.0.0', '@lager/shared': '^1.0.0' },
  });
  expect(cli('rollout.mjs', 'status').out).toMatch(/^remote-fixture\s+1\.0\.0\s+-/m);
  expect(cli('rollout.mjs', 'rollback', 'remote-fixture').out).toMatch(/remote-fixture: removed from the manifest/);
  expect((await target.readManifest()).remotes['remote-fixture']).toBeUndefined();
  expect(cli('rollout.mjs', 'rollout', 'remote-ghost', '1.0.0', '--percent', '100').err).toMatch(/Unknown remote/);
  fs.rmSync(build, { recursive: true });
});

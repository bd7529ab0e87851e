/** The commands as a section team runs them, against a local deployment target in a temp folder. */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { localDirTarget } = require('./deploy-target.cjs');

let dir;
let fakeBuild;

function cli(script, ...args) {
  const result = spawnSync(process.execPath, [path.join(__dirname, script), ...args, '--target-dir', dir], {
    encoding: 'utf8',
    env: { ...process.env, USER: 'release-bot' },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** What a remote build looks like to the deploy script (the real build runs in the e2e suite). */
function makeBuild(name) {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-build-'));
  fs.writeFileSync(
    path.join(build, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildName: name } } }),
  );
  fs.mkdirSync(path.join(build, 'static/js'), { recursive: true });
  fs.writeFileSync(path.join(build, 'static/js/remote_info.0123456789.js'), '/* entry */');
  return build;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-deploy-test-'));
  fakeBuild = makeBuild('remote-info');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(fakeBuild, { recursive: true, force: true });
});

test('deploy publishes an immutable version folder and refuses to overwrite it', () => {
  const first = cli('deploy.mjs', 'remote-info', '--version', '1.0.0', '--from', fakeBuild);
  expect(first.err).toBe('');
  expect(first.code).toBe(0);
  const folder = path.join(dir, 'remote-info/1.0.0');
  expect(fs.readdirSync(folder).sort()).toEqual(['deploy.json', 'mf-manifest.json', 'static']);
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
  expect(cli('deploy.mjs', 'remote-nope', '--version', '1.0.0', '--from', fakeBuild).err).toMatch(/Unknown remote/);
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

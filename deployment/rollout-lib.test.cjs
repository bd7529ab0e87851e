const {
  emptyManifest,
  promote,
  resolveEntries,
  rollback,
  rollout,
  statusRows,
  formatTable,
} = require('./rollout-lib.cjs');

const REMOTES = ['remote-info', 'remote-account'];
let clock = 0;
const ctx = (deployed = ['1.0.0', '1.1.0', '2.0.0']) => ({
  remotes: REMOTES,
  deployed,
  now: `2026-05-0${++clock % 9}T10:00:00.000Z`,
  actor: 'ci',
});

/** Applies commands in order like the CLI does, keeping the appended history. */
function run(steps) {
  let manifest = emptyManifest();
  const history = [];
  for (const step of steps) {
    const result = step(manifest);
    manifest = result.manifest;
    history.push(result.history);
  }
  return { manifest, history };
}

// The steps of run() on remote-info, as the CLI's commands (promote without a version: the canary).
const promoteTo = (version) => (m) =>
  promote(m, version ? { remote: 'remote-info', version } : { remote: 'remote-info' }, ctx());
const rollTo = (version, percent) => (m) => rollout(m, { remote: 'remote-info', version, percent }, ctx());
const rollBack = () => (m) => rollback(m, { remote: 'remote-info' }, ctx());

const released = () => run([promoteTo('1.0.0'), rollTo('2.0.0', '50')]);

describe('validation', () => {
  const base = released().manifest;
  test.each([
    ['an unknown remote', { remote: 'remote-nope', version: '2.0.0', percent: '10' }, /Unknown remote "remote-nope"/],
    ['a malformed version', { remote: 'remote-info', version: 'v2', percent: '10' }, /"v2" is not a version/],
    [
      'a version that was never deployed',
      { remote: 'remote-info', version: '3.0.0', percent: '10' },
      /3.0.0 is not deployed \(deployed: 1.0.0, 1.1.0, 2.0.0\)/,
    ],
    ['a percentage above 100', { remote: 'remote-info', version: '2.0.0', percent: '101' }, /from 0 to 100/],
    ['a negative percentage', { remote: 'remote-info', version: '2.0.0', percent: '-5' }, /from 0 to 100/],
    [
      'a percentage that is not a number',
      { remote: 'remote-info', version: '2.0.0', percent: 'half' },
      /from 0 to 100/,
    ],
    ['a missing percentage', { remote: 'remote-info', version: '2.0.0' }, /from 0 to 100/],
    ['the stable version as canary', { remote: 'remote-info', version: '1.0.0', percent: '10' }, /already the stable/],
  ])('rollout refuses %s and leaves the manifest unchanged', (_name, args, message) => {
    const before = JSON.stringify(base);
    expect(() => rollout(base, args, ctx())).toThrow(message);
    expect(JSON.stringify(base)).toBe(before);
  });

  test('percentages 0, 100 and two decimals are accepted', () => {
    for (const percent of ['0', '100', '0.5', '12.25']) {
      expect(
        rollout(base, { remote: 'remote-info', version: '2.0.0', percent }, ctx()).manifest.remotes['remote-info']
          .canary.percent,
      ).toBe(Number(percent));
    }
    expect(() => rollout(base, { remote: 'remote-info', version: '2.0.0', percent: '1.234' }, ctx())).toThrow(
      /0 to 100/,
    );
  });

  test('a canary needs a stable version to fall back to', () => {
    expect(() => rollout(emptyManifest(), { remote: 'remote-info', version: '2.0.0', percent: '10' }, ctx())).toThrow(
      /no stable version yet: make one stable first with "promote remote-info <version>"/,
    );
  });

  test('promote refuses without a canary, while another canary runs, or an undeployed version', () => {
    const stableOnly = run([promoteTo('1.0.0')]).manifest;
    expect(() => promote(stableOnly, { remote: 'remote-info' }, ctx())).toThrow(/no canary to promote/);
    expect(() => promote(base, { remote: 'remote-info', version: '1.1.0' }, ctx())).toThrow(/rolling out 2.0.0/);
    expect(() => promote(stableOnly, { remote: 'remote-info', version: '9.9.9' }, ctx())).toThrow(/not deployed/);
    // The canary's folder was deleted since the rollout: do not make it everyone's version.
    expect(() => promote(base, { remote: 'remote-info' }, ctx(['1.0.0']))).toThrow(/2.0.0 is not deployed/);
  });
});

describe('commands', () => {
  test('rollout writes a canary entry relative to the manifest and keeps stable', () => {
    const { manifest } = released();
    expect(manifest.remotes['remote-info']).toEqual({
      stable: { version: '1.0.0', entry: 'remote-info/1.0.0/mf-manifest.json' },
      canary: { version: '2.0.0', entry: 'remote-info/2.0.0/mf-manifest.json', percent: 50 },
      previous: [],
      updatedAt: expect.any(String),
    });
  });

  test('promote makes the canary stable and remembers the old stable', () => {
    const { manifest } = run([promoteTo('1.0.0'), rollTo('2.0.0', '10'), rollTo('2.0.0', '60'), promoteTo()]);
    const info = manifest.remotes['remote-info'];
    expect(info.stable.version).toBe('2.0.0');
    expect(info.canary).toBeUndefined();
    expect(info.previous).toEqual(['1.0.0']);
  });

  test('rollback stops a running canary: everyone back on stable', () => {
    const { manifest, history } = run([promoteTo('1.0.0'), rollTo('2.0.0', '50'), rollBack()]);
    expect(manifest.remotes['remote-info'].stable.version).toBe('1.0.0');
    expect(manifest.remotes['remote-info'].canary).toBeUndefined();
    expect(history.at(-1)).toMatchObject({
      command: 'rollback',
      stopped: '2.0.0',
      after: { stable: '1.0.0', canary: null },
    });
  });

  test('rollback without a canary restores the previous stable, one step at a time', () => {
    const { manifest } = run([promoteTo('1.0.0'), promoteTo('1.1.0'), promoteTo('2.0.0'), rollBack()]);
    expect(manifest.remotes['remote-info'].stable.version).toBe('1.1.0');
    const twice = rollback(manifest, { remote: 'remote-info' }, ctx()).manifest;
    expect(twice.remotes['remote-info'].stable.version).toBe('1.0.0');
    // Rolling back the first version undoes its release: the section leaves the manifest.
    const gone = rollback(twice, { remote: 'remote-info' }, ctx());
    expect(gone.manifest.remotes['remote-info']).toBeUndefined();
    expect(gone.history).toMatchObject({ command: 'rollback', retired: '1.0.0', removed: true, after: null });
    expect(() => rollback(gone.manifest, { remote: 'remote-info' }, ctx())).toThrow(/nothing to roll back/);
  });

  test('a new section rolled out at 100 % becomes stable; below 100 % it needs a stable version first', () => {
    expect(() => rollout(emptyManifest(), { remote: 'remote-info', version: '1.0.0', percent: '10' }, ctx())).toThrow(
      /no stable version yet/,
    );
    const { manifest, history } = rollout(
      emptyManifest(),
      { remote: 'remote-info', version: '1.0.0', percent: '100' },
      ctx(),
    );
    expect(manifest.remotes['remote-info']).toMatchObject({ stable: { version: '1.0.0' }, previous: [] });
    expect(manifest.remotes['remote-info'].canary).toBeUndefined();
    expect(history).toMatchObject({ command: 'rollout', before: null, after: { stable: '1.0.0', canary: null } });
  });

  test('every version entry carries what its build says about itself (section, requires)', () => {
    const described = {
      ...ctx(),
      describe: (v) => ({ section: { scope: 'remote_info', v }, requires: { react: '^19.0.0' } }),
    };
    const promoted = promote(emptyManifest(), { remote: 'remote-info', version: '1.0.0' }, described).manifest;
    expect(promoted.remotes['remote-info'].stable).toEqual({
      version: '1.0.0',
      entry: 'remote-info/1.0.0/mf-manifest.json',
      section: { scope: 'remote_info', v: '1.0.0' },
      requires: { react: '^19.0.0' },
    });
    const canary = rollout(promoted, { remote: 'remote-info', version: '2.0.0', percent: '5' }, described).manifest;
    expect(canary.remotes['remote-info'].canary).toMatchObject({ percent: 5, section: { v: '2.0.0' } });
    const resolved = resolveEntries(canary, 'https://cdn.example/deploy/');
    expect(resolved.remotes['remote-info'].canary).toMatchObject({
      section: { v: '2.0.0' },
      requires: { react: '^19.0.0' },
    });
  });

  test('rollback refuses a previous version whose folder is gone', () => {
    const { manifest } = run([promoteTo('1.0.0'), promoteTo('2.0.0')]);
    expect(() => rollback(manifest, { remote: 'remote-info' }, ctx(['2.0.0']))).toThrow(/1.0.0 is not deployed/);
  });

  test('every change yields one history entry with who, when, before and after', () => {
    const { history } = run([promoteTo('1.0.0'), rollTo('1.1.0', '5'), rollTo('2.0.0', '20'), rollBack()]);
    expect(history.map((h) => h.command)).toEqual(['promote', 'rollout', 'rollout', 'rollback']);
    expect(history[0]).toMatchObject({
      actor: 'ci',
      remote: 'remote-info',
      before: null,
      after: { stable: '1.0.0', canary: null },
    });
    expect(history[2]).toMatchObject({
      replaced: '1.1.0',
      before: { stable: '1.0.0', canary: { version: '1.1.0', percent: 5 } },
      after: { stable: '1.0.0', canary: { version: '2.0.0', percent: 20 } },
    });
    for (const h of history) expect(h.at).toMatch(/^2026-/);
  });
});

test('resolveEntries makes entries absolute against the deployment origin', () => {
  const resolved = resolveEntries(released().manifest, 'http://127.0.0.1:3005');
  expect(resolved.remotes['remote-info'].stable.entry).toBe('http://127.0.0.1:3005/remote-info/1.0.0/mf-manifest.json');
  expect(resolved.remotes['remote-info'].canary.entry).toBe('http://127.0.0.1:3005/remote-info/2.0.0/mf-manifest.json');
  expect(resolveEntries(released().manifest, 'https://cdn.example/lager/').remotes['remote-info'].stable.entry).toBe(
    'https://cdn.example/lager/remote-info/1.0.0/mf-manifest.json',
  );
});

test('status lists every remote with versions, share and the last change', () => {
  const { manifest, history } = released();
  const rows = statusRows(manifest, history, REMOTES);
  expect(rows).toEqual([
    expect.objectContaining({ remote: 'remote-info', stable: '1.0.0', canary: '2.0.0', percent: '50 %' }),
    { remote: 'remote-account', stable: '-', canary: '-', percent: '-', lastChange: '-' },
  ]);
  expect(rows[0].lastChange).toMatch(/rollout 2.0.0 by ci$/);
  const table = formatTable(rows).split('\n');
  expect(table[0]).toMatch(/^REMOTE\s+STABLE\s+CANARY\s+PERCENT\s+LAST CHANGE$/);
  expect(table).toHaveLength(3);
});

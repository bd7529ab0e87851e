import { namedBases, namedFolders, planEviction } from '../../../sw/versions';

const manifest = (stable: string, canary?: string) => ({
  remotes: {
    'remote-stock': {
      stable: { version: stable, entry: `https://cdn.example/remote-stock/${stable}/mf-manifest.json` },
      ...(canary ? { canary: { version: canary, percent: 5, entry: `remote-stock/${canary}/mf-manifest.json` } } : {}),
    },
    // A remote served from a plain origin (no version folder): network first, never evicted.
    'remote-info': { stable: { version: '1.0.0', entry: 'http://127.0.0.1:5005/mf-manifest.json' } },
  },
});
const folder = (v: string) => `https://cdn.example/remote-stock/${v}/`;

test('a version folder is the manifest directory ending in its version; relative entries resolve against the page', () => {
  expect(namedFolders(manifest('1.0.0', '1.1.0'), 'https://cdn.example/')).toEqual({
    'remote-stock': [folder('1.0.0'), folder('1.1.0')],
  });
});

test('versions no longer named are evicted, the last two seen per remote stay', () => {
  const base = 'https://cdn.example/';
  let history = planEviction({}, namedFolders(manifest('1.0.0'), base)).folders;
  history = planEviction(history, namedFolders(manifest('1.0.0', '1.1.0'), base)).folders;
  const promoted = planEviction(history, namedFolders(manifest('1.1.0'), base));
  expect(promoted.evict).toEqual([]);
  expect(promoted.folders['remote-stock']).toEqual([folder('1.0.0'), folder('1.1.0')]);

  const next = planEviction(promoted.folders, namedFolders(manifest('1.2.0'), base));
  expect(next.evict).toEqual([folder('1.0.0')]);
  expect(next.folders['remote-stock']).toEqual([folder('1.1.0'), folder('1.2.0')]);
});

test('a manifest naming nothing usable keeps the history as it is', () => {
  const history = { 'remote-stock': [folder('1.0.0')] };
  expect(planEviction(history, namedFolders({ remotes: { x: { stable: {} } } }, 'https://a/'))).toEqual({
    folders: history,
    evict: [],
  });
});

test('the places the worker handles are where the manifest serves remotes now: version folders and plain origins (issue 38)', () => {
  expect(namedBases(manifest('1.0.0', '1.1.0'), 'https://cdn.example/')).toEqual([
    'http://127.0.0.1:5005/',
    folder('1.0.0'),
    folder('1.1.0'),
  ]);
  // A remote moved to a new host: only the new host is named.
  const moved = {
    remotes: { 'remote-info': { stable: { version: '1.0.0', entry: 'https://new.example/mf-manifest.json' } } },
  };
  expect(namedBases(moved, 'https://shell.example/')).toEqual(['https://new.example/']);
  expect(namedBases({ remotes: { broken: { stable: { entry: 'http://[' } } } }, 'https://shell.example/')).toEqual([]);
});

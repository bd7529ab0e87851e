/**
 * The shared singletons provided through a facade (rsbuild.config.ts `sharedFacades`) only carry
 * the exports they name. A name an app imports but the facade leaves out would be `undefined` in
 * the federated build (and only there: unit tests import the real package), so every import of
 * such a package in the apps' sources must be covered, and every name must exist in the package.
 */
const fs = require('node:fs');
const path = require('node:path');
const { remoteNames } = require('../deployment/federation-apps.cjs');

const repoRoot = path.resolve(__dirname, '..');
const FACADES = {
  'react-router-dom': { file: 'federation/react-router-dom.ts', from: 'react-router' },
  'react-i18next': { file: 'federation/react-i18next.js', from: 'react-i18next' },
  // RTK Query imports the toolkit and react-redux by their package names: through the facades too.
  '@reduxjs/toolkit': {
    file: 'federation/reduxjs-toolkit.js',
    from: '@reduxjs/toolkit',
    packageImporters: ['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react'],
  },
  'react-redux': {
    file: 'federation/react-redux.js',
    from: 'react-redux',
    packageImporters: ['@reduxjs/toolkit/query/react'],
  },
};
const APP_DIRS = ['shell/src', 'shared/src', ...remoteNames.map((r) => `${r}/src`), 'scripts/section-template'];

function sourceFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'testing') sourceFiles(file, out);
    } else if (/\.(tsx?|jsx?)$/.test(entry.name) && !/\.test\./.test(entry.name)) out.push(file);
  }
  return out;
}

/** Value names imported from `pkg` (type-only imports are erased and need no facade entry). */
function importedNames(source, pkg) {
  const names = [];
  const re = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${pkg}['"]`, 'g');
  for (const [, typeOnly, list] of source.matchAll(re)) {
    if (typeOnly) continue;
    for (const part of list.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

function facadeExports(file) {
  const source = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  const block = source.match(/export\s*\{([^}]*)\}\s*from/);
  return block[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The ES module the bundler takes for `spec` (the `module` condition of the package's exports). */
function bundledFile(spec) {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const subpath = `.${spec.slice(name.length)}` || '.';
  const manifest = require.resolve(`${name}/package.json`, { paths: [repoRoot] });
  const target = JSON.parse(fs.readFileSync(manifest, 'utf8')).exports[subpath === '.' ? '.' : subpath];
  return path.join(path.dirname(manifest), target.module?.default ?? target.import.default);
}

/** The apps' sources, and the packages' modules that import `pkg` by name (bundled through the facade too). */
function importingFiles(packageImporters = []) {
  return [...APP_DIRS.flatMap((dir) => sourceFiles(path.join(repoRoot, dir))), ...packageImporters.map(bundledFile)];
}

describe.each(Object.entries(FACADES))('shared facade for %s', (pkg, { file, from, packageImporters }) => {
  const exported = facadeExports(file);

  test('names every export the apps import from it', () => {
    const missing = [];
    for (const f of importingFiles(packageImporters)) {
      for (const name of importedNames(fs.readFileSync(f, 'utf8'), pkg)) {
        if (!exported.includes(name)) missing.push(`${path.relative(repoRoot, f)}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test(`re-exports only names ${from} has`, () => {
    const real = require(require.resolve(from, { paths: [repoRoot] }));
    expect(exported.filter((name) => real[name] === undefined)).toEqual([]);
    expect(exported.length).toBeGreaterThanOrEqual(3);
  });

  test('the scan sees the imports (not an empty match)', () => {
    const files = importingFiles(packageImporters);
    const all = new Set(files.flatMap((f) => importedNames(fs.readFileSync(f, 'utf8'), pkg)));
    // Every facade export is used somewhere (else it is dead weight on every first load).
    expect(exported.filter((name) => !all.has(name))).toEqual([]);
  });
});

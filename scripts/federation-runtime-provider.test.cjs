/**
 * The shell hands its federation runtime to the remote entries as an object of the names they read
 * (federation/runtime-core-provider.js), not the whole runtime-core namespace, and the remote
 * entries take the bundler runtime's functions from it (federation/bundler-runtime-from-shell.js).
 * A name a remote entry imports from runtime-core but the object lacks would be `undefined` in
 * every federated page (and only there), e.g. after an upgrade of @module-federation/*: so every
 * import of runtime-core in the modules a remote entry bundles must be provided.
 */
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const PROVIDER = path.join(repoRoot, 'federation/runtime-core-provider.js');
const REMOTE_FEDERATION = path.join(repoRoot, 'federation/bundler-runtime-from-shell.js');
/** External in a remote entry's build (`_FEDERATION_RUNTIME_CORE`): what the shell provides. */
const RUNTIME_CORE = '@module-federation/runtime-core';

/** The package folder node's lookup finds for `name` from `dir` (not every package exports its package.json). */
function packageDir(name, dir) {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (d === path.dirname(d)) throw new Error(`${name} not found from ${dir}`);
  }
}

/** The ES module the bundler takes for a `@module-federation/*` request from `dir` (the `import` condition). */
function esmFile(spec, dir) {
  const parts = spec.split('/');
  const name = parts.slice(0, 2).join('/');
  const subpath = parts.length > 2 ? `./${parts.slice(2).join('/')}` : '.';
  const manifest = path.join(packageDir(name, dir), 'package.json');
  const exported = JSON.parse(fs.readFileSync(manifest, 'utf8')).exports[subpath];
  const target = typeof exported === 'string' ? exported : (exported.import?.default ?? exported.import);
  return path.join(path.dirname(manifest), target);
}

/** Every static import/re-export of a module: [specifier, names or '*']. */
function importsOf(source) {
  const found = [];
  const named = /(?:import|export)\s*(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
  for (const [, list, spec] of source.matchAll(named)) {
    const names = list
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/)[0])
      .filter(Boolean);
    found.push([spec, names]);
  }
  const whole = /(?:import\s*\*\s*as\s+\w+|export\s*\*(?:\s*as\s+\w+)?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const [, spec] of source.matchAll(whole)) found.push([spec, '*']);
  const bare = /import\s+(\w+)\s*(?:,\s*\{[^}]*\})?\s*from\s*['"]([^'"]+)['"]/g;
  for (const [, , spec] of source.matchAll(bare)) found.push([spec, ['default']]);
  const sideEffect = /import\s*['"]([^'"]+)['"]/g;
  for (const [, spec] of source.matchAll(sideEffect)) found.push([spec, []]);
  return found;
}

/** Names (or '*') a remote entry reads from runtime-core, by the module that imports them. */
function runtimeCoreImports() {
  const seen = new Set();
  const needed = [];
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [spec, names] of importsOf(fs.readFileSync(file, 'utf8'))) {
      if (spec === RUNTIME_CORE) needed.push({ file: path.relative(repoRoot, file), names });
      else if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
      else if (spec.startsWith('@module-federation/')) visit(esmFile(spec, path.dirname(file)));
    }
  };
  visit(REMOTE_FEDERATION);
  return { needed, files: [...seen] };
}

/** The keys of an object literal `<start> { a, b: c, ...d }` in `source` (spreads as `...d`). */
function objectKeys(source, start) {
  const at = source.indexOf(start);
  if (at < 0) throw new Error(`"${start}" not found`);
  let depth = 0;
  let body = '';
  for (const ch of source.slice(source.indexOf('{', at))) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (depth === 1 && ch !== '{') body += ch;
    if (depth === 0) break;
  }
  return body
    .replace(/\/\/.*$/gm, '')
    .split(',')
    .map((part) => part.trim().split(':')[0].trim())
    .filter(Boolean);
}

const NAMES = path.join(repoRoot, 'federation/runtime-core-names.js');
const providerSource = fs.readFileSync(PROVIDER, 'utf8');
/** What the provider hands over: the names module's re-exports and the bundler runtime's functions. */
const provided = objectKeys(providerSource, 'const provided =').flatMap((key) =>
  key === '...names' ? importsOf(fs.readFileSync(NAMES, 'utf8')).flatMap(([, list]) => list) : [key],
);

test('provides every runtime-core name the modules of a remote entry import', () => {
  const { needed } = runtimeCoreImports();
  const missing = needed.flatMap(({ file, names }) =>
    names === '*'
      ? [`${file}: the whole namespace`]
      : names.filter((n) => !provided.includes(n)).map((n) => `${file}: ${n}`),
  );
  expect(missing).toEqual([]);
});

test('provides nothing a remote entry does not import (each name keeps code in the shell)', () => {
  const { needed } = runtimeCoreImports();
  const used = new Set(needed.flatMap(({ names }) => names));
  expect(provided.filter((name) => !used.has(name))).toEqual([]);
});

test('the scan follows the remote entry into @module-federation/runtime (not an empty match)', () => {
  const { needed, files } = runtimeCoreImports();
  expect(files.some((f) => f.includes(`${path.sep}@module-federation${path.sep}runtime${path.sep}`))).toBe(true);
  expect(needed.flatMap(({ names }) => names)).toEqual(expect.arrayContaining(['ModuleFederation', 'bundlerRuntime']));
});

test('every provided runtime-core name exists in the package, and the provider names its version', () => {
  const core = require(require.resolve(RUNTIME_CORE, { paths: [repoRoot] }));
  expect(provided).toContain('bundlerRuntime');
  expect(provided.filter((name) => name !== 'bundlerRuntime' && core[name] === undefined)).toEqual([]);
  // The version the multiple-runtime warning compares, as the package's own plugin reports it.
  const plugin = path.join(
    packageDir('@module-federation/inject-external-runtime-core-plugin', repoRoot),
    'package.json',
  );
  expect(providerSource).toContain(`const VERSION = '${JSON.parse(fs.readFileSync(plugin, 'utf8')).version}';`);
});

const SHELL_FEDERATION = path.join(repoRoot, 'federation/bundler-runtime-shell.js');

/** What the start-up code rspack generates into every federated bundle calls on `federation.bundlerRuntime`. */
function calledByStartup() {
  // The rspack that Rsbuild builds with.
  const rspack = packageDir('@rspack/core', packageDir('@rsbuild/core', repoRoot));
  const file = path.join(rspack, 'dist/moduleFederationDefaultRuntime.js');
  return [...new Set([...fs.readFileSync(file, 'utf8').matchAll(/bundlerRuntime\.(\w+)/g)].map(([, name]) => name))];
}

test("the shell's and a remote's federation objects have the package's shape", () => {
  const pkg = require(require.resolve('@module-federation/webpack-bundler-runtime', { paths: [repoRoot] }));
  const keys = Object.keys(pkg.default ?? pkg).sort();
  for (const file of [SHELL_FEDERATION, REMOTE_FEDERATION]) {
    expect(objectKeys(fs.readFileSync(file, 'utf8'), 'export default').sort()).toEqual(keys);
  }
});

test('the shell and every remote entry get each bundler runtime function their start-up code calls', () => {
  const source = fs.readFileSync(SHELL_FEDERATION, 'utf8');
  const remotes = objectKeys(source, 'export const functions =');
  const shell = objectKeys(source, 'bundlerRuntime: {').flatMap((key) => (key === '...functions' ? remotes : [key]));
  const config = fs.readFileSync(path.join(repoRoot, 'rsbuild.config.ts'), 'utf8');
  // Left out on purpose, true only while the builds do not use them: build-time remotes (the shell
  // declares none, the remotes are built with disableRemote) and shared tree shaking.
  expect(config).toContain('remotes: {},');
  expect(config).toContain('disableRemote: true');
  expect(config).not.toMatch(/treeShaking/);
  const needed = calledByStartup().filter((name) => !['remotes', 'getSharedFallbackGetter'].includes(name));
  expect(needed).toEqual(expect.arrayContaining(['consumes', 'I', 'init', 'initContainerEntry']));
  expect(needed.filter((name) => !shell.includes(name))).toEqual([]);
  expect(needed.filter((name) => name !== 'S' && !remotes.includes(name))).toEqual([]);
});

test("the runtime the shell's and a remote's federation objects carry has every function the bundler runtime calls on it", () => {
  const dist = path.dirname(esmFile('@module-federation/webpack-bundler-runtime', repoRoot));
  const called = new Set();
  for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.js'))) {
    for (const [, name] of fs.readFileSync(path.join(dist, file), 'utf8').matchAll(/\bruntime\.(\w+)\(/g))
      called.add(name);
  }
  expect(called.size).toBeGreaterThan(0);
  for (const file of [SHELL_FEDERATION, REMOTE_FEDERATION]) {
    const carried = objectKeys(fs.readFileSync(file, 'utf8'), 'runtime: {');
    expect([...called].filter((name) => !carried.includes(name))).toEqual([]);
  }
});

test('the error codes module the builds alias over the package exports every name of the package index', () => {
  const source = fs.readFileSync(path.join(repoRoot, 'federation/error-codes.js'), 'utf8');
  const own = [
    ...importsOf(source).flatMap(([, names]) => names),
    ...[...source.matchAll(/export const (\w+)/g)].map(([, name]) => name),
  ];
  const index = fs.readFileSync(esmFile('@module-federation/error-codes', repoRoot), 'utf8');
  const names = [...index.matchAll(/export\s*\{([^}]*)\}\s*;/g)].flatMap(([, list]) =>
    list.split(',').map((name) => name.trim()),
  );
  expect(names).toEqual(expect.arrayContaining(['RUNTIME_001', 'getShortErrorMsg', 'runtimeDescMap']));
  expect(names.filter((name) => !own.includes(name))).toEqual([]);
  const config = fs.readFileSync(path.join(repoRoot, 'rsbuild.config.ts'), 'utf8');
  expect(config).toContain("'@module-federation/error-codes$': path.join(rootDir, 'federation/error-codes.js')");
});

test("the SDK module the builds alias over the package replaces exactly the names of the package's logger", () => {
  const source = fs.readFileSync(path.join(repoRoot, 'federation/sdk.js'), 'utf8');
  expect(source).toContain("export * from '@lager-federation/sdk';");
  const own = [...source.matchAll(/export (?:const|function) (\w+)/g)].map(([, name]) => name);
  const loggerFile = path.join(path.dirname(esmFile('@module-federation/sdk', repoRoot)), 'logger.js');
  const names = [...fs.readFileSync(loggerFile, 'utf8').matchAll(/export\s*\{([^}]*)\}\s*;/g)].flatMap(([, list]) =>
    list.split(',').map((name) => name.trim()),
  );
  expect(names).toContain('createLogger');
  expect(own.sort()).toEqual(names.sort());
  const config = fs.readFileSync(path.join(repoRoot, 'rsbuild.config.ts'), 'utf8');
  expect(config).toContain("'@module-federation/sdk$': path.join(rootDir, 'federation/sdk.js')");
});

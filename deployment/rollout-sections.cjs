/**
 * What a remote build says about itself, for `deploy`, `rollout` and the serving stack:
 * its section description (`section.json`, written by rsbuild.config.ts beside
 * `mf-manifest.json`) and the shared ranges it was built against (the `requiredVersion`
 * of each federation singleton in its `mf-manifest.json`), checked against the versions
 * the live shell provides (`shared-versions.json` of the shell build).
 */
const fs = require('node:fs');
const path = require('node:path');
const satisfies = require('semver/functions/satisfies');

const repoRoot = path.resolve(__dirname, '..');
const SECTION_FILE = 'section.json';
const SHELL_VERSIONS_FILE = 'shared-versions.json';

function readJsonIfExists(file) {
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** `{ "react": "^19.3.1", "react/jsx-runtime": "^19.3.1", … }` from a remote's mf-manifest.json. */
function requiresOf(mfManifest) {
  return Object.fromEntries(
    (mfManifest?.shared ?? [])
      .filter((s) => typeof s.name === 'string' && typeof s.requiredVersion === 'string' && s.requiredVersion)
      .map((s) => [s.name, s.requiredVersion]),
  );
}

/** The manifest fields of one build folder: `{ section, requires }` (either may be missing). */
function describeBuild(dir) {
  const section = readJsonIfExists(path.join(dir, SECTION_FILE));
  const requires = requiresOf(readJsonIfExists(path.join(dir, 'mf-manifest.json')));
  return {
    ...(section ? { section } : {}),
    ...(Object.keys(requires).length ? { requires } : {}),
  };
}

/** `react/jsx-runtime` → `react`, `@lager/shared/x` → `@lager/shared`. */
function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Requirements the provided versions do not satisfy, one per package. Packages the shell
 * does not provide are the remote's own (it bundles its own copy); a broken range is unmet.
 */
function unmetRequirements(requires, provides) {
  const unmet = new Map();
  for (const [request, required] of Object.entries(requires ?? {})) {
    const name = packageOf(request);
    const provided = provides?.[name];
    if (!provided || unmet.has(name)) continue;
    let ok = false;
    try {
      ok = satisfies(provided, required, { includePrerelease: true });
    } catch {
      ok = false;
    }
    if (!ok) unmet.set(name, { package: name, required, provided });
  }
  return [...unmet.values()];
}

function formatUnmet(remote, unmet, shellSource) {
  return unmet
    .map(
      (u) =>
        `${remote} requires ${u.package} ${u.required}, but the live shell (${shellSource}) provides ${u.provided}`,
    )
    .join('\n');
}

/** The versions the live shell provides: its build folder or its URL (`shared-versions.json` there). */
async function readShellVersions(source) {
  const isUrl = /^https?:\/\//.test(source);
  let data;
  if (isUrl) {
    const url = new URL(SHELL_VERSIONS_FILE, source.endsWith('/') ? source : `${source}/`);
    const res = await fetch(url, { headers: { 'Cache-Control': 'no-cache' } });
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    data = await res.json();
  } else {
    const file = path.join(path.resolve(source), SHELL_VERSIONS_FILE);
    data = readJsonIfExists(file);
    if (!data) throw new Error(`${file} does not exist`);
  }
  if (!data || typeof data.provides !== 'object') throw new Error(`${source} has no "provides" list`);
  return data.provides;
}

/** The one validator of section descriptions (the shell runs the same code at start). */
function validateSection(section) {
  const { validateSectionDescription } = require('tsx/cjs/api').require(
    path.join(repoRoot, 'shared/src/routing/section-description.ts'),
    __filename,
  );
  return validateSectionDescription(section);
}

/** Modules the description names (routes component and slot modules) that the build does not expose. */
function missingExposes(section, mfManifest) {
  const exposed = new Set((mfManifest?.exposes ?? []).map((e) => e.path ?? `./${e.name}`));
  const named = [section.module, ...Object.values(section.slots ?? {}).flatMap((list) => list.map((x) => x.module))];
  return named.filter((m) => !exposed.has(m));
}

module.exports = {
  SECTION_FILE,
  SHELL_VERSIONS_FILE,
  requiresOf,
  describeBuild,
  packageOf,
  unmetRequirements,
  formatUnmet,
  readShellVersions,
  validateSection,
  missingExposes,
};

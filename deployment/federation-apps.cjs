/**
 * The remotes' names for the deploy and rollout commands, the serving stack and Jest: the
 * `remote-*` workspaces that describe themselves with a section.json (the same list
 * rsbuild.config.ts builds, read without loading the bundler so the commands start fast) and
 * every app's dev port, so no list of apps or ports is written down twice.
 */
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const pkg = require(path.join(repoRoot, 'package.json'));
const remoteNames = pkg.workspaces.filter(
  (w) => w.startsWith('remote-') && fs.existsSync(path.join(repoRoot, w, 'section.json')),
);

/** The shell's and the API's dev ports (rsbuild.config.ts, the serving stack and the API's dev CORS origins). */
const SHELL_PORT = 3000;
const API_PORT = 8000;
/** The deployment target `.deploy/` served by the stack (versioned remote builds + rollout manifest). */
const DEPLOY_PORT = 3005;

/** Every app's dev port: the shell's and each remote's from its section.json (`devPort`). */
const devPorts = {
  shell: SHELL_PORT,
  ...Object.fromEntries(
    remoteNames.map((name) => [
      name,
      JSON.parse(fs.readFileSync(path.join(repoRoot, name, 'section.json'), 'utf8')).devPort,
    ]),
  ),
};

/**
 * A remotes manifest (remotes.json) with one stable version of each of `names`: `stableOf(name)` gives
 * its { version, entry, section, … } (the dev server's, the local stack's and the benchmark's manifests).
 */
function stableManifest(names, stableOf) {
  return { remotes: Object.fromEntries(names.map((name) => [name, { stable: stableOf(name) }])) };
}

module.exports = { remoteNames, SHELL_PORT, API_PORT, DEPLOY_PORT, devPorts, stableManifest };

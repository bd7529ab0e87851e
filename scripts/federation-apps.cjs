/**
 * The remotes' names for the deploy and rollout commands, the serving stack and Jest: the
 * `remote-*` workspaces that describe themselves with a section.json (the same list
 * rsbuild.config.ts builds, read without loading the bundler so the commands start fast).
 */
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const pkg = require(path.join(repoRoot, 'package.json'));
const remoteNames = pkg.workspaces.filter(
  (w) => w.startsWith('remote-') && fs.existsSync(path.join(repoRoot, w, 'section.json')),
);

module.exports = { remoteNames };

/**
 * The remotes' names for the deploy and rollout commands: the `remote-*` workspaces (the same
 * names as in rsbuild.config.ts, read without loading the bundler so the commands start fast).
 */
const path = require('node:path');

const pkg = require(path.join(__dirname, '../package.json'));
const remoteNames = pkg.workspaces.filter((w) => w.startsWith('remote-'));

module.exports = { remoteNames };

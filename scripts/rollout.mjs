/**
 * Staged rollout of deployed remote versions (the manifest the shell reads at start):
 *
 *   node scripts/rollout.mjs rollout  <remote> <version> --percent N   show a version to N % of users
 *   node scripts/rollout.mjs rollout  <remote> <version> --guarded [--steps 5,25,50,100] [--window 10m] [--min-pages 200]
 *                                      canary at the first step; `npm run rollout:guard` advances or rolls back
 *   node scripts/rollout.mjs promote  <remote> [<version>]              canary (or version) → stable for all
 *   node scripts/rollout.mjs rollback <remote>                          stop the canary / restore previous stable
 *   node scripts/rollout.mjs status                                     table of remotes and versions
 *   node scripts/rollout.mjs history  [<remote>]                        the change log
 *
 * npm shortcuts: `npm run rollout -- <remote> <v> --percent N`, `npm run promote -- <remote>`,
 * `npm run rollback -- <remote>`, `npm run rollout:status`. Options: --target-dir, --target (see deploy.mjs).
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const lib = require('../deployment/rollout-lib.cjs');
const guardLib = require('./rollout-guard-lib.cjs');
const { loadTarget } = require('../deployment/deploy-target.cjs');
const { remoteNames } = require('../deployment/federation-apps.cjs');

const repoRoot = path.resolve(import.meta.dirname, '..');
const COMMANDS = ['rollout', 'promote', 'rollback', 'status', 'history'];
const USAGE = `Usage: node scripts/rollout.mjs <${COMMANDS.join('|')}> …
  rollout <remote> <version> --percent N
  rollout <remote> <version> --guarded [--steps 5,25,50,100] [--window 10m] [--min-pages 200]
  promote <remote> [<version>]
  rollback <remote>
  status
  history [<remote>]`;

function fail(message) {
  console.error(`rollout: ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    percent: { type: 'string' },
    guarded: { type: 'boolean' },
    steps: { type: 'string' },
    window: { type: 'string' },
    'min-pages': { type: 'string' },
    'target-dir': { type: 'string' },
    target: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, remote, version, ...rest] = positionals;
if (values.help || !command) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}
if (!COMMANDS.includes(command)) fail(`unknown command "${command}"\n${USAGE}`);
if (rest.length || (command === 'rollback' && version)) fail(`unexpected arguments\n${USAGE}`);

const target = loadTarget({ targetModule: values.target, targetDir: values['target-dir'], repoRoot });
// The repository's remotes, and every section published to this target (a new section needs no release).
const knownRemotes = [
  ...new Set([
    ...remoteNames,
    ...((await target.listRemotes?.()) ?? []),
    ...Object.keys((await target.readManifest()).remotes ?? {}),
  ]),
];

if (command === 'status') {
  const rows = lib.statusRows(await target.readManifest(), await target.readHistory(), knownRemotes);
  console.log(lib.formatTable(rows));
  console.log(`\n(${target.describe()})`);
  process.exit(0);
}
if (command === 'history') {
  for (const h of await target.readHistory()) if (!remote || h.remote === remote) console.log(JSON.stringify(h));
  process.exit(0);
}

try {
  lib.validateRemote(remote, knownRemotes);
  const planned = ['steps', 'window', 'min-pages'].filter((o) => values[o] !== undefined);
  if (command === 'rollout' && values.guarded && values.percent !== undefined) {
    throw new lib.RolloutError('--guarded sets the percentage by its steps: leave out --percent');
  }
  if (planned.length && !(command === 'rollout' && values.guarded)) {
    throw new lib.RolloutError(`--${planned[0]} belongs to rollout --guarded`);
  }
  if (command === 'rollout' && !values.guarded && values.percent === undefined) {
    throw new lib.RolloutError('rollout needs --percent N (or --guarded)');
  }
  const deployed = await target.listVersions(remote);
  // What each published version says about itself goes into the manifest with it (no hand editing).
  const descriptions = new Map();
  for (const v of deployed) descriptions.set(v, (await target.describeVersion?.(remote, v)) ?? {});
  const ctx = {
    remotes: knownRemotes,
    deployed,
    describe: (v) => descriptions.get(v),
    now: new Date().toISOString(),
    actor: process.env.USER ?? os.userInfo().username,
  };
  const { history } = await target.update((manifest) => {
    if (command === 'rollout' && values.guarded) {
      const plan = { steps: values.steps, window: values.window, minPages: values['min-pages'] };
      return guardLib.startGuarded(manifest, { remote, version, ...plan }, ctx);
    }
    if (command === 'rollout') return lib.rollout(manifest, { remote, version, percent: values.percent }, ctx);
    if (command === 'promote') return lib.promote(manifest, { remote, version }, ctx);
    return lib.rollback(manifest, { remote }, ctx);
  });
  const after = history.after;
  if (history.removed) {
    console.log(
      `${remote}: removed from the manifest (${history.retired} was its only version; effective at the next page load)`,
    );
  } else {
    const canary = after?.canary ? `, canary ${after.canary.version} at ${after.canary.percent} %` : '';
    console.log(`${remote}: stable ${after?.stable}${canary} (effective at the next page load, no shell rebuild)`);
  }
  if (history.guarded) {
    const { steps, window, minPages } = history.guarded;
    console.log(
      `Guarded: steps ${steps.join(', ')} %, each at least ${window} and ${minPages} pages a side. The guard decides: npm run rollout:guard (or LAGER_GUARD=1 npm start).`,
    );
  }
  if (history.guardEnded) console.log(`The guard of ${remote} ${history.guardEnded} ended with this ${command}.`);
} catch (error) {
  if (error instanceof lib.RolloutError) fail(error.message);
  throw error;
}

/**
 * For the rollout tests that work on a deployment target directory (rollout-guard.test.cjs,
 * rollout-guard-api.test.cjs): the scripts run against it as a release manager runs them, and its
 * manifest and change log as they are on disk.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/** `dirOf()` names the target directory of the running test (a fresh one per test). */
function targetDirTools(dirOf) {
  return {
    /** `node scripts/<script> …args --target-dir <dir>` as the user release-bot. */
    cli(script, args, env = {}) {
      const result = spawnSync(process.execPath, [path.join(__dirname, script), ...args, '--target-dir', dirOf()], {
        encoding: 'utf8',
        env: { ...process.env, USER: 'release-bot', ...env },
      });
      return { code: result.status, out: result.stdout, err: result.stderr };
    },
    manifest: () => JSON.parse(fs.readFileSync(path.join(dirOf(), 'rollout.json'), 'utf8')),
    history: () =>
      fs
        .readFileSync(path.join(dirOf(), 'rollout-history.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
  };
}

module.exports = { targetDirTools };

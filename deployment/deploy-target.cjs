/**
 * Deployment targets: where versioned remote builds and the rollout manifest live.
 *
 * The default is a local directory (`.deploy/`, served by `npm start`). Another target
 * (a CDN bucket, …) is a CommonJS module exporting `createTarget(options)` that returns an
 * object with the same methods; pass it with `--target ./my-target.cjs` or LAGER_DEPLOY_TARGET.
 *
 *   describe()                       where it publishes (for messages)
 *   listVersions(remote)             versions published for a remote
 *   listRemotes()                    (optional) remotes with published versions, also new sections
 *   describeVersion(remote, version) (optional) `{ section, requires }` of a published version: its
 *                                    section.json and the shared ranges in its mf-manifest.json
 *                                    (without it, manifest entries carry no section description and
 *                                    the shell skips them)
 *   publish(remote, version, dir)    upload a build folder as <remote>/<version>/ (must refuse an existing one)
 *   readManifest() / readHistory()   rollout.json and the change log
 *   update(fn)                       fn(manifest) → { manifest, history }; stored with the history entry
 *                                    appended, with no concurrent update in between
 *   acquireGuardLease(owner, ms)     (optional) true when `owner` may act as the rollout guard for the
 *   releaseGuardLease(owner)         next `ms` (one guard per manifest; a dead owner's lease is free)
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { emptyManifest } = require('./rollout-lib.cjs');
const { describeBuild } = require('./rollout-sections.cjs');

const MANIFEST_FILE = 'rollout.json';
const HISTORY_FILE = 'rollout-history.jsonl';
const LOCK_FILE = '.rollout.lock';
const GUARD_LEASE_FILE = '.guard-lease.json';
/** The change being written (next manifest + its history line), so a process killed between the two writes loses neither. */
const PENDING_FILE = '.rollout-pending.json';

class VersionExistsError extends Error {}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when `owner` (`host:pid`) is a process of this machine that no longer runs. */
function ownerIsGone(owner) {
  const [host, pid] = String(owner).split(':');
  if (host !== os.hostname() || !Number(pid)) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

/**
 * An exclusive lock file: two `rollout` commands never read-modify-write at the same time. A lock
 * left by a process that was killed while holding it (a guard stopped with SIGKILL) is taken over
 * at once instead of blocking every command after it.
 */
async function withLock(dir, fn) {
  const lock = path.join(dir, LOCK_FILE);
  const me = `${os.hostname()}:${process.pid}`;
  for (let tries = 0; ; tries++) {
    try {
      fs.writeFileSync(lock, me, { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST' || tries > 100) throw new Error(`Could not lock ${lock} (${error.code})`);
      let owner = '';
      try {
        owner = fs.readFileSync(lock, 'utf8');
      } catch {
        continue; // released meanwhile: try again at once
      }
      // Removed only while it still names the dead owner (another process may have taken it over first).
      if (ownerIsGone(owner) && fs.readFileSync(lock, 'utf8') === owner) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      await sleep(50);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/** A lease whose time ran out, or whose process on this machine is gone (owner `host:pid:…`). */
function leaseIsFree(lease, owner) {
  return !lease || lease.owner === owner || lease.until <= Date.now() || ownerIsGone(lease.owner);
}

function localDirTarget({ dir }) {
  const root = path.resolve(dir);
  const manifestPath = path.join(root, MANIFEST_FILE);
  const historyPath = path.join(root, HISTORY_FILE);
  const pendingPath = path.join(root, PENDING_FILE);
  const readText = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
  /**
   * Under the lock, before the next change: a change whose writer died after writing the manifest but before
   * appending its history line gets the line now; one that died before the manifest was written did not happen.
   */
  const finishPending = () => {
    const text = readText(pendingPath);
    if (text === undefined) return;
    const pending = JSON.parse(text);
    if (readText(manifestPath) === pending.manifest && !(readText(historyPath) ?? '').endsWith(pending.line)) {
      fs.appendFileSync(historyPath, pending.line);
    }
    fs.rmSync(pendingPath);
  };
  const readManifest = () => {
    try {
      return JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') return emptyManifest();
      throw error;
    }
  };
  return {
    root,
    describe: () => root,
    async listVersions(remote) {
      const folder = path.join(root, remote);
      if (!fs.existsSync(folder)) return [];
      return fs
        .readdirSync(folder, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
        .map((d) => d.name)
        .filter((v) => fs.existsSync(path.join(folder, v, 'mf-manifest.json')));
    },
    async listRemotes() {
      if (!fs.existsSync(root)) return [];
      const dirs = fs
        .readdirSync(root, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith('.'));
      const names = [];
      for (const d of dirs) if ((await this.listVersions(d.name)).length) names.push(d.name);
      return names;
    },
    async describeVersion(remote, version) {
      return describeBuild(path.join(root, remote, version));
    },
    async publish(remote, version, buildDir) {
      const final = path.join(root, remote, version);
      if (fs.existsSync(final)) throw new VersionExistsError(`${remote} ${version} already exists at ${final}`);
      // Copy beside the final folder, then rename: a half-copied version is never visible.
      const staging = path.join(root, remote, `.${version}.${process.pid}.partial`);
      fs.mkdirSync(path.dirname(staging), { recursive: true });
      fs.cpSync(buildDir, staging, { recursive: true });
      if (fs.existsSync(final)) {
        fs.rmSync(staging, { recursive: true, force: true });
        throw new VersionExistsError(`${remote} ${version} already exists at ${final}`);
      }
      fs.renameSync(staging, final);
      return { location: final, entry: `${remote}/${version}/mf-manifest.json` };
    },
    async readManifest() {
      return readManifest();
    },
    async readHistory() {
      let text = readText(historyPath) ?? '';
      // A change whose writer died between its two writes (finishPending appends its line at the next update).
      const pending = readText(pendingPath);
      if (pending !== undefined) {
        const { manifest, line } = JSON.parse(pending);
        if (readText(manifestPath) === manifest && !text.endsWith(line)) text += line;
      }
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    },
    async acquireGuardLease(owner, ms) {
      fs.mkdirSync(root, { recursive: true });
      const file = path.join(root, GUARD_LEASE_FILE);
      return withLock(root, async () => {
        const lease = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
        if (!leaseIsFree(lease, owner)) return false;
        writeAtomically(file, JSON.stringify({ owner, until: Date.now() + ms }));
        return true;
      });
    },
    async releaseGuardLease(owner) {
      const file = path.join(root, GUARD_LEASE_FILE);
      await withLock(root, async () => {
        if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).owner === owner) fs.rmSync(file);
      });
    },
    async update(fn) {
      fs.mkdirSync(root, { recursive: true });
      return withLock(root, async () => {
        finishPending();
        const result = await fn(readManifest());
        const manifest = `${JSON.stringify(result.manifest, null, 2)}\n`;
        const line = `${JSON.stringify(result.history)}\n`;
        writeAtomically(pendingPath, JSON.stringify({ manifest, line }));
        writeAtomically(manifestPath, manifest);
        fs.appendFileSync(historyPath, line);
        fs.rmSync(pendingPath);
        return result;
      });
    },
  };
}

/** The target named on the command line or in the environment; the local directory otherwise. */
function loadTarget({ targetModule, targetDir, repoRoot }) {
  const modulePath = targetModule ?? process.env.LAGER_DEPLOY_TARGET;
  if (modulePath) {
    const mod = require(path.resolve(modulePath));
    if (typeof mod.createTarget !== 'function') throw new Error(`${modulePath} does not export createTarget(options)`);
    return mod.createTarget({ repoRoot });
  }
  return localDirTarget({ dir: targetDir ?? process.env.LAGER_DEPLOY_DIR ?? path.join(repoRoot, '.deploy') });
}

module.exports = { MANIFEST_FILE, HISTORY_FILE, VersionExistsError, localDirTarget, loadTarget };

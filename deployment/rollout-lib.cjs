/**
 * The rollout manifest and its commands as pure functions (no file system, no clock):
 * `scripts/rollout.mjs` wires them to a deployment target, the tests call them directly.
 *
 * Manifest (`rollout.json`, served with Cache-Control: no-cache). It is the shell's
 * remotes.json format; entries are relative to the manifest's own URL:
 *   { "remotes": { "remote-info": {
 *       "stable": { "version": "1.0.0", "entry": "remote-info/1.0.0/mf-manifest.json" },
 *       "canary": { "version": "2.0.0", "entry": "remote-info/2.0.0/mf-manifest.json", "percent": 10 },
 *       "previous": ["0.9.0"], "updatedAt": "2026-…" } } }
 * Each version entry also carries what that build says about itself (read from the published
 * folder by the command, `ctx.describe(version)`): `section` (its section.json: routes, header
 * links, dashboard cards) and `requires` (the shared ranges it was built against).
 */

/** Semantic versions without build metadata: they become folder names and URL segments. */
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z][0-9A-Za-z.-]*)?$/;
/** 0–100 with at most two decimals (the shell has 10,000 buckets). */
const PERCENT_PATTERN = /^\d{1,3}(?:\.\d{1,2})?$/;

class RolloutError extends Error {
  constructor(message) {
    super(message);
    this.name = 'RolloutError';
  }
}

function emptyManifest() {
  return { remotes: {} };
}

function entryFor(remote, version) {
  return `${remote}/${version}/mf-manifest.json`;
}

/** A manifest entry for one version: where it is and what it is. */
function versionEntry(remote, version, ctx, extra = {}) {
  return { version, entry: entryFor(remote, version), ...(ctx.describe?.(version) ?? {}), ...extra };
}

function validateRemote(remote, knownRemotes) {
  if (!remote) throw new RolloutError('Name the remote, e.g. remote-info.');
  if (knownRemotes && !knownRemotes.includes(remote)) {
    throw new RolloutError(`Unknown remote "${remote}" (one of: ${knownRemotes.join(', ')}).`);
  }
}

function validateVersion(version) {
  if (typeof version !== 'string' || !VERSION_PATTERN.test(version)) {
    throw new RolloutError(`"${version ?? ''}" is not a version like 1.2.0 or 2.0.0-rc.1.`);
  }
}

function parsePercent(raw) {
  const text = String(raw ?? '').trim();
  const value = Number(text);
  if (!PERCENT_PATTERN.test(text) || value > 100) {
    throw new RolloutError(`--percent must be a number from 0 to 100 (got "${raw ?? ''}").`);
  }
  return value;
}

function requireDeployed(remote, version, deployed) {
  if (!deployed.includes(version)) {
    const list = deployed.length ? deployed.join(', ') : 'none';
    throw new RolloutError(
      `${remote} ${version} is not deployed (deployed: ${list}). Run: npm run deploy -- ${remote} --version ${version}`,
    );
  }
}

/** What one remote looks like, for history entries and `status`. */
function snapshot(state) {
  if (!state?.stable) return null;
  return {
    stable: state.stable.version,
    canary: state.canary ? { version: state.canary.version, percent: state.canary.percent } : null,
  };
}

function change(manifest, remote, next, entry, ctx) {
  const before = manifest.remotes[remote];
  const nextState = { ...next, updatedAt: ctx.now };
  if (!nextState.canary) delete nextState.canary;
  // A manual command on a guarded canary ends its guard (the guard's own actions drop this note).
  const guardEnded = before?.canary?.guard && !nextState.canary?.guard ? { guardEnded: before.canary.version } : {};
  return {
    manifest: { ...manifest, remotes: { ...manifest.remotes, [remote]: nextState } },
    history: {
      at: ctx.now,
      actor: ctx.actor,
      remote,
      ...entry,
      ...guardEnded,
      before: snapshot(before),
      after: snapshot(nextState),
    },
  };
}

/**
 * `rollout <remote> <version> --percent N`: show a deployed version to N % of users.
 * Re-running it with a higher (or lower) percentage moves the same canary.
 */
function rollout(manifest, { remote, version, percent }, ctx) {
  validateRemote(remote, ctx.remotes);
  validateVersion(version);
  const value = parsePercent(percent);
  requireDeployed(remote, version, ctx.deployed);
  const current = manifest.remotes[remote];
  if (!current?.stable && value === 100) {
    // A new section at 100 %: there is nobody to keep on an older version, so it becomes stable.
    return change(
      manifest,
      remote,
      { stable: versionEntry(remote, version, ctx), previous: [] },
      { command: 'rollout', version, percent: value },
      ctx,
    );
  }
  if (!current?.stable) {
    throw new RolloutError(
      `${remote} has no stable version yet: make one stable first with "promote ${remote} <version>" (or roll it out at --percent 100).`,
    );
  }
  if (current.stable.version === version) throw new RolloutError(`${remote} ${version} is already the stable version.`);
  const replaced = current.canary && current.canary.version !== version ? current.canary.version : undefined;
  return change(
    manifest,
    remote,
    { ...current, canary: versionEntry(remote, version, ctx, { percent: value }) },
    { command: 'rollout', version, percent: value, ...(replaced ? { replaced } : {}) },
    ctx,
  );
}

/**
 * `promote <remote> [<version>]`: the canary (or the named version, e.g. the very first
 * release) becomes stable for everyone; the old stable is kept for `rollback`.
 */
function promote(manifest, { remote, version }, ctx) {
  validateRemote(remote, ctx.remotes);
  const current = manifest.remotes[remote];
  const target = version ?? current?.canary?.version;
  if (!target)
    throw new RolloutError(`${remote} has no canary to promote (name a version: "promote ${remote} <version>").`);
  validateVersion(target);
  if (current?.canary && current.canary.version !== target) {
    throw new RolloutError(
      `${remote} is rolling out ${current.canary.version}: promote or roll back that canary before making ${target} stable.`,
    );
  }
  if (current?.stable?.version === target) throw new RolloutError(`${remote} ${target} is already the stable version.`);
  requireDeployed(remote, target, ctx.deployed);
  const previous = current?.stable ? [...(current.previous ?? []), current.stable.version] : [];
  return change(
    manifest,
    remote,
    { stable: versionEntry(remote, target, ctx), previous },
    { command: 'promote', version: target },
    ctx,
  );
}

/**
 * `rollback <remote>`: a running canary is stopped (everyone on stable); without a canary,
 * the previous stable version comes back.
 */
function rollback(manifest, { remote }, ctx) {
  validateRemote(remote, ctx.remotes);
  const current = manifest.remotes[remote];
  if (!current?.stable) throw new RolloutError(`${remote} is not in the rollout manifest: nothing to roll back.`);
  if (current.canary) {
    return change(
      manifest,
      remote,
      { ...current, canary: undefined },
      { command: 'rollback', version: current.stable.version, stopped: current.canary.version },
      ctx,
    );
  }
  const previous = [...(current.previous ?? [])];
  const target = previous.pop();
  if (!target) {
    // Its first version: rolling it back takes the section out (routes, links and cards disappear).
    const { [remote]: removed, ...rest } = manifest.remotes;
    return {
      manifest: { ...manifest, remotes: rest },
      history: {
        at: ctx.now,
        actor: ctx.actor,
        remote,
        command: 'rollback',
        retired: removed.stable.version,
        removed: true,
        before: snapshot(removed),
        after: null,
      },
    };
  }
  requireDeployed(remote, target, ctx.deployed);
  return change(
    manifest,
    remote,
    { stable: versionEntry(remote, target, ctx), previous },
    { command: 'rollback', version: target, retired: current.stable.version },
    ctx,
  );
}

/** The manifest with every entry made absolute against the URL it is served from. */
function resolveEntries(manifest, baseUrl) {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const abs = (v) => v && { ...v, entry: new URL(v.entry, base).href };
  return {
    remotes: Object.fromEntries(
      Object.entries(manifest.remotes ?? {})
        .filter(([, state]) => state?.stable)
        .map(([name, state]) => [
          name,
          { ...state, stable: abs(state.stable), ...(state.canary ? { canary: abs(state.canary) } : {}) },
        ]),
    ),
  };
}

const guardNote = (guard) => (guard ? ` (guarded, step ${guard.step + 1} of ${guard.steps.length})` : '');

/** `status`: one row per remote with its versions, canary share and the last change. */
function statusRows(manifest, history, remotes) {
  const names = [...new Set([...(remotes ?? []), ...Object.keys(manifest.remotes ?? {})])];
  return names.map((remote) => {
    const state = manifest.remotes?.[remote];
    const last = [...history].reverse().find((h) => h.remote === remote);
    return {
      remote,
      stable: state?.stable?.version ?? '-',
      canary: state?.canary?.version ?? '-',
      percent: state?.canary ? `${state.canary.percent} %${guardNote(state.canary.guard)}` : '-',
      lastChange: last
        ? `${last.at} ${last.command} ${last.version ?? ''}${last.actor ? ` by ${last.actor}` : ''}`.trim()
        : '-',
    };
  });
}

function formatTable(rows) {
  const headers = {
    remote: 'REMOTE',
    stable: 'STABLE',
    canary: 'CANARY',
    percent: 'PERCENT',
    lastChange: 'LAST CHANGE',
  };
  const keys = Object.keys(headers);
  const all = [headers, ...rows];
  const widths = keys.map((k) => Math.max(...all.map((r) => String(r[k]).length)));
  return all
    .map((r) =>
      keys
        .map((k, i) => String(r[k]).padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

module.exports = {
  RolloutError,
  VERSION_PATTERN,
  emptyManifest,
  entryFor,
  versionEntry,
  validateRemote,
  validateVersion,
  parsePercent,
  rollout,
  promote,
  rollback,
  resolveEntries,
  statusRows,
  formatTable,
};

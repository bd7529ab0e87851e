import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { anonymousBucketKey, bucketOf, inCanary, userBucketKey } from './bucketing';
import { canaryFallbackPlugin } from './canary-fallback';
import { getInstalledSection, sectionsFromManifest, setInstalledSections } from './installed-sections';
import { applyPinParams, readPins } from './qa-pins';
import {
  type Channel,
  getSectionFailures,
  getSectionMismatches,
  getSectionVersion,
  hasFailed,
  recordSectionFailure,
  recordSectionMismatch,
  resetSectionVersions,
  setSectionVersion,
} from './section-versions';
import { unmetRequirements } from './shared-versions';

/** Where one version of a remote lives: the URL of its `mf-manifest.json`, and what it is. */
interface RemoteVersion {
  version: string;
  entry: string;
  /** The section's description (its `section.json`): routes, header links, slot modules. */
  section?: unknown;
  /** Shared package → the range this version was built against (its `requiredVersion`s). */
  requires?: Record<string, string>;
}

interface RemoteRollout {
  stable: RemoteVersion;
  /** A newer version shown to `percent` % of users first. */
  canary?: RemoteVersion & { percent: number };
}

/**
 * `remotes.json`, served beside the shell and read at start: never compiled into the build.
 * Entries may be relative to the document's own URL (the rollout manifest writes them so).
 */
export interface RemotesManifest {
  remotes: Record<string, RemoteRollout>;
}

type ChosenVersion = RemoteVersion & { channel: Channel };

let manifest: RemotesManifest = { remotes: {} };
let rolloutUser: number | string | undefined;

function resolveEntries(next: RemotesManifest, base: string): RemotesManifest {
  const abs = <T extends RemoteVersion>(v: T): T => ({ ...v, entry: new URL(v.entry, base).href });
  const remotes: Record<string, RemoteRollout> = {};
  for (const [name, r] of Object.entries(next.remotes ?? {})) {
    try {
      if (typeof r?.stable?.entry !== 'string') throw new Error('no stable entry');
      remotes[name] = { ...r, stable: abs(r.stable), canary: r.canary && abs(r.canary) };
    } catch (error) {
      // One broken entry must not cost the other sections.
      console.warn(`[lager] section ${name} skipped: unusable manifest entry (${(error as Error).message})`);
    }
  }
  return { remotes };
}

/**
 * The manifest the page carries inline (the serving stack writes it into the HTML, see
 * scripts/shell-page.cjs), else `remotes.json` fetched beside the shell.
 */
export async function fetchRemotesManifest(url = '/remotes.json', inline?: unknown): Promise<RemotesManifest> {
  try {
    if (isManifest(inline)) {
      applyManifest(resolveEntries(inline, window.location.href));
    } else {
      const res = await fetch(url); // served with Cache-Control: no-cache; a plain fetch can use the HTML's preload
      if (res.ok) {
        const base = res.url || new URL(url, window.location.href).href;
        applyManifest(resolveEntries((await res.json()) as RemotesManifest, base));
      }
    }
  } catch {
    // No manifest: every section shows its unavailable card, the shell still works.
  }
  applyPinParams(window.location.search);
  return manifest;
}

function isManifest(value: unknown): value is RemotesManifest {
  return !!value && typeof value === 'object' && typeof (value as RemotesManifest).remotes === 'object';
}

/** The sections the shell routes to come from the manifest alone; bad entries are skipped loudly. */
function applyManifest(next: RemotesManifest): void {
  manifest = next;
  const { sections, warnings } = sectionsFromManifest(next.remotes ?? {});
  for (const warning of warnings) console.warn(warning);
  setInstalledSections(sections);
  registered.clear();
}

export function setRemotesManifest(next: RemotesManifest): void {
  applyManifest(next);
  resetSectionVersions();
}

/** The logged-in user decides the bucket; without one a random id kept in this browser does. */
export function setRolloutUser(userId: number | string | undefined): void {
  rolloutUser = userId;
}

/** True when this remote's version depends on who the user is (a canary at 0 < N < 100 %, no pin). */
export function dependsOnUser(remote: string): boolean {
  const canary = manifest.remotes[remote]?.canary;
  return !!canary && canary.percent > 0 && canary.percent < 100 && !readPins()[remote];
}

/** A pinned version's entry: the rollout's own, or the stable entry with the version folder swapped. */
function entryOf(rollout: RemoteRollout, version: string): string | undefined {
  if (rollout.canary?.version === version) return rollout.canary.entry;
  if (rollout.stable.version === version) return rollout.stable.entry;
  const folder = `/${rollout.stable.version}/`;
  const at = rollout.stable.entry.lastIndexOf(folder);
  if (at < 0) return undefined;
  return `${rollout.stable.entry.slice(0, at)}/${version}/${rollout.stable.entry.slice(at + folder.length)}`;
}

/** A version whose shared requirements this shell does not meet is never used (recorded for support). */
function usable(remote: string, candidate: RemoteVersion): boolean {
  const unmet = unmetRequirements(candidate.requires);
  if (unmet.length) recordSectionMismatch({ remote, version: candidate.version, unmet });
  return unmet.length === 0;
}

/**
 * The version of a remote this browser uses: QA pin, else canary by bucket, else stable;
 * a version that failed to load or needs other shared versions falls back to stable.
 * Undefined when there is none the shell can mount.
 */
function chooseVersion(remote: string): ChosenVersion | undefined {
  const rollout = manifest.remotes[remote];
  if (!rollout) return undefined;
  const pinned = readPins()[remote];
  const pinnedEntry = pinned && !hasFailed(remote, pinned) ? entryOf(rollout, pinned) : undefined;
  if (pinned && pinnedEntry) {
    const known = [rollout.canary, rollout.stable].find((v) => v?.version === pinned);
    if (usable(remote, known ?? { version: pinned, entry: pinnedEntry })) {
      return { version: pinned, entry: pinnedEntry, channel: 'pinned' };
    }
  }
  const { canary } = rollout;
  if (canary && canary.percent > 0 && !hasFailed(remote, canary.version)) {
    const key = rolloutUser !== undefined ? userBucketKey(rolloutUser) : anonymousBucketKey();
    if (inCanary(bucketOf(key, remote), canary.percent) && usable(remote, canary)) {
      return { version: canary.version, entry: canary.entry, channel: 'canary' };
    }
  }
  if (!usable(remote, rollout.stable)) return undefined;
  const fellBack =
    getSectionFailures().some((f) => f.remote === remote) || getSectionMismatches().some((m) => m.remote === remote);
  return { version: rollout.stable.version, entry: rollout.stable.entry, channel: fellBack ? 'fallback' : 'stable' };
}

/** The federation request id of one of a section's exposed modules, e.g. `remote_info/InfoRoutes`. */
export function requestIdOf(remote: string, module?: string): string {
  const section = getInstalledSection(remote);
  if (!section) throw new Error(`Unknown section ${remote}`);
  return `${section.scope}/${(module ?? section.module).replace(/^\.\//, '')}`;
}

/** Called by the runtime plugin when a request failed: register stable instead, if that is a change. */
function fallBack(requestId: string, error: unknown): string | undefined {
  const [scope] = requestId.split('/');
  const remote = Object.keys(manifest.remotes).find((name) => getInstalledSection(name)?.scope === scope);
  const using = remote && getSectionVersion(remote);
  if (!remote || !using || using.channel === 'stable' || using.channel === 'fallback') return undefined;
  recordSectionFailure({ remote, version: using.version, channel: using.channel, error });
  registerSection(remote, true);
  return requestId;
}

let pluginInstalled = false;

function installFallbackPlugin(): void {
  // Test doubles of the runtime may leave registerPlugins out; sections then load without fallback.
  if (pluginInstalled || typeof registerPlugins !== 'function') return;
  pluginInstalled = true;
  registerPlugins([canaryFallbackPlugin({ fallBack, load: (id) => loadRemote(id) })]);
}

/** A section whose every version needs shared packages this shell does not provide. */
class SectionRequirementError extends Error {
  constructor(remote: string) {
    super(`${remote} needs shared versions this shell does not provide (see the footer's version details)`);
    this.name = 'SectionRequirementError';
  }
}

/** Remotes registered with the runtime on this page (a second registration would only warn). */
const registered = new Set<string>();

/**
 * Tells the federation runtime where a section's remote lives. `force` drops what the
 * runtime cached of an earlier, failed attempt, so Retry really loads again.
 */
export function registerSection(remote: string, force = false): string {
  const id = requestIdOf(remote);
  if (registered.has(remote) && !force) return id;
  const version = chooseVersion(remote);
  if (!version) {
    if (manifest.remotes[remote]) throw new SectionRequirementError(remote);
    throw new Error(`No entry for ${remote} in remotes.json`);
  }
  installFallbackPlugin();
  setSectionVersion({ remote, version: version.version, channel: version.channel });
  registerRemotes([{ name: getInstalledSection(remote)!.scope, entry: version.entry }], { force });
  registered.add(remote);
  return id;
}

import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { anonymousBucketKey, bucketOf, inCanary, userBucketKey } from './bucketing';
import { canaryFallbackPlugin } from './canary-fallback';
import { applyPinParams, readPins } from './qa-pins';
import {
  type Channel,
  getSectionFailures,
  getSectionVersion,
  hasFailed,
  recordSectionFailure,
  resetSectionVersions,
  setSectionVersion,
} from './section-versions';

/** Where one version of a remote lives: the URL of its `mf-manifest.json`. */
export interface RemoteVersion {
  version: string;
  entry: string;
}

export interface RemoteRollout {
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

export type ChosenVersion = RemoteVersion & { channel: Channel };

export type SectionName = keyof typeof __LAGER_SECTIONS__ & string;

export const sections = __LAGER_SECTIONS__;

let manifest: RemotesManifest = { remotes: {} };
let rolloutUser: number | string | undefined;

function resolveEntries(next: RemotesManifest, base: string): RemotesManifest {
  const abs = <T extends RemoteVersion>(v: T): T => ({ ...v, entry: new URL(v.entry, base).href });
  const remotes = Object.entries(next.remotes ?? {}).filter(([, r]) => r?.stable?.entry);
  return {
    remotes: Object.fromEntries(
      remotes.map(([name, r]) => [name, { ...r, stable: abs(r.stable), canary: r.canary && abs(r.canary) }]),
    ),
  };
}

export async function fetchRemotesManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  try {
    const res = await fetch(url); // served with Cache-Control: no-cache; a plain fetch can use the HTML's preload
    if (res.ok) {
      const base = res.url || new URL(url, window.location.href).href;
      manifest = resolveEntries((await res.json()) as RemotesManifest, base);
    }
  } catch {
    // No manifest: every section shows its unavailable card, the shell still works.
  }
  applyPinParams(window.location.search);
  return manifest;
}

export function setRemotesManifest(next: RemotesManifest): void {
  manifest = next;
  resetSectionVersions();
}

export function getRemotesManifest(): RemotesManifest {
  return manifest;
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

/** The version of a remote this browser uses: QA pin, else canary by bucket, else stable. */
export function chooseVersion(remote: string): ChosenVersion | undefined {
  const rollout = manifest.remotes[remote];
  if (!rollout) return undefined;
  const pinned = readPins()[remote];
  const pinnedEntry = pinned && !hasFailed(remote, pinned) ? entryOf(rollout, pinned) : undefined;
  if (pinned && pinnedEntry) return { version: pinned, entry: pinnedEntry, channel: 'pinned' };
  const { canary } = rollout;
  if (canary && canary.percent > 0 && !hasFailed(remote, canary.version)) {
    const key = rolloutUser !== undefined ? userBucketKey(rolloutUser) : anonymousBucketKey();
    if (inCanary(bucketOf(key, remote), canary.percent)) {
      return { version: canary.version, entry: canary.entry, channel: 'canary' };
    }
  }
  const fellBack = getSectionFailures().some((f) => f.remote === remote);
  return { version: rollout.stable.version, entry: rollout.stable.entry, channel: fellBack ? 'fallback' : 'stable' };
}

function requestIdOf(remote: string): string {
  const section = sections[remote];
  if (!section) throw new Error(`Unknown section ${remote}`);
  return `${section.scope}/${section.module.replace(/^\.\//, '')}`;
}

/** Called by the runtime plugin when a request failed: register stable instead, if that is a change. */
function fallBack(requestId: string, error: unknown): string | undefined {
  const remote = Object.keys(sections).find((name) => requestIdOf(name) === requestId);
  const using = remote && getSectionVersion(remote);
  if (!remote || !using || using.channel === 'stable' || using.channel === 'fallback') return undefined;
  recordSectionFailure({ remote, version: using.version, channel: using.channel, error });
  return registerSection(remote, true);
}

let pluginInstalled = false;

function installFallbackPlugin(): void {
  // Test doubles of the runtime may leave registerPlugins out; sections then load without fallback.
  if (pluginInstalled || typeof registerPlugins !== 'function') return;
  pluginInstalled = true;
  registerPlugins([canaryFallbackPlugin({ fallBack, load: (id) => loadRemote(id) })]);
}

/**
 * Tells the federation runtime where a section's remote lives. `force` drops what the
 * runtime cached of an earlier, failed attempt, so Retry really loads again.
 */
export function registerSection(remote: string, force = false): string {
  const id = requestIdOf(remote);
  const version = chooseVersion(remote);
  if (!version) throw new Error(`No entry for ${remote} in remotes.json`);
  installFallbackPlugin();
  setSectionVersion({ remote, version: version.version, channel: version.channel });
  registerRemotes([{ name: sections[remote]!.scope, entry: version.entry }], { force });
  return id;
}

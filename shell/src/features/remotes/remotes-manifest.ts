import { registerRemotes } from '@module-federation/enhanced/runtime';

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

/** `remotes.json`, served beside the shell and read at start: never compiled into the build. */
export interface RemotesManifest {
  remotes: Record<string, RemoteRollout>;
}

export type SectionName = keyof typeof __LAGER_SECTIONS__ & string;

export const sections = __LAGER_SECTIONS__;

let manifest: RemotesManifest = { remotes: {} };

export async function fetchRemotesManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (res.ok) manifest = (await res.json()) as RemotesManifest;
  } catch {
    // No manifest: every section shows its unavailable card, the shell still works.
  }
  return manifest;
}

export function setRemotesManifest(next: RemotesManifest): void {
  manifest = next;
}

/** The version of a remote this browser uses (the canary choice is added by the rollout). */
export function chooseVersion(remote: string): RemoteVersion | undefined {
  return manifest.remotes[remote]?.stable;
}

/**
 * Tells the federation runtime where a section's remote lives. `force` drops what the
 * runtime cached of an earlier, failed attempt, so Retry really loads again.
 */
export function registerSection(remote: string, force = false): string {
  const section = sections[remote];
  const version = chooseVersion(remote);
  if (!section) throw new Error(`Unknown section ${remote}`);
  if (!version) throw new Error(`No entry for ${remote} in remotes.json`);
  registerRemotes([{ name: section.scope, entry: version.entry }], { force });
  return `${section.scope}/${section.module.replace(/^\.\//, '')}`;
}

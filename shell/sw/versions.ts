/**
 * Which remote version folders the service worker keeps. A folder is the directory of a version's
 * `mf-manifest.json` when it ends in `/<version>/` (a deployment target: immutable files); a
 * remote served from a plain origin has no version folder (its files are fetched network first).
 */

/** Remote name → its version folders (absolute URLs ending in `/`), oldest first. */
export type Folders = Record<string, string[]>;

interface Version {
  version?: unknown;
  entry?: unknown;
}

function folderOf(v: Version | undefined, base: string): string | undefined {
  if (typeof v?.entry !== 'string' || typeof v.version !== 'string') return undefined;
  try {
    const folder = new URL('.', new URL(v.entry, base)).href;
    return folder.endsWith(`/${v.version}/`) ? folder : undefined;
  } catch {
    return undefined;
  }
}

/** The version folders a rollout manifest names now (stable and canary), per remote. */
export function namedFolders(manifest: unknown, base: string): Folders {
  const remotes = (manifest as { remotes?: Record<string, { stable?: Version; canary?: Version }> })?.remotes ?? {};
  const out: Folders = {};
  for (const [name, rollout] of Object.entries(remotes)) {
    const list = [folderOf(rollout?.stable, base), folderOf(rollout?.canary, base)].filter(
      (f): f is string => f !== undefined,
    );
    if (list.length > 0) out[name] = list;
  }
  return out;
}

/**
 * The history after a manifest seen online and the folders to evict: per remote the named ones
 * and the last two seen stay (a rollback to the previous version works offline too).
 */
export function planEviction(history: Folders, named: Folders): { folders: Folders; evict: string[] } {
  const folders: Folders = {};
  const evict: string[] = [];
  for (const name of new Set([...Object.keys(history), ...Object.keys(named)])) {
    const now = named[name] ?? [];
    const seen = [...(history[name] ?? []).filter((f) => !now.includes(f)), ...now];
    const keep = new Set([...now, ...seen.slice(-2)]);
    folders[name] = seen.filter((f) => keep.has(f));
    evict.push(...seen.filter((f) => !keep.has(f)));
  }
  return { folders, evict };
}

/**
 * The folders the remotes of a rollout manifest are served from (each entry's directory, stable
 * and canary, version folder or plain origin): the only cross-origin places the worker handles.
 */
export function namedBases(manifest: unknown, base: string): string[] {
  const remotes = (manifest as { remotes?: Record<string, { stable?: Version; canary?: Version }> })?.remotes ?? {};
  const out = new Set<string>();
  for (const rollout of Object.values(remotes)) {
    for (const v of [rollout?.stable, rollout?.canary]) {
      if (typeof v?.entry !== 'string') continue;
      try {
        out.add(new URL('.', new URL(v.entry, base)).href);
      } catch {
        // a broken entry names no place
      }
    }
  }
  return [...out].sort();
}

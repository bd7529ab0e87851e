/**
 * Stand-in for `@module-federation/enhanced/runtime` in the monolithic baseline: the same
 * calls the shell makes, answered from a table of statically bundled (or code-split)
 * section modules instead of remote containers. Unknown ids reject like a dead remote.
 */
// @ts-expect-error resolved by the monolith build's alias to the generated table
import { sections } from '@bench/sections';

const table = sections as Record<string, () => Promise<unknown>>;

export async function loadRemote<T>(id: string): Promise<T | null> {
  const load = table[id];
  if (!load) throw new Error(`No section ${id} in the monolith`);
  return (await load()) as T;
}

// Everything else the federation runtime offers is a no-op here: nothing is remote.
export function registerRemotes(): void {}
export function registerPlugins(): void {}
export function registerShared(): void {}
export async function preloadRemote(): Promise<void> {}
export async function loadShare(): Promise<false> {
  return false;
}
export function loadShareSync(): undefined {
  return undefined;
}
export function getInstance(): undefined {
  return undefined;
}
export function init(): undefined {
  return undefined;
}
export function createInstance(): undefined {
  return undefined;
}

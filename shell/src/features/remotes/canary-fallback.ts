import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

interface FallbackOptions {
  /**
   * Called when loading a section's module failed. Returns the request id to load instead
   * (the section registered again at its stable version), or undefined when there is nothing
   * to fall back to (stable itself failed): then the error reaches the section's boundary.
   */
  fallBack: (requestId: string, error: unknown) => string | undefined;
  /** The runtime's loadRemote (a parameter so the plugin needs no import cycle). */
  load: (requestId: string) => Promise<unknown>;
}

/**
 * A Module Federation runtime plugin: a canary (or pinned) version whose manifest or entry
 * fails to load is replaced by the stable version within the same `loadRemote` call, so the
 * user sees the section, not an error. Manifests are always revalidated with the server, so
 * a version folder that was taken down is noticed even when the browser cached it.
 */
export function canaryFallbackPlugin({ fallBack, load }: FallbackOptions): ModuleFederationRuntimePlugin {
  return {
    name: 'lager-canary-fallback',
    async errorLoadRemote(args) {
      // Manifest failures are first reported per URL ('afterResolve'); they end in the
      // 'onLoad' report for the whole request, which is where one decision is made.
      if (args.lifecycle !== 'onLoad') return undefined;
      const stableId = fallBack(args.id, args.error);
      return stableId ? load(stableId) : undefined;
    },
    fetch(url, init) {
      if (!url.endsWith('mf-manifest.json')) return undefined;
      return fetch(url, { ...init, cache: 'no-cache' });
    },
  };
}

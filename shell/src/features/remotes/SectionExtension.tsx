import { loadRemote } from '@module-federation/enhanced/runtime';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { registerSection, requestIdOf } from './remotes-manifest';
import { SectionErrorBoundary } from './SectionErrorBoundary';

type ExtensionModule = { default: ComponentType };

const extensions = new Map<string, LazyExoticComponent<ComponentType>>();

/** Drops every cached extension component (a new manifest, or a fresh test). */
export function forgetLoadedExtensions(): void {
  extensions.clear();
}

function extensionFor(remote: string, module: string): LazyExoticComponent<ComponentType> {
  const key = `${remote}:${module}`;
  const cached = extensions.get(key);
  if (cached) return cached;
  const component = lazy(async () => {
    registerSection(remote);
    const mod = await loadRemote<ExtensionModule>(requestIdOf(remote, module));
    if (!mod?.default) throw new Error(`${requestIdOf(remote, module)} did not load`);
    return mod;
  });
  extensions.set(key, component);
  return component;
}

/**
 * One module a section contributes to a shell slot (e.g. a dashboard card). It loads with
 * the section's chosen version; if it cannot load, it is left out: a card is an extra, and
 * the page around it must not suffer for it.
 */
export function SectionExtension({ remote, module }: { remote: string; module: string }) {
  const Component = extensionFor(remote, module);
  return (
    <SectionErrorBoundary fallback={() => null} onRetry={() => {}}>
      <Suspense fallback={null}>
        <Component />
      </Suspense>
    </SectionErrorBoundary>
  );
}

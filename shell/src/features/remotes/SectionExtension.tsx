import { useRetryKey } from '@lager/shared';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { dependsOnUser, registerSection, requestIdOf } from './remotes-manifest';
import { SectionErrorBoundary } from './SectionErrorBoundary';

type ExtensionModule = { default: ComponentType };

interface Extension {
  /** Starts the load once; later calls share it. */
  load: () => Promise<ExtensionModule>;
  component: LazyExoticComponent<ComponentType>;
}

const extensions = new Map<string, Extension>();

/** Drops every cached extension component (a new manifest, or a fresh test). */
export function forgetLoadedExtensions(): void {
  extensions.clear();
}

function extensionFor(remote: string, module: string): Extension {
  const key = `${remote}:${module}`;
  const cached = extensions.get(key);
  if (cached) return cached;
  let promise: Promise<ExtensionModule> | undefined;
  const load = () => {
    promise ??= (async () => {
      registerSection(remote);
      const mod = await loadRemote<ExtensionModule>(requestIdOf(remote, module));
      if (!mod?.default) throw new Error(`${requestIdOf(remote, module)} did not load`);
      return mod;
    })().catch((error: unknown) => {
      // A failed load is not kept (React.lazy would keep it forever): the next render loads again.
      if (extensions.get(key) === extension) extensions.delete(key);
      throw error;
    });
    return promise;
  };
  const extension = { load, component: lazy(load) };
  extensions.set(key, extension);
  return extension;
}

/**
 * Starts loading an extension before it is rendered (the dashboard's cards together with the
 * auth check), so a card does not arrive after the page and push what is below it down.
 */
export function preloadExtension(remote: string, module: string): void {
  if (dependsOnUser(remote)) return; // the user's canary bucket is not known yet
  extensionFor(remote, module)
    .load()
    .catch(() => {}); // shown (left out) when rendered
}

/**
 * Holds the extension's place while its code arrives: in the dashboard's card grid a card that
 * appeared later added a column and re-flowed every card (layout shift 0.096 on desktop).
 */
const PLACEHOLDER_STYLE = { minHeight: '7rem' } as const;

/**
 * One module a section contributes to a shell slot (e.g. a dashboard card). It loads with
 * the section's chosen version; if it cannot load, it is left out: a card is an extra, and
 * the page around it must not suffer for it.
 */
export function SectionExtension({
  remote,
  module,
  hidden = false,
  retry = 0,
}: {
  remote: string;
  module: string;
  /** A module that shows nothing (the `outbox` slot): no placeholder while it loads. */
  hidden?: boolean;
  /** One more chance to load besides going online and navigating (the outbox sender's timer). */
  retry?: number;
}) {
  // Left out while its code cannot be fetched; tried again online, at the next navigation, on `retry`.
  const retryKey = `${useRetryKey()}#${retry}`;
  const Component = extensionFor(remote, module).component;
  return (
    <SectionErrorBoundary fallback={() => null} onRetry={() => {}} resetKey={retryKey}>
      <Suspense
        fallback={
          hidden ? null : <div className="section-extension-placeholder" aria-hidden="true" style={PLACEHOLDER_STYLE} />
        }
      >
        <Component />
      </Suspense>
    </SectionErrorBoundary>
  );
}

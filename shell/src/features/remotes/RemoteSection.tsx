import { Card, Loading, useGetUserQuery, useRetryKey } from '@lager/shared';
import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../offline';
import { dependsOnUser, registerSection, setRolloutUser } from './remotes-manifest';
import { SectionErrorBoundary } from './SectionErrorBoundary';
import { forgetLoadedExtensions } from './SectionExtension';
import { trackSectionLoad } from './section-progress';

type SectionModule = { default: ComponentType };

/** One load attempt of a section: its promise, a lazy wrapper, and the component once it arrived. */
interface SectionEntry {
  attempt: number;
  promise: Promise<SectionModule>;
  /** Someone is waiting for it on screen (background warming shows no progress). */
  awaited?: boolean;
  lazy: LazyExoticComponent<ComponentType>;
  resolved?: ComponentType;
  /** The load failed: the next chance (online, a navigation) makes a new attempt. */
  failed?: boolean;
}

const entries = new Map<string, SectionEntry>();

/** Drops every cached section component (a new remotes manifest, or a fresh test). */
export function forgetLoadedSections(): void {
  entries.clear();
  forgetLoadedExtensions();
}

async function loadSection(remote: string, attempt: number): Promise<SectionModule> {
  const id = registerSection(remote, attempt > 0);
  const mod = await loadRemote<SectionModule>(id);
  if (!mod?.default) throw new Error(`${id} did not load`);
  return mod;
}

/** React.lazy keeps a rejection forever, so each attempt gets an entry of its own. */
function sectionEntry(remote: string, attempt: number): SectionEntry {
  const existing = entries.get(remote);
  if (existing && existing.attempt === attempt) return existing;
  const promise = loadSection(remote, attempt);
  const entry: SectionEntry = { attempt, promise, lazy: lazy(() => promise) };
  // Handled here so a failed preload is not an unhandled rejection; the boundary shows it on render.
  promise.then(
    (mod) => {
      entry.resolved = mod.default;
    },
    () => {
      entry.failed = true;
    },
  );
  entries.set(remote, entry);
  return entry;
}

/**
 * Starts loading a section before it is rendered: the current route's section in parallel
 * with the auth check, the others when the browser is idle, so a click never waits on the
 * network. Skipped while a canary needs the user's identity to pick the version.
 */
export function preloadSection(remote: string): void {
  if (entries.has(remote) || dependsOnUser(remote)) return;
  try {
    sectionEntry(remote, 0);
  } catch {
    // No entry in remotes.json: the section shows its unavailable card when visited.
  }
}

function SectionUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  // Offline (a section never opened online is not cached): say what brings it back.
  const { online } = useOffline();
  return (
    <div className="page">
      <Card title={t('section.unavailableTitle')}>
        <p>{online ? t('section.unavailableText') : t('shell:offline.needsConnection')}</p>
        <button type="button" onClick={onRetry}>
          {t('buttons.retry')}
        </button>
      </Card>
    </div>
  );
}

/**
 * The one Suspense boundary for every section, mounted once around the routes. Because it
 * stays mounted, a navigation (a transition in react-router 7) keeps the current page on
 * screen until the next section has arrived, instead of flashing a fallback that React then
 * holds for at least 300 ms. Only the very first section of a page load shows the fallback.
 */
export function SectionSuspense({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return <Suspense fallback={<Loading label={t('section.loading')} />}>{children}</Suspense>;
}

/** Mounts one remote section (inside SectionSuspense); a section that fails never takes the shell down. */
export function RemoteSection({ remote }: { remote: string }) {
  // Keyed so that moving between two sections never carries one section's failure into the other.
  return <SectionLoader key={remote} remote={remote} />;
}

/**
 * While a canary of this remote runs, the user's bucket decides the version: wait until
 * GET api/user has answered (logged in: user id; logged out: the browser's random id).
 * Once a section is loaded it stays at its version until the next page load.
 */
function useRolloutIdentityReady(remote: string): boolean {
  const needed = !entries.has(remote) && dependsOnUser(remote);
  const { data, isSuccess, isError } = useGetUserQuery(undefined, { skip: !needed });
  if (!needed) return true;
  if (!isSuccess && !isError) return false;
  setRolloutUser(data?.id);
  return true;
}

/** Tells listeners (telemetry) that a section's first render committed or that its boundary caught something. */
function announce(what: 'mount' | 'error', detail: { remote: string; error?: unknown; loaded?: boolean }): void {
  dispatchEvent(new CustomEvent(`lager:section-${what}`, { detail }));
}

/** Rendered after the section's content: its effect runs once that content is committed. */
function Mounted({ remote }: { remote: string }) {
  useEffect(() => announce('mount', { remote }), [remote]);
  return null;
}

function SectionLoader({ remote }: { remote: string }) {
  const { t } = useTranslation('common');
  const [attempt, setAttempt] = useState(() => entries.get(remote)?.attempt ?? 0);
  const identityReady = useRolloutIdentityReady(remote);
  // A section that failed to arrive (offline) is loaded again when the browser is back online and
  // at the next navigation, without Retry or a reload (issue 38).
  const retryKey = useRetryKey();
  const seenKey = useRef(retryKey);
  useEffect(() => {
    if (seenKey.current === retryKey) return;
    seenKey.current = retryKey;
    // Worked out here, not in an updater: React may apply an updater again after a suspended render.
    const failed = entries.get(remote);
    if (failed?.failed) setAttempt(failed.attempt + 1);
  }, [retryKey, remote]);
  if (!identityReady) return <Loading label={t('section.loading')} />;
  const entry = sectionEntry(remote, attempt);
  if (!entry.resolved && !entry.awaited) {
    entry.awaited = true;
    trackSectionLoad(entry.promise);
  }
  // A section that already arrived renders at once: no Suspense fallback, no flash.
  const Component = entry.resolved ?? entry.lazy;
  return (
    <SectionErrorBoundary
      key={attempt}
      fallback={(retry) => <SectionUnavailable onRetry={retry} />}
      onRetry={() => setAttempt((a) => a + 1)}
      onError={(error) => announce('error', { remote, error, loaded: !!entry.resolved })}
    >
      <Component />
      <Mounted remote={remote} />
    </SectionErrorBoundary>
  );
}

import { Card, Loading, useGetUserQuery } from '@lager/shared';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dependsOnUser, registerSection, setRolloutUser } from './remotes-manifest';
import { SectionErrorBoundary } from './SectionErrorBoundary';

type Section = LazyExoticComponent<ComponentType>;
const loaded = new Map<string, { attempt: number; component: Section }>();

/** Drops every cached section component (a new remotes manifest, or a fresh test). */
export function forgetLoadedSections(): void {
  loaded.clear();
}

async function loadSection(remote: string, attempt: number): Promise<{ default: ComponentType }> {
  const id = registerSection(remote, attempt > 0);
  const mod = await loadRemote<{ default: ComponentType }>(id);
  if (!mod?.default) throw new Error(`${id} did not load`);
  return mod;
}

/** React.lazy keeps a rejection forever, so each attempt gets a lazy component of its own. */
function sectionComponent(remote: string, attempt: number): Section {
  const cached = loaded.get(remote);
  if (cached && cached.attempt === attempt) return cached.component;
  const component = lazy(() => loadSection(remote, attempt));
  loaded.set(remote, { attempt, component });
  return component;
}

export function SectionUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="page">
      <Card title={t('section.unavailableTitle')}>
        <p>{t('section.unavailableText')}</p>
        <button type="button" onClick={onRetry}>
          {t('buttons.retry')}
        </button>
      </Card>
    </div>
  );
}

/** Mounts one remote section; a section that fails never takes the shell down. */
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
  const needed = !loaded.has(remote) && dependsOnUser(remote);
  const { data, isSuccess, isError } = useGetUserQuery(undefined, { skip: !needed });
  if (!needed) return true;
  if (!isSuccess && !isError) return false;
  setRolloutUser(data?.id);
  return true;
}

function SectionLoader({ remote }: { remote: string }) {
  const { t } = useTranslation('common');
  const [attempt, setAttempt] = useState(() => loaded.get(remote)?.attempt ?? 0);
  const identityReady = useRolloutIdentityReady(remote);
  if (!identityReady) return <Loading label={t('section.loading')} />;
  const Component = sectionComponent(remote, attempt);
  return (
    <SectionErrorBoundary
      key={attempt}
      fallback={(retry) => <SectionUnavailable onRetry={retry} />}
      onRetry={() => setAttempt((a) => a + 1)}
    >
      <Suspense fallback={<Loading label={t('section.loading')} />}>
        <Component />
      </Suspense>
    </SectionErrorBoundary>
  );
}

import { useAuth, usePermissions } from '@lager/shared';
import { useEffect, useState } from 'react';
import { useOffline } from '../offline';
import { slotExtensions } from './installed-sections';
import { SectionExtension } from './SectionExtension';

function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    addEventListener('load', done, { once: true });
    return () => removeEventListener('load', done);
  }, [loaded]);
  return loaded;
}

/**
 * A sender whose code did not arrive is tried again after these delays (the last repeats) while
 * bookings wait, besides going online and navigating (issue 38: it was never tried again and the
 * bookings waited until a reload). The first `online` event can come before the network really
 * answers, and a network that drops without the browser noticing sends no `online` at all.
 */
const RETRY_MS = [2_000, 5_000, 10_000, 30_000];

function useTicks(active: boolean): number {
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const next = (n: number) => {
      timer = setTimeout(
        () => {
          setTicks((t) => t + 1);
          next(n + 1);
        },
        RETRY_MS[Math.min(n, RETRY_MS.length - 1)],
      );
    };
    next(0);
    return () => clearTimeout(timer);
  }, [active]);
  return ticks;
}

/**
 * The sections' `outbox` slot (offline spec §2: bookings made offline are sent at app start and
 * when the connection is back, from whatever page the app is on): each sender is mounted once the
 * page has loaded, while the browser is online and the signed-in user has entries waiting. The
 * shell knows no section: it reads the count the section publishes (`lager.outbox.pending`) and
 * loads the module the manifest names, so a first load with nothing waiting fetches nothing more.
 */
export function OutboxSenders() {
  const { user } = useAuth();
  const { permissions } = usePermissions();
  const { online, pending } = useOffline();
  const loaded = usePageLoaded();
  const active = !!user && online && loaded && (pending[user.id] ?? 0) > 0;
  const retry = useTicks(active);
  if (!active) return null;
  return (
    <>
      {slotExtensions('outbox', permissions).map((ext) => (
        <SectionExtension
          key={`${ext.remote}:${ext.module}`}
          remote={ext.remote}
          module={ext.module}
          hidden
          retry={retry}
        />
      ))}
    </>
  );
}

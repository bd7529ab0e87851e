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
  if (!user || !online || !loaded || !((pending[user.id] ?? 0) > 0)) return null;
  return (
    <>
      {slotExtensions('outbox', permissions).map((ext) => (
        <SectionExtension key={`${ext.remote}:${ext.module}`} remote={ext.remote} module={ext.module} hidden />
      ))}
    </>
  );
}

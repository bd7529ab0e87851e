import { useAuth } from '@lager/shared';
import { lazy, Suspense } from 'react';
import { useForgetSignedOutUser } from './forget-user';
import { useOffline } from './state';

const OfflineBarView = lazy(() => import('./OfflineBarView'));

/**
 * Under the header: the offline banner, the number of bookings waiting to be sent and the offer
 * of a new version. The offer only reloads when the user takes it — never over a form with input.
 * Its markup and texts load only when there is something to show (the service worker has them
 * precached for an offline start).
 */
export function OfflineBar() {
  const { user } = useAuth();
  const { online, update, pending, logoutPrompt } = useOffline();
  useForgetSignedOutUser();
  const waiting = user ? (pending[user.id] ?? 0) : 0;
  if (online && !update && !waiting && !logoutPrompt) return null;
  return (
    <Suspense fallback={null}>
      <OfflineBarView waiting={waiting} />
    </Suspense>
  );
}

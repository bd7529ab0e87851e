import { ChunkBoundary, lazyRetry, useAuth } from '@lager/shared';
import { useForgetSignedOutUser } from './forget-user';
import { useOffline } from './state';

// Precached by the worker; should it still not arrive, it is left out and tried again (issue 38).
const OfflineBarView = lazyRetry(() => import('./OfflineBarView'));

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
    <ChunkBoundary failed={() => null}>
      <OfflineBarView waiting={waiting} />
    </ChunkBoundary>
  );
}

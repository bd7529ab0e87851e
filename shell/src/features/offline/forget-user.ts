import { isApiError, useGetUserQuery } from '@lager/shared';
import { useEffect } from 'react';
import { clearUserData } from './clear-user';

const LAST_USER = 'lager.offline.user';

/**
 * Spec §1: when the server says nobody is signed in (a 401 from `GET api/user`, or the logged-out
 * answer), the last user's cached answers and article index go. Their outbox stays (it belongs to
 * that user alone and is sent after they log in again); an offline start (no answer) changes nothing.
 */
export function useForgetSignedOutUser(): void {
  const { data, error } = useGetUserQuery();
  const signedOut = data === null || (isApiError(error) && error.status === 401);
  const userId = data?.id;
  useEffect(() => {
    if (userId !== undefined) localStorage.setItem(LAST_USER, String(userId));
    const last = localStorage.getItem(LAST_USER);
    if (signedOut && last) {
      localStorage.removeItem(LAST_USER);
      void clearUserData(last, { outbox: false });
    }
  }, [userId, signedOut]);
}

import {
  Alert,
  AuthHeldProvider,
  authStatusOf,
  fetchCsrfCookie,
  isApiError,
  keepOnlyDraftsOf,
  Loading,
  sharedApi,
  useAppDispatch,
  useGetUserPermissionsQuery,
  useGetUserQuery,
} from '@lager/shared';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionSync } from './use-session-sync';

/**
 * Resolves the login state once at start (spec §4): the anti-forgery cookie first, then
 * `GET api/user`, then a refresh of the cached permissions. Until the state is known the
 * user sees a loading screen, never a page that the guard would take away again.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const [csrfReady, setCsrfReady] = useState(false);
  const dispatch = useAppDispatch();

  useEffect(() => {
    let live = true;
    fetchCsrfCookie()
      .then(async (signedIn) => {
        // Nobody is signed in: GET api/user could only answer 401, a red line in the browser console.
        if (signedIn === false) await dispatch(sharedApi.util.upsertQueryData('getUser', undefined, null));
      })
      // Handled: without the cookie the first write fetches it again; GET api/user decides the state.
      .catch(() => undefined)
      .finally(() => {
        if (live) setCsrfReady(true);
      });
    return () => {
      live = false;
    };
  }, [dispatch]);

  const { data, error, isError, refetch, isFetching } = useGetUserQuery(undefined, { skip: !csrfReady });
  const status = authStatusOf(data, isError);
  // The page below mounts in a background render once the state is known: React renders it in slices of a few
  // milliseconds (the loading screen stays until the page is complete) instead of one long task after the answer.
  const pageReady = useDeferredValue(status !== 'unknown');
  useGetUserPermissionsQuery(undefined, { skip: status !== 'verified' });
  // Drafts are per user: whoever signs in never sees what someone else left on this browser.
  const userId = data?.id;
  useSessionSync(userId);
  useEffect(() => {
    if (userId !== undefined) keepOnlyDraftsOf(userId);
  }, [userId]);

  // 401 means logged out; no answer at all or a server failure means we do not know yet.
  const unreachable = isError && data === undefined && isApiError(error) && (error.status === 0 || error.status >= 500);
  if (unreachable) {
    return (
      <div className="app-start" role="alert">
        <Alert kind="error">{t('start.unreachable')}</Alert>
        <button type="button" onClick={() => void refetch()} disabled={isFetching}>
          {t('common:buttons.retry')}
        </button>
      </div>
    );
  }
  if (status === 'unknown' || !pageReady) {
    return (
      <div className="app-start">
        <Loading label={t('start.loading')} />
      </div>
    );
  }
  return <AuthHeldProvider value={true}>{children}</AuthHeldProvider>;
}

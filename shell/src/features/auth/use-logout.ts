import {
  announceSession,
  browser,
  clearAllDrafts,
  DELAYS,
  markLoggedOut,
  namedRoutes,
  useAppDispatch,
  useAuth,
  useLogoutMutation,
} from '@lager/shared';
import { useNavigate } from 'react-router-dom';
import { clearUserData, pendingOf, setOffline } from '../offline';

/**
 * Spec §4: logout goes to /login and reloads after 100 ms. The cached user is cleared first
 * so the guard lets /login through; the reload then starts the app afresh, logged out.
 * Every draft goes too: the next person on this browser starts with empty forms, and so does what
 * works offline (cached answers, article index, outbox) — bookings still waiting are discarded
 * only after the user confirmed it twice (offline spec §3).
 */
export function useLogout() {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user } = useAuth();

  const run = async () => {
    const waiting = pendingOf(user?.id);
    if (waiting > 0) {
      const discard = await new Promise<boolean>((answer) => setOffline({ logoutPrompt: { count: waiting, answer } }));
      if (!discard) return;
    }
    try {
      await logout().unwrap();
      clearAllDrafts();
      if (user) await clearUserData(user.id, { outbox: true });
      await dispatch(markLoggedOut());
      // The other tabs follow at once (useSessionSync), not at their next request.
      announceSession({ type: 'logout' });
    } catch {
      // Handled: the reload below shows the real state; there is no message in the spec's catalogue.
    }
    navigate(namedRoutes.login());
    // Not useDelayed: the reload belongs to the app, not to the menu that happened to start it.
    window.setTimeout(() => browser.reload(), DELAYS.logoutReload);
  };
  return { logout: run, busy: isLoading };
}

import {
  browser,
  clearAllDrafts,
  DELAYS,
  markLoggedOut,
  namedRoutes,
  useAppDispatch,
  useLogoutMutation,
} from '@lager/shared';
import { useNavigate } from 'react-router-dom';

/**
 * Spec §4: logout goes to /login and reloads after 100 ms. The cached user is cleared first
 * so the guard lets /login through; the reload then starts the app afresh, logged out.
 * Every draft goes too: the next person on this browser starts with empty forms.
 */
export function useLogout() {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const run = async () => {
    try {
      await logout().unwrap();
      clearAllDrafts();
      await dispatch(markLoggedOut());
    } catch {
      // Handled: the reload below shows the real state; there is no message in the spec's catalogue.
    }
    navigate(namedRoutes.login());
    // Not useDelayed: the reload belongs to the app, not to the menu that happened to start it.
    window.setTimeout(() => browser.reload(), DELAYS.logoutReload);
  };
  return { logout: run, busy: isLoading };
}

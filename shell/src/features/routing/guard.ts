import type { AuthStatus } from '@lager/shared';
import { type RouteName, routePatterns } from '@lager/shared';
import { matchRoute, routeTable } from './route-table';

export type KnownAuthStatus = Exclude<AuthStatus, 'unknown'>;

/** Query parameters a route cannot work without (spec §2): missing one sends the user to `/`. */
const requiredQuery: Partial<Record<RouteName, string[]>> = {
  resetpassword: ['token', 'email'],
  emailverify: ['expires', 'signature'],
};

function hasRequiredQuery(name: RouteName, search: string): boolean {
  const params = new URLSearchParams(search);
  return (requiredQuery[name] ?? []).every((key) => !!params.get(key));
}

/** Where a route sends a user in this login state, or null when they may stay. */
function accessRedirect(name: RouteName, status: KnownAuthStatus): string | null {
  const { access } = routeTable[name];
  if (access === 'public') return null;
  if (status === 'loggedOut') {
    // Home is not among the pages a logged-out user may reach: it goes to /login like everything else.
    return access === 'guest' && name !== 'home' ? null : routePatterns.login;
  }
  if (status === 'unverified') return access === 'account' ? null : routePatterns.user;
  return access === 'guest' ? routePatterns.dashboard : null;
}

/**
 * The route guard of spec §2 as one pure function: unknown paths and routes missing their
 * required query go to `/`, which the guard then resolves for the login state, so the
 * user ends up where they belong in one redirect.
 */
export function guardRedirect(pathname: string, search: string, status: KnownAuthStatus): string | null {
  const name = matchRoute(pathname);
  if (!name || !hasRequiredQuery(name, search)) return accessRedirect('home', status) ?? routePatterns.home;
  return accessRedirect(name, status);
}

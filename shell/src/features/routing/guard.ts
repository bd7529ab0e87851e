import type { AuthStatus } from '@lager/shared';
import { hasAnyPermission, loginPath, returnPathFrom, routePatterns, SESSION_ENDED } from '@lager/shared';
import { matchRoute, type RouteEntry } from './route-table';

export type KnownAuthStatus = Exclude<AuthStatus, 'unknown'>;

function hasRequiredQuery(route: RouteEntry, search: string): boolean {
  const params = new URLSearchParams(search);
  return route.query.every((key) => !!params.get(key));
}

/** Where `/` (and every path the product does not have) sends each login state (spec §2). */
function startPage(status: KnownAuthStatus): string {
  if (status === 'loggedOut') return routePatterns.login;
  return status === 'unverified' ? routePatterns.user : routePatterns.dashboard;
}

/** Whether a user in this state, holding these permissions, may stay on the route. */
export function mayVisit(route: RouteEntry, status: KnownAuthStatus, permissions: readonly string[]): boolean {
  return accessRedirect(route, status, permissions) === null;
}

/** Where a route sends a user in this login state, or null when they may stay. */
function accessRedirect(route: RouteEntry, status: KnownAuthStatus, permissions: readonly string[]): string | null {
  if (route.owner === 'shell' && route.path === '/') return startPage(status);
  const { access } = route;
  if (access === 'public') return null;
  if (status === 'loggedOut') return access === 'guest' ? null : routePatterns.login;
  if (status === 'unverified') return access === 'account' ? null : routePatterns.user;
  if (access === 'guest') return routePatterns.dashboard;
  // A page the user lacks the permission for is, to them, a page the product does not have.
  if (route.permissions.length && !hasAnyPermission(permissions, route.permissions)) return startPage(status);
  return null;
}

/**
 * The route guard of spec §2 as one pure function: unknown paths and routes missing their
 * required query go to the start page of the login state, so the user ends up where they
 * belong in one redirect. The table comes from the manifest's section descriptions.
 *
 * A page that needs a login sends a logged-out user to `/login?next=<that page>` (plus
 * `reason=session-ended` when `sessionEnded`: the session ended while they were here); once
 * logged in, the login page sends them on to `next` instead of their start page. Only a
 * same-origin path is ever followed (`safeReturnPath`): no open redirect.
 */
export function guardRedirect(
  pathname: string,
  search: string,
  status: KnownAuthStatus,
  permissions: readonly string[] = [],
  routes?: readonly RouteEntry[],
  { sessionEnded = false }: { sessionEnded?: boolean } = {},
): string | null {
  const route = matchRoute(pathname, routes);
  if (!route || !hasRequiredQuery(route, search)) return startPage(status);
  const target = accessRedirect(route, status, permissions);
  if (target === null) return null;
  if (status === 'loggedOut' && target === routePatterns.login) {
    return loginPath(pathname + search, sessionEnded ? SESSION_ENDED : undefined);
  }
  if (status !== 'loggedOut' && route.access === 'guest') return returnPathFrom(search) ?? target;
  return target;
}

import { type RouteName, routePatterns } from '@lager/shared';
import { matchPath } from 'react-router-dom';

/** Who renders a route: the shell itself or one of the remotes (rsbuild.config.ts names). */
export type RouteOwner = 'shell' | 'remote-account' | 'remote-info' | 'remote-user-admin' | 'remote-warehouse-admin';

/**
 * Which login states may see a route (spec §2, route guard):
 * - `public`: the info pages, reachable in every state;
 * - `guest`: login, register, forgotpassword, reset-password (and home): logged out only;
 * - `account`: /user and e-mail verify: any logged-in user;
 * - `verified`: everything else: logged in and verified.
 */
export type RouteAccess = 'public' | 'guest' | 'account' | 'verified';

interface RouteInfo {
  owner: RouteOwner;
  access: RouteAccess;
}

const account = (access: RouteAccess): RouteInfo => ({ owner: 'remote-account', access });
const info: RouteInfo = { owner: 'remote-info', access: 'public' };
const userAdmin: RouteInfo = { owner: 'remote-user-admin', access: 'verified' };
const warehouseAdmin: RouteInfo = { owner: 'remote-warehouse-admin', access: 'verified' };
const shell: RouteInfo = { owner: 'shell', access: 'verified' };

/** Every path of spec §2, mapped to its owner and access class. Anything else is unknown (→ `/`). */
export const routeTable: Record<RouteName, RouteInfo> = {
  home: account('guest'),
  login: account('guest'),
  register: account('guest'),
  forgotpassword: account('guest'),
  resetpassword: account('guest'),
  user: account('account'),
  emailverify: account('account'),
  info,
  about: info,
  agb: info,
  privacypolicy: info,
  dashboard: shell,
  warehouse: shell,
  admin: shell,
  useradmin: userAdmin,
  inviteuser: userAdmin,
  removeuser: userAdmin,
  userroles: userAdmin,
  newrole: userAdmin,
  assignrole: userAdmin,
  editrole: userAdmin,
  invitation: userAdmin,
  warehouseadmin: warehouseAdmin,
  newwarehouse: warehouseAdmin,
  mywarehouse: warehouseAdmin,
  editwarehouse: warehouseAdmin,
  guestwarehouse: warehouseAdmin,
};

const names = Object.keys(routePatterns) as RouteName[];

/** The named route a path belongs to, or undefined for a path the product does not have. */
export function matchRoute(pathname: string): RouteName | undefined {
  return names.find((name) => matchPath(routePatterns[name], pathname) !== null);
}

import { hasAnyPermission } from '@lager/shared';
import { type Labels, permissionList } from '@lager/shared/sections';
import { getInstalledSections } from '../remotes';
import { getRouteTable, type KnownAuthStatus, matchRoute, mayVisit, type RouteEntry } from '../routing';

export interface HeaderLink {
  path: string;
  order: number;
  /** A translation key (`ns:key`) or labels per language. */
  labelKey?: string;
  label?: Labels;
  permissions: string[];
}

/** The shell's own header links; sections place theirs around them by `order` (README). */
const SHELL_LINKS: HeaderLink[] = [
  { path: '/warehouse', order: 20, labelKey: 'shell:nav.warehouse', permissions: [] },
  { path: '/admin', order: 30, labelKey: 'shell:nav.admin', permissions: [] },
];

/**
 * Every header link of the manifest's sections and the shell, in order. A link is shown when
 * the guard would let the user stay on its page and they hold its permission, so a link
 * never leads to a redirect.
 */
export function headerLinks(status: KnownAuthStatus, permissions: readonly string[]): HeaderLink[] {
  const routes = getRouteTable();
  const fromSections = getInstalledSections().flatMap((section) =>
    (section.nav ?? []).flatMap((link): HeaderLink[] => {
      const route: RouteEntry | undefined = matchRoute(link.path, routes);
      // A link to a route another section won (overlap) is not this section's to show.
      if (route?.owner !== section.remote) return [];
      const linkPermissions = link.permission === undefined ? route.permissions : permissionList(link.permission);
      return [{ ...link, permissions: linkPermissions }];
    }),
  );
  return [...SHELL_LINKS, ...fromSections]
    .filter((link) => {
      const route = matchRoute(link.path, routes);
      if (!route || !mayVisit(route, status, permissions)) return false;
      return link.permissions.length === 0 || hasAnyPermission(permissions, link.permissions);
    })
    .sort((a, b) => a.order - b.order);
}

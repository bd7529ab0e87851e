import { type AccessClass, permissionList, type SectionRoute } from '@lager/shared/sections';
import { matchPath } from 'react-router-dom';
import { getInstalledSections, type InstalledSection } from '../remotes';

/** Who renders a route: the shell itself or the remote (manifest name) whose description claims it. */
type RouteOwner = 'shell' | (string & {});

/**
 * Which login states may see a route (spec §2, route guard):
 * - `public`: the info pages, reachable in every state;
 * - `guest`: login, register, forgotpassword, reset-password: logged out only;
 * - `account`: /user and e-mail verify: any logged-in user;
 * - `verified`: everything else: logged in and verified.
 */
type RouteAccess = AccessClass;

export interface RouteEntry {
  owner: RouteOwner;
  path: string;
  access: RouteAccess;
  /** Any one of these is needed (verified routes only); empty: no permission needed. */
  permissions: string[];
  /** Query parameters the route cannot work without. */
  query: string[];
  /** Top-level pages have no back button (spec §2). */
  topLevel: boolean;
  name?: string;
}

/**
 * The shell's own pages. `/` is the shell's too: nobody stays there, the guard sends every
 * login state to its start page (guard.ts).
 */
const SHELL_ROUTES: readonly RouteEntry[] = [
  { owner: 'shell', name: 'home', path: '/', access: 'public', permissions: [], query: [], topLevel: true },
  ...(['dashboard', 'warehouse', 'admin'] as const).map(
    (name): RouteEntry => ({
      owner: 'shell',
      name,
      path: `/${name}`,
      access: 'verified',
      permissions: [],
      query: [],
      topLevel: true,
    }),
  ),
];

function entryOf(owner: string, route: SectionRoute): RouteEntry {
  return {
    owner,
    path: route.path,
    access: route.access,
    permissions: permissionList(route.permission),
    query: route.query ?? [],
    topLevel: route.topLevel ?? false,
    ...(route.name ? { name: route.name } : {}),
  };
}

const segments = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string) => segment.startsWith(':');

/** Two patterns overlap when some path matches both (`/stock/:id` and `/stock/new` do). */
export function patternsOverlap(a: string, b: string): boolean {
  const left = segments(a);
  const right = segments(b);
  return left.length === right.length && left.every((s, i) => s === right[i] || isParam(s) || isParam(right[i]!));
}

/** Same segments, parameters named alike or not (`/a/:id` and `/a/:key` are one pattern). */
const samePattern = (a: string, b: string) => {
  const left = segments(a);
  const right = segments(b);
  return left.length === right.length && left.every((s, i) => s === right[i] || (isParam(s) && isParam(right[i]!)));
};

/**
 * The route table: the shell's pages first, then every section's routes in manifest order.
 * A pattern that overlaps one of another owner declared earlier is dropped with a warning, so
 * the first declaration always wins, whatever order react-router would rank them in. Inside one
 * section, `/stock/articles/new` next to `/stock/articles/:id` is fine (only a repeated pattern
 * is dropped): the section's own router ranks the static segment first, and `matchRoute` does too.
 */
export function buildRouteTable(sections: readonly InstalledSection[]): { routes: RouteEntry[]; warnings: string[] } {
  const routes: RouteEntry[] = [...SHELL_ROUTES];
  const warnings: string[] = [];
  for (const section of sections) {
    for (const route of section.routes) {
      const earlier = routes.find((r) =>
        r.owner === section.remote ? samePattern(r.path, route.path) : patternsOverlap(r.path, route.path),
      );
      if (earlier) {
        warnings.push(
          `[lager] ${section.remote}: route ${route.path} overlaps ${earlier.path} of ${earlier.owner}, which was declared first and wins`,
        );
        continue;
      }
      routes.push(entryOf(section.remote, route));
    }
  }
  return { routes, warnings };
}

let built: { from: readonly InstalledSection[]; routes: RouteEntry[] } | undefined;

/** The table for the sections read at start (rebuilt only when they change, e.g. between tests). */
export function getRouteTable(): RouteEntry[] {
  const sections = getInstalledSections();
  if (built?.from !== sections) {
    const { routes, warnings } = buildRouteTable(sections);
    for (const warning of warnings) console.warn(warning);
    built = { from: sections, routes };
  }
  return built.routes;
}

const staticSegments = (path: string) => segments(path).filter((s) => !isParam(s)).length;

/**
 * The route a path belongs to, or undefined for a path the product does not have. Of a section's
 * overlapping patterns the one with more fixed segments wins (`/stock/articles/new` over `…/:id`).
 */
export function matchRoute(pathname: string, routes: readonly RouteEntry[] = getRouteTable()): RouteEntry | undefined {
  let best: RouteEntry | undefined;
  for (const route of routes) {
    if (matchPath(route.path, pathname) === null) continue;
    if (!best || staticSegments(route.path) > staticSegments(best.path)) best = route;
  }
  return best;
}

/**
 * The page one level up: the longest leading part of `pathname` that is a page of its own
 * (`/admin/user/roles/edit/4` → `/admin/user/roles`); `/` when none is.
 */
export function parentPath(pathname: string, routes: readonly RouteEntry[] = getRouteTable()): string {
  const parts = segments(pathname);
  for (let length = parts.length - 1; length > 0; length -= 1) {
    const candidate = `/${parts.slice(0, length).join('/')}`;
    if (matchRoute(candidate, routes)) return candidate;
  }
  return '/';
}

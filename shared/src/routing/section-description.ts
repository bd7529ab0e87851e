/**
 * What a section tells the shell about itself: published with every build as `section.json`
 * (from the `section.json` in the remote's folder) and copied into the runtime manifest by
 * `npm run rollout`/`promote`. The shell builds its route table, guard, header links and
 * dashboard cards from these descriptions at start; it knows no section at build time.
 *
 * Plain data and one validator, no React and no router: `scripts/deploy.mjs` runs the same
 * validation before publishing, so a broken description never reaches users.
 */

/**
 * Which login states may see a route (spec §2, route guard):
 * - `public`: reachable in every state;
 * - `guest`: logged out only (login, register, …);
 * - `account`: any logged-in user, verified or not;
 * - `verified`: logged in and verified (everything else).
 */
export type AccessClass = 'public' | 'guest' | 'account' | 'verified';
export const ACCESS_CLASSES: readonly AccessClass[] = ['public', 'guest', 'account', 'verified'];

/** One permission, or several of which any one is enough (spec §6). */
export type PermissionRequirement = string | string[];

export interface SectionRoute {
  /** A react-router pattern without splat, e.g. `/stock` or `/stock/item/:id`. */
  path: string;
  access: AccessClass;
  /** Only for `verified` routes: a verified user without it is sent to `/` like for an unknown path. */
  permission?: PermissionRequirement;
  /** Query parameters the page cannot work without; missing one sends the user to `/`. */
  query?: string[];
  /** A top-level page: no back button. */
  topLevel?: boolean;
  /** A stable name other shell code may refer to (the seed's named routes, e.g. `login`). */
  name?: string;
}

/** Per language, e.g. `{ "de": "Bestand", "en": "Stock" }`; German is the fallback. */
export type Labels = Record<string, string>;

export interface SectionNavLink {
  /** One of the section's own routes without parameters. */
  path: string;
  /** Labels per language (a new section's own namespace is not loaded before its code). */
  label?: Labels;
  /** Or a key in a namespace the shell has loaded at start, e.g. `shell:nav.info`. */
  labelKey?: string;
  /** Position in the header: shell links use 20 (warehouse) and 30 (administration). */
  order: number;
  /** Shown only to users holding it (default: the route's own permission). */
  permission?: PermissionRequirement;
}

export interface SlotExtension {
  /** An exposed module of the remote, e.g. `./StockCard`, whose default export is a component. */
  module: string;
  order?: number;
  permission?: PermissionRequirement;
}

/**
 * Shell slots a section can contribute to:
 * - `dashboard`: cards on the dashboard;
 * - `outbox`: a component that renders nothing and sends what the section kept on the device
 *   (remote-stock's offline bookings). The shell mounts it on every page, after the page has
 *   loaded, while the browser is online and the signed-in user has entries waiting — the count
 *   the section publishes in localStorage `lager.outbox.pending` (`{ "<user id>": n }`, event
 *   `lager:outbox`) — so no first load pays for it when nothing waits.
 */
export type SlotName = 'dashboard' | 'outbox';
export const SLOT_NAMES: readonly SlotName[] = ['dashboard', 'outbox'];

export interface SectionDescription {
  /** The federation container name (a JS identifier), e.g. `remote_stock`. */
  scope: string;
  /** The exposed component with the section's nested <Routes>, e.g. `./StockRoutes`. */
  module: string;
  /** Where the shell mounts that component, e.g. `/stock/*`: its routes are relative to it. */
  mounts: string[];
  routes: SectionRoute[];
  nav?: SectionNavLink[];
  slots?: Partial<Record<SlotName, SlotExtension[]>>;
}

export type Validation = { ok: true; value: SectionDescription } | { ok: false; errors: string[] };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const MODULE = /^\.\/[\w-]+$/;
/** Static segments and `:params`; no splats, no optional segments, no trailing slash. */
const ROUTE_PATH = /^\/(?:(?:[\w.-]+|:[A-Za-z_]\w*)(?:\/(?:[\w.-]+|:[A-Za-z_]\w*))*)?$/;
const MOUNT = /^\/(?:[\w.-]+\/)*\*$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function checkPermission(value: unknown, where: string, errors: string[]): void {
  if (value === undefined) return;
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every(isNonEmptyString)) {
    errors.push(`${where}.permission must be a permission name or a non-empty list of them`);
  }
}

/** True when `path` lies under `mount` (`/stock/*` holds `/stock` and `/stock/item/:id`). */
export function mountHolds(mount: string, path: string): boolean {
  const base = mount.replace(/\/?\*$/, '');
  return base === '' || path === base || path.startsWith(`${base}/`);
}

function checkRoute(route: unknown, i: number, mounts: string[], errors: string[]): void {
  const where = `routes[${i}]`;
  if (!isObject(route)) {
    errors.push(`${where} must be an object`);
    return;
  }
  const { path, access, query, topLevel, name } = route;
  if (typeof path !== 'string' || !ROUTE_PATH.test(path)) {
    errors.push(`${where}.path must be a route pattern like /stock or /stock/:id (got ${JSON.stringify(path)})`);
  } else if (!mounts.some((m) => mountHolds(m, path))) {
    errors.push(`${where}.path ${path} lies outside the section's mounts (${mounts.join(', ')})`);
  }
  if (!ACCESS_CLASSES.includes(access as AccessClass)) {
    errors.push(`${where}.access must be one of ${ACCESS_CLASSES.join(', ')} (got ${JSON.stringify(access)})`);
  }
  checkPermission(route.permission, where, errors);
  if (route.permission !== undefined && access !== 'verified') {
    errors.push(`${where}: a permission only applies to verified routes`);
  }
  if (query !== undefined && (!Array.isArray(query) || !query.every(isNonEmptyString))) {
    errors.push(`${where}.query must be a list of parameter names`);
  }
  if (topLevel !== undefined && typeof topLevel !== 'boolean') errors.push(`${where}.topLevel must be true or false`);
  if (name !== undefined && !isNonEmptyString(name)) errors.push(`${where}.name must be a non-empty string`);
}

function checkNav(link: unknown, i: number, routes: unknown[], errors: string[]): void {
  const where = `nav[${i}]`;
  if (!isObject(link)) {
    errors.push(`${where} must be an object`);
    return;
  }
  const ownPaths = routes.filter(isObject).map((r) => r.path);
  if (typeof link.path !== 'string' || link.path.includes(':') || !ownPaths.includes(link.path)) {
    errors.push(`${where}.path must be one of the section's routes without parameters`);
  }
  const { label, labelKey } = link;
  const labelOk = isObject(label) && Object.keys(label).length > 0 && Object.values(label).every(isNonEmptyString);
  if (label === undefined ? !isNonEmptyString(labelKey) : !labelOk) {
    errors.push(`${where} needs label (text per language, e.g. {"de": "…", "en": "…"}) or labelKey`);
  }
  if (typeof link.order !== 'number' || !Number.isFinite(link.order)) errors.push(`${where}.order must be a number`);
  checkPermission(link.permission, where, errors);
}

function checkSlots(slots: unknown, errors: string[]): void {
  if (slots === undefined) return;
  if (!isObject(slots)) {
    errors.push('slots must be an object like {"dashboard": [...]}');
    return;
  }
  for (const [slot, list] of Object.entries(slots)) {
    if (!SLOT_NAMES.includes(slot as SlotName)) {
      errors.push(`slots.${slot} is not a shell slot (one of: ${SLOT_NAMES.join(', ')})`);
      continue;
    }
    if (!Array.isArray(list)) {
      errors.push(`slots.${slot} must be a list`);
      continue;
    }
    list.forEach((ext, i) => {
      const where = `slots.${slot}[${i}]`;
      if (!isObject(ext) || typeof ext.module !== 'string' || !MODULE.test(ext.module)) {
        errors.push(`${where}.module must name an exposed module like ./StockCard`);
        return;
      }
      if (ext.order !== undefined && (typeof ext.order !== 'number' || !Number.isFinite(ext.order))) {
        errors.push(`${where}.order must be a number`);
      }
      checkPermission(ext.permission, where, errors);
    });
  }
}

/** Checks a description from a manifest or a build; every problem is named, nothing is thrown. */
export function validateSectionDescription(value: unknown): Validation {
  const errors: string[] = [];
  if (!isObject(value)) return { ok: false, errors: ['the section description must be an object'] };
  const { scope, module, mounts, routes, nav } = value;
  if (typeof scope !== 'string' || !IDENTIFIER.test(scope))
    errors.push('scope must be a JS identifier like remote_stock');
  if (typeof module !== 'string' || !MODULE.test(module))
    errors.push('module must be an exposed module like ./StockRoutes');
  const mountList = Array.isArray(mounts) ? mounts : [];
  if (mountList.length === 0 || !mountList.every((m) => typeof m === 'string' && MOUNT.test(m))) {
    errors.push('mounts must be a non-empty list of patterns ending in /*, e.g. ["/stock/*"]');
  }
  if (!Array.isArray(routes) || routes.length === 0) {
    errors.push('routes must be a non-empty list');
  } else {
    const validMounts = mountList.filter((m): m is string => typeof m === 'string');
    routes.forEach((r, i) => {
      checkRoute(r, i, validMounts, errors);
    });
  }
  if (nav !== undefined) {
    if (!Array.isArray(nav)) errors.push('nav must be a list');
    else
      nav.forEach((link, i) => {
        checkNav(link, i, Array.isArray(routes) ? routes : [], errors);
      });
  }
  checkSlots(value.slots, errors);
  return errors.length ? { ok: false, errors } : { ok: true, value: value as unknown as SectionDescription };
}

/** The permission names of a requirement, for any-of checks. */
export function permissionList(requirement: PermissionRequirement | undefined): string[] {
  if (requirement === undefined) return [];
  return Array.isArray(requirement) ? requirement : [requirement];
}

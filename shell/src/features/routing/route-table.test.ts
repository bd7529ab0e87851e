import accountSection from '../../../../remote-account/section.json';
import infoSection from '../../../../remote-info/section.json';
import { sectionsFromManifest } from '../remotes';
import { guardRedirect } from './guard';
import { buildRouteTable, matchRoute, parentPath, patternsOverlap } from './route-table';

const stock = {
  scope: 'remote_stock',
  module: './StockRoutes',
  mounts: ['/stock/*'],
  routes: [
    { path: '/stock', access: 'verified', permission: 'view_stock', topLevel: true },
    { path: '/stock/item/:id', access: 'verified', permission: ['view_stock', 'edit_stock'] },
    { path: '/stock/help', access: 'public' },
  ],
  nav: [{ path: '/stock', label: { de: 'Bestand', en: 'Stock' }, order: 25 }],
  slots: { dashboard: [{ module: './StockCard', permission: 'view_stock' }] },
};
const entry = (section: unknown) => ({ stable: { section } });

function tableOf(remotes: Record<string, unknown>) {
  const { sections, warnings } = sectionsFromManifest(remotes as Record<string, { stable?: { section?: unknown } }>);
  const table = buildRouteTable(sections);
  return { sections, routes: table.routes, warnings: [...warnings, ...table.warnings] };
}

test('a valid description adds its routes with access class, permission and owner', () => {
  const { routes, warnings } = tableOf({ 'remote-info': entry(infoSection), 'remote-stock': entry(stock) });
  expect(warnings).toEqual([]);
  expect(matchRoute('/stock', routes)).toMatchObject({ owner: 'remote-stock', permissions: ['view_stock'] });
  expect(matchRoute('/stock/item/7', routes)).toMatchObject({ permissions: ['view_stock', 'edit_stock'] });
  expect(matchRoute('/info/about', routes)).toMatchObject({ owner: 'remote-info', access: 'public', topLevel: false });
  expect(matchRoute('/dashboard', routes)).toMatchObject({ owner: 'shell' });
  expect(matchRoute('/stock/nowhere', routes)).toBeUndefined();
});

test('the guard decides from the table: access class, then permission; unknown paths go to the start page', () => {
  const { routes } = tableOf({ 'remote-account': entry(accountSection), 'remote-stock': entry(stock) });
  const go = (path: string, status: 'loggedOut' | 'unverified' | 'verified', held: string[] = []) =>
    guardRedirect(path, '', status, held, routes);
  expect(go('/stock', 'loggedOut')).toBe('/login?next=%2Fstock');
  expect(go('/stock', 'unverified')).toBe('/user');
  expect(go('/stock', 'verified')).toBe('/dashboard');
  expect(go('/stock', 'verified', ['view_stock'])).toBeNull();
  expect(go('/stock/item/3', 'verified', ['edit_stock'])).toBeNull();
  expect(go('/stock/help', 'loggedOut')).toBeNull();
  expect(go('/login', 'loggedOut')).toBeNull();
  expect(go('/login', 'verified')).toBe('/dashboard');
  expect(go('/', 'verified')).toBe('/dashboard');
  // Without the section in the manifest its paths are unknown like any other.
  const { routes: without } = tableOf({ 'remote-account': entry(accountSection) });
  expect(guardRedirect('/stock', '', 'verified', ['view_stock'], without)).toBe('/dashboard');
  expect(guardRedirect('/stock', '', 'loggedOut', [], without)).toBe('/login');
});

test('issue 16/5: a page behind the login remembers itself; after login the login page continues there', () => {
  const { routes } = tableOf({ 'remote-account': entry(accountSection), 'remote-stock': entry(stock) });
  const go = (path: string, search: string, status: 'loggedOut' | 'unverified' | 'verified', held: string[] = []) =>
    guardRedirect(path, search, status, held, routes);
  expect(go('/stock/item/3', '?tab=2', 'loggedOut')).toBe('/login?next=%2Fstock%2Fitem%2F3%3Ftab%3D2');
  expect(guardRedirect('/stock', '', 'loggedOut', [], routes, { sessionEnded: true })).toBe(
    '/login?next=%2Fstock&reason=session-ended',
  );
  // Unknown paths and `/` are no place to come back to.
  expect(go('/', '', 'loggedOut')).toBe('/login');
  expect(go('/stock/nowhere', '', 'loggedOut')).toBe('/login');
  // Logged in on the login page: on to `next`, which the guard then checks like any other path.
  expect(go('/login', '?next=%2Fstock%2Fitem%2F3', 'verified')).toBe('/stock/item/3');
  expect(go('/login', '?next=%2Fstock&reason=session-ended', 'unverified')).toBe('/stock');
  expect(go('/stock', '', 'unverified')).toBe('/user');
  // Never off the site, never back to a logged-out page.
  for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/login']) {
    expect([next, go('/login', `?next=${encodeURIComponent(next)}`, 'verified')]).toEqual([next, '/dashboard']);
  }
  expect(go('/login', '?next=%2Fstock', 'loggedOut')).toBeNull();
});

test('issue 16/6: the parent page of a path is its longest leading part that is a page', () => {
  const { routes } = tableOf({ 'remote-account': entry(accountSection), 'remote-stock': entry(stock) });
  expect(parentPath('/stock/item/3', routes)).toBe('/stock');
  expect(parentPath('/stock/help', routes)).toBe('/stock');
  expect(parentPath('/dashboard', routes)).toBe('/');
  expect(parentPath('/nowhere/deep/path', routes)).toBe('/');
});

test.each([
  ['no description at all', undefined, /invalid description/],
  ['an unknown access class', { ...stock, routes: [{ path: '/stock', access: 'admins' }] }, /access must be one of/],
  ['a route outside its mounts', { ...stock, routes: [{ path: '/admin/x', access: 'verified' }] }, /outside/],
  [
    'a permission on a public route',
    { ...stock, routes: [{ path: '/stock', access: 'public', permission: 'x' }] },
    /only applies to verified/,
  ],
  ['a splat route', { ...stock, routes: [{ path: '/stock/*', access: 'verified' }] }, /route pattern/],
  ['a nav link without a label', { ...stock, nav: [{ path: '/stock', order: 1 }] }, /needs label/],
  ['a nav link to a foreign path', { ...stock, nav: [{ path: '/info', labelKey: 'x', order: 1 }] }, /nav\[0\]\.path/],
  ['an unknown slot', { ...stock, slots: { sidebar: [{ module: './X' }] } }, /not a shell slot/],
  ['a bad container name', { ...stock, scope: 'remote-stock' }, /scope must be a JS identifier/],
])('an entry with %s is skipped with a warning; the other sections stay', (_name, section, message) => {
  const { sections, routes, warnings } = tableOf({ 'remote-stock': entry(section), 'remote-info': entry(infoSection) });
  expect(sections.map((s) => s.remote)).toEqual(['remote-info']);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/^\[lager\] section remote-stock skipped: /);
  expect(warnings[0]).toMatch(message);
  expect(matchRoute('/stock', routes)).toBeUndefined();
  expect(matchRoute('/info', routes)?.owner).toBe('remote-info');
});

test('overlapping patterns: the first declared wins and the later one is dropped with a warning', () => {
  const intruder = {
    scope: 'remote_intruder',
    module: './Routes',
    mounts: ['/stock/*', '/dashboard/*', '/info/*'],
    routes: [
      { path: '/stock/:anything', access: 'public' }, // overlaps /stock/help of remote-stock
      { path: '/dashboard', access: 'public' }, // the shell's own page
      { path: '/info/:page', access: 'public' }, // overlaps /info/about, …
      { path: '/stock/extra/:id', access: 'public' }, // new: kept
    ],
  };
  const { routes, warnings } = tableOf({
    'remote-stock': entry(stock),
    'remote-intruder': entry(intruder),
    'remote-info': entry(infoSection),
  });
  expect(matchRoute('/stock/help', routes)?.owner).toBe('remote-stock');
  expect(matchRoute('/dashboard', routes)?.owner).toBe('shell');
  expect(matchRoute('/stock/extra/1', routes)?.owner).toBe('remote-intruder');
  // remote-intruder came before remote-info in the manifest, so /info/:page is its; /info/about of remote-info loses.
  expect(matchRoute('/info/about', routes)?.owner).toBe('remote-intruder');
  expect(warnings).toEqual([
    '[lager] remote-intruder: route /stock/:anything overlaps /stock/help of remote-stock, which was declared first and wins',
    '[lager] remote-intruder: route /dashboard overlaps /dashboard of shell, which was declared first and wins',
    '[lager] remote-info: route /info/about overlaps /info/:page of remote-intruder, which was declared first and wins',
    '[lager] remote-info: route /info/agb overlaps /info/:page of remote-intruder, which was declared first and wins',
    '[lager] remote-info: route /info/privacypolicy overlaps /info/:page of remote-intruder, which was declared first and wins',
  ]);
});

test('inside one section a fixed segment next to a parameter is kept and wins; a repeated pattern is dropped', () => {
  const articles = {
    scope: 'remote_articles',
    module: './Routes',
    mounts: ['/articles/*'],
    routes: [
      { path: '/articles/:id', access: 'verified', permission: 'view_stock' },
      { path: '/articles/new', access: 'verified', permission: 'manage_articles' },
      { path: '/articles/:key', access: 'public' },
    ],
  };
  const { routes, warnings } = tableOf({ 'remote-articles': entry(articles) });
  expect(matchRoute('/articles/new', routes)?.permissions).toEqual(['manage_articles']);
  expect(matchRoute('/articles/17', routes)?.permissions).toEqual(['view_stock']);
  expect(warnings).toEqual([
    '[lager] remote-articles: route /articles/:key overlaps /articles/:id of remote-articles, which was declared first and wins',
  ]);
});

test('two sections with the same container name: the second is skipped', () => {
  const { sections, warnings } = tableOf({ 'remote-stock': entry(stock), 'remote-copy': entry(stock) });
  expect(sections.map((s) => s.remote)).toEqual(['remote-stock']);
  expect(warnings).toEqual([
    '[lager] section remote-copy skipped: container name remote_stock is already used by remote-stock',
  ]);
});

test('patterns overlap when some path matches both', () => {
  expect(patternsOverlap('/stock/:id', '/stock/new')).toBe(true);
  expect(patternsOverlap('/stock/:id', '/stock')).toBe(false);
  expect(patternsOverlap('/a/:x/c', '/a/b/:y')).toBe(true);
  expect(patternsOverlap('/a/b', '/a/c')).toBe(false);
});

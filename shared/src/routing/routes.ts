/**
 * The route table of product spec §2, in one place so that every section links
 * with the same names. Patterns are react-router patterns; builders return paths.
 */
export const routePatterns = {
  home: '/',
  login: '/login',
  register: '/register',
  dashboard: '/dashboard',
  user: '/user',
  info: '/info',
  about: '/info/about',
  agb: '/info/agb',
  privacypolicy: '/info/privacypolicy',
  warehouse: '/warehouse',
  admin: '/admin',
  forgotpassword: '/forgotpassword',
  resetpassword: '/reset-password',
  emailverify: '/email/verify/:id/:hash',
  useradmin: '/admin/user',
  inviteuser: '/admin/user/invite',
  removeuser: '/admin/user/remove',
  userroles: '/admin/user/roles',
  newrole: '/admin/user/roles/new',
  assignrole: '/admin/user/roles/assign',
  editrole: '/admin/user/roles/edit/:role_id',
  invitation: '/invitations/:action/:token',
  warehouseadmin: '/admin/warehouse',
  newwarehouse: '/admin/warehouse/new',
  mywarehouse: '/admin/warehouse/my',
  editwarehouse: '/admin/warehouse/edit/:id',
  guestwarehouse: '/admin/warehouse/guest',
} as const;

export type RouteName = keyof typeof routePatterns;

const seg = (value: string | number) => encodeURIComponent(String(value));

/** Named routes (spec §2) → path builders, e.g. `namedRoutes.editwarehouse(7)` → `/admin/warehouse/edit/7`. */
export const namedRoutes = {
  home: () => routePatterns.home,
  login: () => routePatterns.login,
  register: () => routePatterns.register,
  dashboard: () => routePatterns.dashboard,
  user: () => routePatterns.user,
  info: () => routePatterns.info,
  about: () => routePatterns.about,
  agb: () => routePatterns.agb,
  privacypolicy: () => routePatterns.privacypolicy,
  warehouse: () => routePatterns.warehouse,
  admin: () => routePatterns.admin,
  forgotpassword: () => routePatterns.forgotpassword,
  resetpassword: (token: string, email: string) =>
    `${routePatterns.resetpassword}?${new URLSearchParams({ token, email }).toString()}`,
  emailverify: (id: string | number, hash: string, expires: string | number, signature: string) =>
    `/email/verify/${seg(id)}/${seg(hash)}?${new URLSearchParams({ expires: String(expires), signature }).toString()}`,
  useradmin: () => routePatterns.useradmin,
  inviteuser: () => routePatterns.inviteuser,
  removeuser: () => routePatterns.removeuser,
  userroles: () => routePatterns.userroles,
  newrole: () => routePatterns.newrole,
  assignrole: () => routePatterns.assignrole,
  editrole: (roleId: string | number) => `/admin/user/roles/edit/${seg(roleId)}`,
  invitation: (action: 'accept' | 'decline', token: string) => `/invitations/${action}/${seg(token)}`,
  warehouseadmin: () => routePatterns.warehouseadmin,
  newwarehouse: () => routePatterns.newwarehouse,
  mywarehouse: () => routePatterns.mywarehouse,
  editwarehouse: (id: string | number) => `/admin/warehouse/edit/${seg(id)}`,
  guestwarehouse: () => routePatterns.guestwarehouse,
} satisfies Record<RouteName, (...args: never[]) => string>;

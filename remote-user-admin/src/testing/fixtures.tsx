/** Data and a mount helper shared by this section's tests (not a test file itself). */
import { PERMISSION_NAMES, type Role, type User, type WarehouseMember } from '@lager/shared';
import {
  API,
  answer,
  HttpResponse,
  renderWithProviders,
  rest,
  sessionHandlers,
  type setupApiServer,
  verifiedUser,
} from '@lager/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import type { GetRoleApiResponse, ListPermissionsApiResponse, Permission, RoleDetail } from '../api/generated';
import UserAdminRoutes from '../app/UserAdminRoutes';

export const ALL_PERMISSIONS: string[] = [...PERMISSION_NAMES];

/** The server's descriptions differ from the catalogue on purpose: labels must come from the catalogue. */
const PERMISSIONS: Permission[] = PERMISSION_NAMES.map((name, i) => ({
  id: 11 + i,
  name,
  description: `server ${name}`,
}));

export const permissionId = (name: string) => PERMISSIONS.find((p) => p.name === name)!.id;

const ROLES: Role[] = [
  { id: 2, name: 'Lagerist', description: 'Bucht Waren' },
  { id: 3, name: 'Viewer', description: null },
  { id: 4, name: 'Einkauf', description: 'Bestellt' },
];

/** verifiedUser (id 1) owns warehouse 10; user 5 is another owner-role member. */
export const MEMBERS: WarehouseMember[] = [
  { id: 1, name: 'Olivia Owner', email: 'owner@example.com', pivot: { role_id: 1 } },
  { id: 5, name: 'Otto Coowner', email: 'otto@example.com', pivot: { role_id: 1 } },
  { id: 6, name: 'Gina Guest', email: 'gina@example.com', pivot: { role_id: 2 } },
  { id: 7, name: 'Nora Norole', email: 'nora@example.com', pivot: { role_id: null } },
];

/** Role 2 (Lagerist) grants create_role and assign_user_role. */
const ROLE_DETAIL: RoleDetail = {
  id: 2,
  name: 'Lagerist',
  description: 'Bucht Waren',
  permissions: PERMISSIONS.filter((p) => ['create_role', 'assign_user_role'].includes(p.name)),
};

type Roles = { roles: Role[] };
type Members = { users: WarehouseMember[] };

/** Read-only data every screen may load, typed from the generated contract. */
const dataHandlers = [
  answer.get<ListPermissionsApiResponse>('/api/admin/permissions', () => HttpResponse.json(PERMISSIONS)),
  answer.get<Roles>('/api/admin/roles', () => HttpResponse.json({ roles: ROLES })),
  answer.get<Roles>('/api/admin/roles/:warehouseId', () => HttpResponse.json({ roles: ROLES })),
  answer.get<GetRoleApiResponse>('/api/admin/updaterole/:roleId', () => HttpResponse.json({ role: ROLE_DETAIL })),
  answer.get<Members>('/api/warehouse/:id/users', () => HttpResponse.json({ users: MEMBERS })),
];

export const allHandlers = (permissions: string[] = ALL_PERMISSIONS, user: User = verifiedUser) => [
  ...sessionHandlers(user, permissions),
  ...dataHandlers,
];

/** An error answer; without a code it is what a Laravel backend sends (texts only); unknown codes are allowed on purpose. */
export const errorJson = (status: number, message: string, code?: string) =>
  HttpResponse.json(code ? { message, code } : { message }, { status });

/**
 * Records the JSON body of every `method` request to `path` (from the API's root, e.g.
 * `api/invitations/send`) and answers each with `reply()`; returns the bodies, in order.
 */
export function captureBodies(
  server: ReturnType<typeof setupApiServer>,
  method: 'post' | 'put' | 'patch' | 'delete',
  path: string,
  reply: () => Response,
) {
  const bodies: unknown[] = [];
  server.use(
    rest[method](`${API}/${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

/** Mounts the section the way the shell does, at whichever of its two mounts the route belongs to. */
export function mount(route: string, language: 'de' | 'en' = 'en') {
  const path = route.startsWith('/invitations') ? '/invitations/*' : '/admin/user/*';
  return renderWithProviders(<UserAdminRoutes />, { route, path, language });
}

/** Waits until the page title is there and nothing is loading any more. */
export async function settled() {
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(document.querySelector('.loading, .skeleton-block')).toBeNull());
}

/** Mounts the section at `route` and waits until its screen has loaded (see settled). */
export async function mountSettled(route: string, language: 'de' | 'en' = 'en') {
  const view = mount(route, language);
  await settled();
  return view;
}

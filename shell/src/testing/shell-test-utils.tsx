/**
 * Test fixtures for the shell: a full session (user, permissions, warehouses, lists) at the
 * network edge, every remote registered in the runtime manifest, and the whole <App/>.
 * Each test file mocks `@module-federation/enhanced/runtime` itself (jest.mock is per file).
 */
import type { Language, MyWarehouse, User, WarehouseMember } from '@lager/shared';
import {
  answer,
  fixedListHandlers,
  HttpResponse,
  type ListMyWarehousesApiResponse,
  type ListRolesApiResponse,
  type ListWarehouseMembersApiResponse,
  type ListWarehousesApiResponse,
  renderWithProviders,
  type SetCurrentWarehouseApiArg,
  type SetCurrentWarehouseApiResponse,
  sessionHandlers,
  setupApiServer,
  verifiedUser,
} from '@lager/shared/testing';
import { configure } from '@testing-library/react';
import accountSection from '../../../remote-account/section.json';
import infoSection from '../../../remote-info/section.json';
import userAdminSection from '../../../remote-user-admin/section.json';
import warehouseAdminSection from '../../../remote-warehouse-admin/section.json';
import { App } from '../app/App';
import { forgetLoadedSections } from '../features/remotes/RemoteSection';
import { setRemotesManifest } from '../features/remotes/remotes-manifest';

const myWarehouses: MyWarehouse[] = [
  { id: 10, name: 'Hauptlager', industry_id: 1, usage_id: 2, user_role: 'owner' },
  { id: 11, name: 'Vereinskeller', industry_id: 4, usage_id: 1, user_role: null },
  { id: 12, name: 'Werkstatt', industry_id: 2, usage_id: 1, user_role: 'Lagerist' },
];

const members: WarehouseMember[] = [
  { id: 1, name: 'Olivia Owner', email: 'owner@example.com', pivot: { role_id: 1 } },
  { id: 3, name: 'Gustav Guest', email: 'guest@example.com', pivot: { role_id: 7 } },
  { id: 4, name: 'Nora Norole', email: 'norole@example.com', pivot: { role_id: null } },
];

export interface SessionOptions {
  user?: User | null;
  permissions?: string[];
  warehouses?: MyWarehouse[];
}

/** Every call the shell makes, answered like the API contract says. */
export function shellHandlers({
  user = verifiedUser,
  permissions = [],
  warehouses = myWarehouses,
}: SessionOptions = {}) {
  return [
    ...sessionHandlers(user, permissions),
    answer.get<ListMyWarehousesApiResponse>('/api/mywarehouses', () => HttpResponse.json({ warehouses })),
    answer.get<ListWarehousesApiResponse>('/api/warehouses', () =>
      HttpResponse.json({ warehouses: warehouses.map(({ id, name }) => ({ id, name })) }),
    ),
    ...fixedListHandlers,
    answer.get<ListWarehouseMembersApiResponse>('/api/warehouse/:id/users', () =>
      HttpResponse.json({ users: members }),
    ),
    answer.get<ListRolesApiResponse>('/api/admin/roles/:id', () =>
      HttpResponse.json({ roles: [{ id: 7, name: 'Lagerist', description: 'Zählt Bestände' }] }),
    ),
    answer.post('/api/logout', () => new HttpResponse(null, { status: 204 })),
    answer.patch<SetCurrentWarehouseApiResponse, SetCurrentWarehouseApiArg>(
      '/api/profile/setwarehouse',
      async ({ request }) => {
        const { warehouse_id } = await request.json();
        return HttpResponse.json({ user: { ...(user ?? verifiedUser), current_warehouse_id: warehouse_id } });
      },
    ),
  ];
}

/** A manifest entry as `npm run rollout` writes it: the build's URL and its section description. */
export const manifestEntry = (port: number, section: unknown) => ({
  stable: { version: '1.0.0', entry: `http://127.0.0.1:${port}/mf-manifest.json`, section },
});

/** Every seed section in the runtime manifest, described by its own section.json; call in beforeEach. */
export function prepareShell() {
  // The whole app starts per test (csrf, user, permissions, lazy sections): give slow machines time.
  configure({ asyncUtilTimeout: 3000 });
  forgetLoadedSections();
  setRemotesManifest({
    remotes: {
      'remote-account': manifestEntry(accountSection.devPort, accountSection),
      'remote-warehouse-admin': manifestEntry(warehouseAdminSection.devPort, warehouseAdminSection),
      'remote-user-admin': manifestEntry(userAdminSection.devPort, userAdminSection),
      'remote-info': manifestEntry(infoSection.devPort, infoSection),
    },
  });
  // jsdom has no scrolling; the scroll restoration calls it after every navigation.
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
}

/** What the fake runtime renders for a section, e.g. `section remote_account/AccountRoutes`. */
const sectionText = (scope: string, module: string) => `section ${scope}/${module}`;
export const SECTION_TEXT = {
  'remote-account': sectionText('remote_account', 'AccountRoutes'),
  'remote-info': sectionText('remote_info', 'InfoRoutes'),
  'remote-user-admin': sectionText('remote_user_admin', 'UserAdminRoutes'),
  'remote-warehouse-admin': sectionText('remote_warehouse_admin', 'WarehouseAdminRoutes'),
} as const;

export function renderShell(route: string, language: Language = 'en') {
  return renderWithProviders(<App />, { route, language });
}

/** The API double answering the whole session for one test file, and a fresh shell before each test. */
export function setupShellServer() {
  const server = setupApiServer(...shellHandlers());
  beforeEach(prepareShell);
  return server;
}

import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { OWNER_ROLE_ID, PERMISSIONS_STORAGE_KEY } from '../constants';
import { sortByName } from '../i18n/collate';
import {
  type GetUserApiResponse,
  type GetUserPermissionsApiResponse,
  type ListMyWarehousesApiResponse,
  type ListRolesApiResponse,
  type ListWarehouseMembersApiResponse,
  type ListWarehousesApiResponse,
  type SetCurrentWarehouseApiResponse,
  shellApi,
  type User,
} from './generated/shell';

/** Lists of fixed options (industries, usages) change with a release, not during a visit. */
const AN_HOUR = 3600;

// The owner role can be neither assigned nor deleted; the server leaves it out, and so do we.
// Lists arrive sorted by the database's collation; the user reads them in their language's order.
const assignableRoles = (body: ListRolesApiResponse) => sortByName(body.roles.filter((r) => r.id !== OWNER_ROLE_ID));

type Generated = DefinitionsFromApi<typeof shellApi>;
/** An endpoint whose answer a `transformResponse` below unwraps into R. */
type Answer<K extends keyof Generated, R> = OverrideResultType<Generated[K], R>;

/**
 * The generated shell endpoints with cache tags and the answers unwrapped
 * (`{warehouses: [...]}` → `[...]`). Every package imports these hooks from `@lager/shared`.
 */
export const sharedApi = shellApi.enhanceEndpoints<
  never,
  {
    getUser: Answer<'getUser', User | null>;
    getUserPermissions: Answer<'getUserPermissions', GetUserPermissionsApiResponse['permissions']>;
    listMyWarehouses: Answer<'listMyWarehouses', ListMyWarehousesApiResponse['warehouses']>;
    listWarehouses: Answer<'listWarehouses', ListWarehousesApiResponse['warehouses']>;
    setCurrentWarehouse: Answer<'setCurrentWarehouse', User>;
    listWarehouseMembers: Answer<'listWarehouseMembers', ListWarehouseMembersApiResponse['users']>;
    listRoles: Answer<'listRoles', ListRolesApiResponse['roles']>;
    listWarehouseRoles: Answer<'listWarehouseRoles', ListRolesApiResponse['roles']>;
  }
>({
  endpoints: {
    /** The signed-in user, or `null` (401): an answer, not a failure, or every later subscriber would refetch. */
    getUser: {
      query: () => ({ url: '/api/user', nullOn401: true, requireJson: true }),
      transformResponse: (user: GetUserApiResponse | null) => user,
      providesTags: ['User'],
    },
    getUserPermissions: {
      transformResponse: (body: GetUserPermissionsApiResponse) => body.permissions,
      providesTags: ['Permissions'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          window.localStorage.setItem(PERMISSIONS_STORAGE_KEY, JSON.stringify(data));
        } catch {
          // Keep the cached list; the screens fall back to it.
        }
      },
    },
    listMyWarehouses: {
      transformResponse: (body: ListMyWarehousesApiResponse) => sortByName(body.warehouses),
      providesTags: ['Warehouse'],
    },
    listWarehouses: {
      transformResponse: (body: ListWarehousesApiResponse) => sortByName(body.warehouses),
      providesTags: ['Warehouse'],
    },
    setCurrentWarehouse: {
      transformResponse: (body: SetCurrentWarehouseApiResponse) => body.user,
      invalidatesTags: ['User', 'Permissions', 'Warehouse'],
    },
    listIndustries: { keepUnusedDataFor: AN_HOUR },
    listUsages: { keepUnusedDataFor: AN_HOUR },
    listWarehouseMembers: {
      transformResponse: (body: ListWarehouseMembersApiResponse) => sortByName(body.users),
      providesTags: ['Member'],
    },
    listRoles: { transformResponse: assignableRoles, providesTags: ['Role'] },
    listWarehouseRoles: { transformResponse: assignableRoles, providesTags: ['Role'] },
  },
});

export const {
  useGetUserQuery,
  useGetUserPermissionsQuery,
  useLogoutMutation,
  useListMyWarehousesQuery,
  useListWarehousesQuery,
  useSetCurrentWarehouseMutation,
  useListIndustriesQuery,
  useListUsagesQuery,
  useListWarehouseMembersQuery,
  useListRolesQuery,
  useListWarehouseRolesQuery,
} = sharedApi;

/** Wire types under the names screens use: all derived from the generated ones, none written by hand. */
export type { NamedOption, Role, User } from './generated/shell';
export type MyWarehouse = ListMyWarehousesApiResponse['warehouses'][number];
export type WarehouseMember = ListWarehouseMembersApiResponse['users'][number];
export type SwitchableWarehouse = ListWarehousesApiResponse['warehouses'][number];

import { createApi } from '@reduxjs/toolkit/query/react';
import { PERMISSIONS_STORAGE_KEY } from '../constants';
import { axiosBaseQuery } from './base-query';
import type { MessageResponse, MyWarehouse, NamedOption, User, WarehouseMember } from './types';

export const TAGS = ['User', 'Permissions', 'Warehouse', 'Role', 'Member', 'Invitation'] as const;

/**
 * The one API slice. The endpoints here are the ones the shell and several sections
 * need; each section adds its own with `api.injectEndpoints` (names prefixed by section).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: TAGS,
  endpoints: (build) => ({
    /**
     * The signed-in user, or `null` when nobody is (401). A 401 is an answer, not a failure:
     * as an error, every component that subscribes later would refetch it.
     */
    getUser: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('api/user');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        // An HTML page (a misrouted proxy, an SPA fallback) is not a user: never guess a login state from it.
        if (!result.data || typeof result.data !== 'object') {
          return { error: { status: 0, code: 'network', message: 'GET api/user did not answer with JSON' } };
        }
        return { data: result.data as User };
      },
      providesTags: ['User'],
    }),
    getPermissions: build.query<string[], void>({
      query: () => 'api/user/permissions',
      transformResponse: (body: { permissions: string[] }) => body.permissions,
      providesTags: ['Permissions'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          window.localStorage.setItem(PERMISSIONS_STORAGE_KEY, JSON.stringify(data));
        } catch {
          // Keep the cached list; the screens fall back to it.
        }
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'api/logout', method: 'POST' }),
    }),
    getMyWarehouses: build.query<MyWarehouse[], void>({
      query: () => 'api/mywarehouses',
      transformResponse: (body: { warehouses: MyWarehouse[] }) => body.warehouses,
      providesTags: ['Warehouse'],
    }),
    setCurrentWarehouse: build.mutation<User, number>({
      query: (warehouse_id) => ({ url: 'api/profile/setwarehouse', method: 'PATCH', data: { warehouse_id } }),
      transformResponse: (body: { user: User }) => body.user,
      invalidatesTags: ['User', 'Permissions', 'Warehouse'],
    }),
    getIndustries: build.query<NamedOption[], void>({
      query: () => 'api/industries',
      keepUnusedDataFor: 3600,
    }),
    getUsages: build.query<NamedOption[], void>({
      query: () => 'api/usages',
      keepUnusedDataFor: 3600,
    }),
    getWarehouseUsers: build.query<WarehouseMember[], number>({
      query: (id) => `api/warehouse/${id}/users`,
      transformResponse: (body: { users: WarehouseMember[] }) => body.users,
      providesTags: ['Member'],
    }),
  }),
});

export type { MessageResponse };
export const {
  useGetUserQuery,
  useGetPermissionsQuery,
  useLogoutMutation,
  useGetMyWarehousesQuery,
  useSetCurrentWarehouseMutation,
  useGetIndustriesQuery,
  useGetUsagesQuery,
  useGetWarehouseUsersQuery,
} = api;

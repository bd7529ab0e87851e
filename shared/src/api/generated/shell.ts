import { api } from '../api';
import type { ErrorBody, NamedOption, Permission, Role, User } from './schemas';

const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRoles: build.query<ListRolesApiResponse, ListRolesApiArg>({
      query: () => ({ url: `/api/admin/roles` }),
    }),
    listWarehouseRoles: build.query<ListWarehouseRolesApiResponse, ListWarehouseRolesApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/roles/${encodeURIComponent(String(queryArg))}`,
      }),
    }),
    listIndustries: build.query<ListIndustriesApiResponse, ListIndustriesApiArg>({
      query: () => ({ url: `/api/industries` }),
    }),
    logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
      query: () => ({ url: `/api/logout`, method: 'POST' }),
    }),
    listMyWarehouses: build.query<ListMyWarehousesApiResponse, ListMyWarehousesApiArg>({
      query: () => ({ url: `/api/mywarehouses` }),
    }),
    setCurrentWarehouse: build.mutation<SetCurrentWarehouseApiResponse, SetCurrentWarehouseApiArg>({
      query: (queryArg) => ({
        url: `/api/profile/setwarehouse`,
        method: 'PATCH',
        body: queryArg,
      }),
    }),
    postTelemetry: build.mutation<PostTelemetryApiResponse, PostTelemetryApiArg>({
      query: (queryArg) => ({
        url: `/api/telemetry`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    listUsages: build.query<ListUsagesApiResponse, ListUsagesApiArg>({
      query: () => ({ url: `/api/usages` }),
    }),
    getUser: build.query<GetUserApiResponse, GetUserApiArg>({
      query: () => ({ url: `/api/user` }),
    }),
    getUserPermissions: build.query<GetUserPermissionsApiResponse, GetUserPermissionsApiArg>({
      query: () => ({ url: `/api/user/permissions` }),
    }),
    listWarehouseMembers: build.query<ListWarehouseMembersApiResponse, ListWarehouseMembersApiArg>({
      query: (queryArg) => ({
        url: `/api/warehouse/${encodeURIComponent(String(queryArg))}/users`,
      }),
    }),
    listWarehouses: build.query<ListWarehousesApiResponse, ListWarehousesApiArg>({
      query: () => ({ url: `/api/warehouses` }),
    }),
  }),
  overrideExisting: false,
});

export { injectedRtkApi as shellApi };
export type ListRolesApiResponse = /** status 200 Default Response */ {
  roles: Role[];
};
export type ListRolesApiArg = void;
export type ListWarehouseRolesApiResponse = /** status 200 Default Response */ {
  roles: Role[];
};
export type ListWarehouseRolesApiArg = number;
export type ListIndustriesApiResponse = /** status 200 Default Response */ NamedOption[];
export type ListIndustriesApiArg = void;
export type LogoutApiResponse = unknown;
export type LogoutApiArg = void;
export type ListMyWarehousesApiResponse = /** status 200 Default Response */ {
  warehouses: {
    id: number;
    industry_id: number;
    name: string;
    usage_id: number;
    user_role: string | null;
  }[];
};
export type ListMyWarehousesApiArg = void;
export type SetCurrentWarehouseApiResponse = /** status 200 Default Response */ {
  user: User;
};
export type SetCurrentWarehouseApiArg = {
  warehouse_id: number;
};
export type PostTelemetryApiResponse = unknown;
export type PostTelemetryApiArg = {
  events: {
    channel: 'stable' | 'canary' | 'pinned' | 'fallback';
    /** The collector’s hint (`page` the first event of this version on the page, `error` its first error, `type` the first of its type). The server does not trust it: a batch counts at most one page, one error page and each error type once per version, and a page id once. */
    first?: 'page' | 'error' | 'type';
    /** Scrubbed, at most 200 characters. */
    message?: string;
    name?: 'LCP' | 'INP' | 'CLS';
    remote: string;
    /** Script path without query. */
    source?: string;
    type: 'mount' | 'load_error' | 'render_error' | 'runtime_error' | 'api_error' | 'vital';
    /** ms for LCP and INP (≤ 120 000), CLS ≤ 100. */
    value?: number;
    version: string;
  }[];
  /** The page load’s random id (never stored). */
  page: string;
};
export type ListUsagesApiResponse = /** status 200 Default Response */ NamedOption[];
export type ListUsagesApiArg = void;
export type GetUserApiResponse = /** status 200 Default Response */ User;
export type GetUserApiArg = void;
export type GetUserPermissionsApiResponse = /** status 200 Default Response */ {
  permissions: Permission['name'][];
};
export type GetUserPermissionsApiArg = void;
export type ListWarehouseMembersApiResponse = /** status 200 Default Response */ {
  users: {
    email: string;
    id: number;
    name: string;
    pivot: {
      role_id: number | null;
    };
  }[];
};
export type ListWarehouseMembersApiArg = number;
export type ListWarehousesApiResponse = /** status 200 Default Response */ {
  warehouses: {
    id: number;
    name: string;
  }[];
};
export type ListWarehousesApiArg = void;
export type { ErrorBody, NamedOption, Role, User };
export const {
  useListRolesQuery,
  useLazyListRolesQuery,
  useListWarehouseRolesQuery,
  useLazyListWarehouseRolesQuery,
  useListIndustriesQuery,
  useLazyListIndustriesQuery,
  useLogoutMutation,
  useListMyWarehousesQuery,
  useLazyListMyWarehousesQuery,
  useSetCurrentWarehouseMutation,
  usePostTelemetryMutation,
  useListUsagesQuery,
  useLazyListUsagesQuery,
  useGetUserQuery,
  useLazyGetUserQuery,
  useGetUserPermissionsQuery,
  useLazyGetUserPermissionsQuery,
  useListWarehouseMembersQuery,
  useLazyListWarehouseMembersQuery,
  useListWarehousesQuery,
  useLazyListWarehousesQuery,
} = injectedRtkApi;

import { api } from '@lager/shared';

const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    createWarehouse: build.mutation<CreateWarehouseApiResponse, CreateWarehouseApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/warehouse`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    deleteWarehouses: build.mutation<DeleteWarehousesApiResponse, DeleteWarehousesApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/warehouse/delete`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    listGuestWarehouses: build.query<ListGuestWarehousesApiResponse, ListGuestWarehousesApiArg>({
      query: () => ({ url: `/api/mywarehouses/guest` }),
    }),
    listOwnedWarehouses: build.query<ListOwnedWarehousesApiResponse, ListOwnedWarehousesApiArg>({
      query: () => ({ url: `/api/mywarehouses/owned` }),
    }),
    leaveWarehouse: build.mutation<LeaveWarehouseApiResponse, LeaveWarehouseApiArg>({
      query: (queryArg) => ({
        url: `/api/warehouse/${encodeURIComponent(String(queryArg.id))}/leave`,
        method: 'DELETE',
        body: queryArg.body,
      }),
    }),
    getWarehouse: build.query<GetWarehouseApiResponse, GetWarehouseApiArg>({
      query: (queryArg) => ({
        url: `/api/warehouses/edit/${encodeURIComponent(String(queryArg))}`,
      }),
    }),
    updateWarehouse: build.mutation<UpdateWarehouseApiResponse, UpdateWarehouseApiArg>({
      query: (queryArg) => ({
        url: `/api/warehouses/edit/${encodeURIComponent(String(queryArg.id))}`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
  }),
  overrideExisting: false,
});

export { injectedRtkApi as warehouseAdminApi };
export type CreateWarehouseApiResponse = /** status 201 Default Response */ {
  message: string;
  warehouse: Warehouse;
};
export type CreateWarehouseApiArg = {
  industry_id: number;
  name: string;
  usage_id: number;
};
export type DeleteWarehousesApiResponse = /** status 200 Default Response */ {
  deleted: number;
  message: string;
};
export type DeleteWarehousesApiArg = {
  password: string;
  warehouse_ids: number[];
};
export type ListGuestWarehousesApiResponse = /** status 200 Default Response */ {
  warehouses: Warehouse[];
};
export type ListGuestWarehousesApiArg = void;
export type ListOwnedWarehousesApiResponse = /** status 200 Default Response */ {
  warehouses: Warehouse[];
};
export type ListOwnedWarehousesApiArg = void;
export type LeaveWarehouseApiResponse = /** status 200 Default Response */ Message;
export type LeaveWarehouseApiArg = {
  id: number;
  body: {
    password: string;
  };
};
export type GetWarehouseApiResponse = /** status 200 Default Response */ Warehouse;
export type GetWarehouseApiArg = number;
export type UpdateWarehouseApiResponse = /** status 200 Default Response */ Warehouse;
export type UpdateWarehouseApiArg = {
  id: number;
  body: {
    industry_id: number;
    name: string;
    usage_id: number;
  };
};
export type Warehouse = {
  id: number;
  industry_id: number;
  name: string;
  usage_id: number;
};
export type ErrorBody = {
  /** Stable, language-independent error code. */
  code:
    | 'request.invalid'
    | 'request.too_large'
    | 'request.unsupported_media_type'
    | 'not_found'
    | 'throttle'
    | 'server_error'
    | 'service.unavailable'
    | 'csrf.mismatch'
    | 'validation.failed'
    | 'auth.unauthenticated'
    | 'auth.unverified'
    | 'auth.forbidden'
    | 'auth.failed'
    | 'auth.throttled'
    | 'permission.missing'
    | 'email.taken'
    | 'password.incorrect'
    | 'password.current_incorrect'
    | 'reset.invalid_token'
    | 'verify.invalid_link'
    | 'warehouse.not_found'
    | 'warehouse.not_selected'
    | 'warehouse.not_member'
    | 'warehouse.not_owner'
    | 'warehouse.name_taken'
    | 'warehouse.owner_cannot_leave'
    | 'member.not_found'
    | 'member.self'
    | 'role.not_found'
    | 'role.name_taken'
    | 'role.owner_protected'
    | 'role.permission_not_held'
    | 'role.own_role'
    | 'invite.self'
    | 'invite.not_registered'
    | 'invite.already_member'
    | 'invite.exists'
    | 'invitation.not_found'
    | 'invitation.processed'
    | 'invitation.wrong_user'
    | 'stock.insufficient'
    | 'idempotency.missing'
    | 'idempotency.invalid'
    | 'idempotency.mismatch'
    | 'article.not_found'
    | 'article.archived'
    | 'article.has_movements'
    | 'article.sku_taken'
    | 'article.barcode_taken'
    | 'article.barcode_invalid'
    | 'movement.not_found'
    | 'movement.already_reversed'
    | 'movement.is_reversal'
    | 'movement.not_reversible'
    | 'transfer.same_warehouse'
    | 'transfer.target_forbidden'
    | 'transfer.target_article_missing'
    | 'transfer.target_article_archived'
    | 'transfer.unit_mismatch'
    | 'import.invalid';
  errors?: {
    [key: string]: string[];
  };
  message: string;
};
export type Message = {
  message: string;
};
export const {
  useCreateWarehouseMutation,
  useDeleteWarehousesMutation,
  useListGuestWarehousesQuery,
  useLazyListGuestWarehousesQuery,
  useListOwnedWarehousesQuery,
  useLazyListOwnedWarehousesQuery,
  useLeaveWarehouseMutation,
  useGetWarehouseQuery,
  useLazyGetWarehouseQuery,
  useUpdateWarehouseMutation,
} = injectedRtkApi;

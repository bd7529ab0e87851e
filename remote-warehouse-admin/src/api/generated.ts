import { api } from '@lager/shared';
import type { ErrorBody, Message, Warehouse } from '@lager/shared/api/schemas';

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
export type { ErrorBody, Message, Warehouse };
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

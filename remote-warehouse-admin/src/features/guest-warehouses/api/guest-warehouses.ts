import { api, type ErrorTable, type MessageResponse, type Warehouse } from '@lager/shared';

const guestWarehousesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET api/mywarehouses/guest → {warehouses}: warehouses the user joined but does not own. */
    warehouseAdminGuest: build.query<Warehouse[], void>({
      query: () => 'api/mywarehouses/guest',
      transformResponse: (body: { warehouses: Warehouse[] }) => body.warehouses,
      providesTags: ['Warehouse'],
    }),
    /**
     * DELETE api/warehouse/:id/leave with body {password}. Tags are invalidated once after a
     * whole run (useLeaveGuestWarehouses), not after every single warehouse.
     */
    warehouseAdminLeave: build.mutation<MessageResponse, { id: number; password: string }>({
      query: ({ id, password }) => ({ url: `api/warehouse/${id}/leave`, method: 'DELETE', data: { password } }),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useWarehouseAdminGuestQuery, useWarehouseAdminLeaveMutation } = guestWarehousesApi;

/** Spec §8, leave guest warehouse: the same mapping as deleting. */
export const LEAVE_WAREHOUSE_ERRORS: ErrorTable = {
  'validation.failed': 'common:errors.passwordFieldRequired',
  'password.incorrect': 'common:errors.incorrectPassword',
  fallback: 'common:errors.errorOccurred',
};

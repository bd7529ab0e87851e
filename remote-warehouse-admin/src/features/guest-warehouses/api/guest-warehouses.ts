import { type ErrorTable, sortByName } from '@lager/shared';
import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { type ListGuestWarehousesApiResponse, type Warehouse, warehouseAdminApi } from '../../../api/generated';

type Generated = DefinitionsFromApi<typeof warehouseAdminApi>;

const guestWarehousesApi = warehouseAdminApi.enhanceEndpoints<
  never,
  { listGuestWarehouses: OverrideResultType<Generated['listGuestWarehouses'], Warehouse[]> }
>({
  endpoints: {
    /** Warehouses the user joined but does not own. */
    listGuestWarehouses: {
      transformResponse: (body: ListGuestWarehousesApiResponse) => sortByName(body.warehouses),
      providesTags: ['Warehouse'],
    },
    // leaveWarehouse invalidates nothing itself: useLeaveGuestWarehouses does it once after a whole run.
  },
});

export const { useListGuestWarehousesQuery, useLeaveWarehouseMutation } = guestWarehousesApi;

/** Spec §8, leave guest warehouse: the same mapping as deleting. */
export const LEAVE_WAREHOUSE_ERRORS: ErrorTable = {
  'validation.failed': 'common:errors.passwordFieldRequired',
  'password.incorrect': 'common:errors.incorrectPassword',
  fallback: 'common:errors.errorOccurred',
};

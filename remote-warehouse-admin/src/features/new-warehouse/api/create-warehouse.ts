import type { ErrorTable } from '@lager/shared';
import { warehouseAdminApi } from '../../../api/generated';

const createWarehouseApi = warehouseAdminApi.enhanceEndpoints({
  // The new warehouse also becomes the current one: the user and their permissions change.
  endpoints: { createWarehouse: { invalidatesTags: ['Warehouse', 'User', 'Permissions'] } },
});

export const { useCreateWarehouseMutation } = createWarehouseApi;

/** Spec §8: 422 with a name error (the name is taken) or anything else. */
export const CREATE_WAREHOUSE_ERRORS: ErrorTable = {
  'warehouse.name_taken': 'errors.createNewWarehouseNameExists',
  fallback: 'errors.createNewWarehouseFailed',
};

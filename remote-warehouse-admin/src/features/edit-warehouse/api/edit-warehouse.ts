import type { ErrorTable } from '@lager/shared';
import { warehouseAdminApi } from '../../../api/generated';

const editWarehouseApi = warehouseAdminApi.enhanceEndpoints({
  endpoints: {
    /** Only the owner may read it. */
    getWarehouse: { providesTags: (_result, _error, id) => [{ type: 'Warehouse', id }] },
    updateWarehouse: { invalidatesTags: (_result, error) => (error ? [] : ['Warehouse']) },
  },
});

export const { useGetWarehouseQuery, useUpdateWarehouseMutation } = editWarehouseApi;

/** Spec §8, edit warehouse: the name is taken, other validation, anything else. */
export const UPDATE_WAREHOUSE_ERRORS: ErrorTable = {
  'warehouse.name_taken': 'errors.nameExists',
  'validation.failed': 'errors.editValidationFailed',
  fallback: 'errors.editFailed',
};

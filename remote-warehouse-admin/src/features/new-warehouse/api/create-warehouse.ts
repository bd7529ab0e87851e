import { api, type ErrorTable, type Warehouse } from '@lager/shared';
import type { WarehouseInput } from '../../../components/warehouse-form-values';

const createWarehouseApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST api/admin/warehouse → 201 {warehouse}; the new warehouse also becomes the current one. */
    warehouseAdminCreate: build.mutation<Warehouse, WarehouseInput>({
      query: (data) => ({ url: 'api/admin/warehouse', method: 'POST', data }),
      transformResponse: (body: { warehouse: Warehouse }) => body.warehouse,
      invalidatesTags: ['Warehouse', 'User', 'Permissions'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useWarehouseAdminCreateMutation } = createWarehouseApi;

/** Spec §8: 422 with a name error (the name is taken) or anything else. */
export const CREATE_WAREHOUSE_ERRORS: ErrorTable = {
  'warehouse.name_taken': 'errors.createNewWarehouseNameExists',
  fallback: 'errors.createNewWarehouseFailed',
};

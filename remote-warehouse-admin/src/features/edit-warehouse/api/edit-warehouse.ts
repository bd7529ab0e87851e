import { api, type ErrorTable, type Warehouse } from '@lager/shared';
import type { WarehouseInput } from '../../../components/warehouse-form-values';

const editWarehouseApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET api/warehouses/edit/:id → {id, name, industry_id, usage_id}; only the owner may read it. */
    warehouseAdminEditable: build.query<Warehouse, number>({
      query: (id) => `api/warehouses/edit/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Warehouse', id }],
    }),
    /** PUT api/warehouses/edit/:id → the updated warehouse. */
    warehouseAdminUpdate: build.mutation<Warehouse, { id: number } & WarehouseInput>({
      query: ({ id, ...data }) => ({ url: `api/warehouses/edit/${id}`, method: 'PUT', data }),
      invalidatesTags: (_result, error) => (error ? [] : ['Warehouse']),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useWarehouseAdminEditableQuery, useWarehouseAdminUpdateMutation } = editWarehouseApi;

/** Spec §8, edit warehouse: the name is taken, other validation, anything else. */
export const UPDATE_WAREHOUSE_ERRORS: ErrorTable = {
  'warehouse.name_taken': 'errors.nameExists',
  'validation.failed': 'errors.editValidationFailed',
  fallback: 'errors.editFailed',
};

import { api, type ErrorTable } from '@lager/shared';

export interface DeleteWarehousesArgs {
  warehouse_ids: number[];
  password: string;
}

const deleteWarehousesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST api/admin/warehouse/delete → {message, deleted}: one request for every selected warehouse. */
    warehouseAdminDelete: build.mutation<{ message: string; deleted: number }, DeleteWarehousesArgs>({
      query: (data) => ({ url: 'api/admin/warehouse/delete', method: 'POST', data }),
      // The current warehouse may be among them, so the user and their permissions change too.
      invalidatesTags: (_result, error) => (error ? [] : ['Warehouse', 'User', 'Permissions']),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useWarehouseAdminDeleteMutation } = deleteWarehousesApi;

/** Spec §8, delete warehouses: no password, a wrong password, anything else. */
export const DELETE_WAREHOUSES_ERRORS: ErrorTable = {
  'validation.failed': 'common:errors.passwordFieldRequired',
  'password.incorrect': 'common:errors.incorrectPassword',
  fallback: 'common:errors.errorOccurred',
};

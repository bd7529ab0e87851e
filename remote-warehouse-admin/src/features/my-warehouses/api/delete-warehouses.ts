import type { ErrorTable } from '@lager/shared';
import { warehouseAdminApi } from '../../../api/generated';

const deleteWarehousesApi = warehouseAdminApi.enhanceEndpoints({
  endpoints: {
    /** One request for every selected warehouse. The current one may be among them: user and permissions change too. */
    deleteWarehouses: { invalidatesTags: (_result, error) => (error ? [] : ['Warehouse', 'User', 'Permissions']) },
  },
});

export const { useDeleteWarehousesMutation } = deleteWarehousesApi;

/** Spec §8, delete warehouses: no password, a wrong password, anything else. */
export const DELETE_WAREHOUSES_ERRORS: ErrorTable = {
  'validation.failed': 'common:errors.passwordFieldRequired',
  'password.incorrect': 'common:errors.incorrectPassword',
  fallback: 'common:errors.errorOccurred',
};

import { sortByName } from '@lager/shared';
import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { type Warehouse, warehouseAdminApi } from './generated';

type Generated = DefinitionsFromApi<typeof warehouseAdminApi>;

/**
 * Both warehouse lists, owned (my warehouses, edit guard) and guest (joined, not owned): in the
 * language's alphabetical order (Intl.Collator), not the database's, and fetched again when a warehouse changes.
 */
const sortedWarehouses = {
  transformResponse: (body: { warehouses: Warehouse[] }) => sortByName(body.warehouses),
  providesTags: ['Warehouse' as const],
};

const warehouseListsApi = warehouseAdminApi.enhanceEndpoints<
  never,
  {
    listOwnedWarehouses: OverrideResultType<Generated['listOwnedWarehouses'], Warehouse[]>;
    listGuestWarehouses: OverrideResultType<Generated['listGuestWarehouses'], Warehouse[]>;
  }
>({
  endpoints: { listOwnedWarehouses: sortedWarehouses, listGuestWarehouses: sortedWarehouses },
});

export const { useListOwnedWarehousesQuery, useListGuestWarehousesQuery } = warehouseListsApi;

import { sortByName } from '@lager/shared';
import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { type ListOwnedWarehousesApiResponse, type Warehouse, warehouseAdminApi } from './generated';

type Generated = DefinitionsFromApi<typeof warehouseAdminApi>;

const ownedWarehousesApi = warehouseAdminApi.enhanceEndpoints<
  never,
  { listOwnedWarehouses: OverrideResultType<Generated['listOwnedWarehouses'], Warehouse[]> }
>({
  endpoints: {
    /** The warehouses the user owns (my warehouses, edit guard). */
    listOwnedWarehouses: {
      // In the language's alphabetical order (Intl.Collator), not the database's.
      transformResponse: (body: ListOwnedWarehousesApiResponse) => sortByName(body.warehouses),
      providesTags: ['Warehouse'],
    },
  },
});

export const { useListOwnedWarehousesQuery } = ownedWarehousesApi;

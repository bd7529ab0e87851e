import { sortByName } from '@lager/shared';
import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import {
  type ListGuestWarehousesApiResponse,
  type ListOwnedWarehousesApiResponse,
  type Warehouse,
  warehouseAdminApi,
} from './generated';

type Generated = DefinitionsFromApi<typeof warehouseAdminApi>;

/** The two warehouse lists, each in the language's alphabetical order (Intl.Collator), not the database's. */
const warehouseListsApi = warehouseAdminApi.enhanceEndpoints<
  never,
  {
    listOwnedWarehouses: OverrideResultType<Generated['listOwnedWarehouses'], Warehouse[]>;
    listGuestWarehouses: OverrideResultType<Generated['listGuestWarehouses'], Warehouse[]>;
  }
>({
  endpoints: {
    /** The warehouses the user owns (my warehouses, edit guard). */
    listOwnedWarehouses: {
      transformResponse: (body: ListOwnedWarehousesApiResponse) => sortByName(body.warehouses),
      providesTags: ['Warehouse'],
    },
    /** Warehouses the user joined but does not own. */
    listGuestWarehouses: {
      transformResponse: (body: ListGuestWarehousesApiResponse) => sortByName(body.warehouses),
      providesTags: ['Warehouse'],
    },
  },
});

export const { useListOwnedWarehousesQuery, useListGuestWarehousesQuery } = warehouseListsApi;

import { api, type Warehouse } from '@lager/shared';

const ownedWarehousesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET api/mywarehouses/owned → {warehouses}: the warehouses the user owns (my warehouses, edit guard). */
    warehouseAdminOwned: build.query<Warehouse[], void>({
      query: () => 'api/mywarehouses/owned',
      transformResponse: (body: { warehouses: Warehouse[] }) => body.warehouses,
      providesTags: ['Warehouse'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useWarehouseAdminOwnedQuery } = ownedWarehousesApi;

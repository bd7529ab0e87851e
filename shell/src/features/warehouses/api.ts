import { api } from '@lager/shared';

/** A warehouse the user may switch to (`GET api/warehouses`). */
export interface SwitchableWarehouse {
  id: number;
  name: string;
}

export interface WarehouseRole {
  id: number;
  name: string;
  description?: string | null;
}

/** Endpoints only the shell's screens use; everything common lives in the shared slice. */
export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    shellSwitchableWarehouses: build.query<SwitchableWarehouse[], void>({
      query: () => 'api/warehouses',
      transformResponse: (body: { warehouses: SwitchableWarehouse[] }) => body.warehouses,
      providesTags: ['Warehouse'],
    }),
    /** Role names of a warehouse, to show members' roles as text. Needs admin rights: failures are tolerated. */
    shellWarehouseRoles: build.query<WarehouseRole[], number>({
      query: (warehouseId) => `api/admin/roles/${warehouseId}`,
      transformResponse: (body: { roles: WarehouseRole[] }) => body.roles,
      providesTags: ['Role'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useShellSwitchableWarehousesQuery, useShellWarehouseRolesQuery } = shellApi;

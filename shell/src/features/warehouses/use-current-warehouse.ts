import { type MyWarehouse, useAuth, useListMyWarehousesQuery } from '@lager/shared';

/** The user's warehouses and the one selected as current (spec §3: user.current_warehouse_id). */
export function useCurrentWarehouse() {
  const { user } = useAuth();
  const query = useListMyWarehousesQuery();
  const warehouses: MyWarehouse[] = query.data ?? [];
  const currentId = user?.current_warehouse_id ?? null;
  const current = warehouses.find((w) => w.id === currentId);
  return { ...query, warehouses, current, currentId };
}

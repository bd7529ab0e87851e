import { OWNER_ROLE_ID, useAuth, useListWarehouseMembersQuery } from '@lager/shared';

/**
 * The members of the warehouse that assign and remove may list: spec §5, never yourself, never a
 * member holding the owner role. The query's state comes along for loading and errors.
 */
export function useEligibleMembers(warehouseId: number) {
  const { user } = useAuth();
  const members = useListWarehouseMembersQuery(warehouseId);
  const eligible = (members.data ?? []).filter((m) => m.id !== user?.id && m.pivot.role_id !== OWNER_ROLE_ID);
  return { ...members, eligible };
}

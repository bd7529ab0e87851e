import { OWNER_ROLE_ID, type WarehouseMember } from '@lager/shared';

/** Spec §5: assign and remove never list yourself or members holding the owner role. */
export function eligibleMembers(members: readonly WarehouseMember[], selfId: number | undefined): WarehouseMember[] {
  return members.filter((m) => m.id !== selfId && m.pivot.role_id !== OWNER_ROLE_ID);
}

import { useCallback } from 'react';
import { useDeleteRoleMutation } from '../api/roles-api';

/**
 * Spec §4: roles are deleted one at a time, in order; the first failure stops
 * the run. Returns the ids that were deleted before it, and the failure.
 */
export function useDeleteRolesInOrder(warehouseId: number) {
  const [deleteRole] = useDeleteRoleMutation();
  return useCallback(
    async (roleIds: readonly number[]): Promise<{ deleted: number[]; error?: unknown }> => {
      const deleted: number[] = [];
      try {
        for (const roleId of roleIds) {
          await deleteRole({ warehouse_id: warehouseId, role_id: roleId }).unwrap();
          deleted.push(roleId);
        }
        return { deleted };
      } catch (error) {
        return { deleted, error };
      }
    },
    [deleteRole, warehouseId],
  );
}

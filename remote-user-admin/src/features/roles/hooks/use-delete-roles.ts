import { useCallback, useState } from 'react';
import { useUserAdminDeleteRoleMutation } from '../api/roles-api';

/**
 * Spec §4: roles are deleted one at a time, in order; the first failure stops
 * the run. Returns the ids that were deleted before it.
 */
export function useDeleteRolesInOrder(warehouseId: number) {
  const [deleteRole] = useUserAdminDeleteRoleMutation();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (roleIds: readonly number[]): Promise<{ deleted: number[]; failed: boolean }> => {
      setBusy(true);
      const deleted: number[] = [];
      try {
        for (const roleId of roleIds) {
          await deleteRole({ warehouse_id: warehouseId, role_id: roleId }).unwrap();
          deleted.push(roleId);
        }
        return { deleted, failed: false };
      } catch (error) {
        console.error('Deleting roles failed', error);
        return { deleted, failed: true };
      } finally {
        setBusy(false);
      }
    },
    [deleteRole, warehouseId],
  );

  return { run, busy };
}

import { type ApiError, api, normalizeError, useAppDispatch } from '@lager/shared';
import { useCallback } from 'react';
// leaveWarehouse (the generated hook) invalidates nothing itself: this hook does it once after a whole run.
import { useLeaveWarehouseMutation } from '../../../api/generated';

export interface LeaveOutcome {
  /** Ids left successfully, in order. */
  left: number[];
  /** The failure that stopped the run, if any. */
  error?: ApiError;
}

/**
 * Leaves warehouses one at a time, in order, with the same password (spec §4); the first
 * failure stops the run. Afterwards the lists are refreshed, whatever happened, so the
 * screen shows what really remains.
 */
export function useLeaveGuestWarehouses() {
  const [leave] = useLeaveWarehouseMutation();
  const dispatch = useAppDispatch();

  const leaveAll = useCallback(
    async (ids: number[], password: string): Promise<LeaveOutcome> => {
      const left: number[] = [];
      try {
        for (const id of ids) {
          try {
            await leave({ id, body: { password } }).unwrap();
            left.push(id);
          } catch (caught) {
            return { left, error: normalizeError(caught) };
          }
        }
        return { left };
      } finally {
        // Leaving the current warehouse changes the user's current warehouse and permissions too.
        dispatch(api.util.invalidateTags(['Warehouse', 'User', 'Permissions']));
      }
    },
    [leave, dispatch],
  );

  return { leaveAll };
}

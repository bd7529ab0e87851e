import { DELAYS } from '@lager/shared';
import { SelectedWarehousesDialog } from '../../../components/SelectedWarehousesDialog';
import { LEAVE_WAREHOUSE_ERRORS } from '../api/guest-warehouses';
import { useLeaveGuestWarehouses } from '../hooks/use-leave-guest-warehouses';

interface LeaveWarehousesDialogProps {
  warehouseIds: number[];
  onLeft: (ids: number[]) => void;
  onClose: () => void;
}

/**
 * Password dialog for "leave selected". On success it shows the result and closes after
 * DELAYS.guestLeaveClose; on a failure it stays open with the error so the password can be corrected.
 */
export function LeaveWarehousesDialog({ warehouseIds, onLeft, onClose }: LeaveWarehousesDialogProps) {
  const { leaveAll } = useLeaveGuestWarehouses();
  return (
    <SelectedWarehousesDialog
      action="leave"
      count={warehouseIds.length}
      onClose={onClose}
      send={async (v) => {
        const outcome = await leaveAll(warehouseIds, v.password);
        onLeft(outcome.left);
        if (outcome.error) throw outcome.error;
        return outcome;
      }}
      errors={LEAVE_WAREHOUSE_ERRORS}
      success={(outcome) => ({ key: 'messages.leaveSuccess', values: { count: outcome.left.length } })}
      after={{ ms: DELAYS.guestLeaveClose, run: onClose }}
    />
  );
}

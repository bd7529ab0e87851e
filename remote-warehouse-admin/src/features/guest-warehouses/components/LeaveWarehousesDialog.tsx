import { DELAYS, PASSWORD_ONLY, PasswordConfirmDialog, passwordGiven, useFormSubmit } from '@lager/shared';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('warehouseAdmin');
  const { leaveAll } = useLeaveGuestWarehouses();
  const form = useFormSubmit({
    ns: 'warehouseAdmin',
    initial: PASSWORD_ONLY,
    validate: passwordGiven,
    send: async (v) => {
      const outcome = await leaveAll(warehouseIds, v.password);
      onLeft(outcome.left);
      if (outcome.error) throw outcome.error;
      return outcome;
    },
    errors: LEAVE_WAREHOUSE_ERRORS,
    success: (outcome) => ({ key: 'messages.leaveSuccess', values: { count: outcome.left.length } }),
    after: { ms: DELAYS.guestLeaveClose, run: onClose },
  });

  return (
    <PasswordConfirmDialog
      title={t('dialogs.leaveTitle')}
      message={t('dialogs.leaveText', { count: warehouseIds.length })}
      confirmLabel={t('buttons.leave')}
      form={form}
      onCancel={onClose}
    />
  );
}

import { DELAYS, isBlank, PasswordConfirmDialog, useDelayed } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordActionErrorKey } from '../../../components/password-error-key';
import { useLeaveGuestWarehouses } from '../hooks/useLeaveGuestWarehouses';

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
  const schedule = useDelayed();
  const { leaveAll, isLeaving } = useLeaveGuestWarehouses();
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const confirm = async (password: string) => {
    setError('');
    if (isBlank(password)) {
      setError(t('common:errors.passwordFieldRequired'));
      return;
    }
    const outcome = await leaveAll(warehouseIds, password);
    onLeft(outcome.left);
    if (outcome.error) {
      setError(t(passwordActionErrorKey(outcome.error)));
      return;
    }
    setSuccess(t('messages.leaveSuccess', { count: outcome.left.length }));
    schedule(onClose, DELAYS.guestLeaveClose);
  };

  return (
    <PasswordConfirmDialog
      title={t('dialogs.leaveTitle')}
      message={t('dialogs.leaveText', { count: warehouseIds.length })}
      confirmLabel={t('buttons.leave')}
      busy={isLeaving || !!success}
      error={error}
      success={success}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

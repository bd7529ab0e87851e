import { browser, DELAYS, isBlank, normalizeError, PasswordConfirmDialog, useDelayed } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordActionErrorKey } from '../../../components/password-error-key';
import { useWarehouseAdminDeleteMutation } from '../api/delete-warehouses';

interface DeleteWarehousesDialogProps {
  warehouseIds: number[];
  onDeleted: () => void;
  onClose: () => void;
}

/** Password popup for "delete selected": one request with every id, then close and reload (spec §4). */
export function DeleteWarehousesDialog({ warehouseIds, onDeleted, onClose }: DeleteWarehousesDialogProps) {
  const { t } = useTranslation('warehouseAdmin');
  const schedule = useDelayed();
  const [remove, { isLoading }] = useWarehouseAdminDeleteMutation();
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const confirm = async (password: string) => {
    setError('');
    if (isBlank(password)) {
      setError(t('common:errors.passwordFieldRequired'));
      return;
    }
    try {
      const result = await remove({ warehouse_ids: warehouseIds, password }).unwrap();
      setSuccess(t('messages.deleteSuccess', { count: result.deleted ?? warehouseIds.length }));
      onDeleted();
      schedule(() => {
        onClose();
        browser.reload();
      }, DELAYS.warehouseDeleteReload);
    } catch (caught) {
      setError(t(passwordActionErrorKey(normalizeError(caught))));
    }
  };

  return (
    <PasswordConfirmDialog
      title={t('dialogs.deleteTitle')}
      message={t('dialogs.deleteText', { count: warehouseIds.length })}
      confirmLabel={t('buttons.delete')}
      busy={isLoading || !!success}
      error={error}
      success={success}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

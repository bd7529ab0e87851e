import { DELAYS, PASSWORD_ONLY, PasswordConfirmDialog, passwordGiven, useFormSubmit } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { DELETE_WAREHOUSES_ERRORS, useDeleteWarehousesMutation } from '../api/delete-warehouses';

interface DeleteWarehousesDialogProps {
  warehouseIds: number[];
  onDeleted: () => void;
  onClose: () => void;
}

/** Password popup for "delete selected": one request with every id, then close and reload (spec §4). */
export function DeleteWarehousesDialog({ warehouseIds, onDeleted, onClose }: DeleteWarehousesDialogProps) {
  const { t } = useTranslation('warehouseAdmin');
  const [remove] = useDeleteWarehousesMutation();
  const form = useFormSubmit({
    ns: 'warehouseAdmin',
    initial: PASSWORD_ONLY,
    validate: passwordGiven,
    send: async (v) => {
      const result = await remove({ warehouse_ids: warehouseIds, password: v.password }).unwrap();
      onDeleted();
      return result;
    },
    errors: DELETE_WAREHOUSES_ERRORS,
    success: (result) => ({ key: 'messages.deleteSuccess', values: { count: result.deleted ?? warehouseIds.length } }),
    after: { ms: DELAYS.warehouseDeleteReload, run: onClose, reload: true },
  });

  return (
    <PasswordConfirmDialog
      title={t('dialogs.deleteTitle')}
      message={t('dialogs.deleteText', { count: warehouseIds.length })}
      confirmLabel={t('buttons.delete')}
      form={form}
      onCancel={onClose}
    />
  );
}

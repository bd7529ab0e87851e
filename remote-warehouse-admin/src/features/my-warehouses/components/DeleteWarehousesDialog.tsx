import { DELAYS } from '@lager/shared';
import { SelectedWarehousesDialog } from '../../../components/SelectedWarehousesDialog';
import { DELETE_WAREHOUSES_ERRORS, useDeleteWarehousesMutation } from '../api/delete-warehouses';

interface DeleteWarehousesDialogProps {
  warehouseIds: number[];
  onDeleted: () => void;
  onClose: () => void;
}

/** Password popup for "delete selected": one request with every id, then close and reload (spec §4). */
export function DeleteWarehousesDialog({ warehouseIds, onDeleted, onClose }: DeleteWarehousesDialogProps) {
  const [remove] = useDeleteWarehousesMutation();
  return (
    <SelectedWarehousesDialog
      action="delete"
      count={warehouseIds.length}
      onClose={onClose}
      send={async (v) => {
        const result = await remove({ warehouse_ids: warehouseIds, password: v.password }).unwrap();
        onDeleted();
        return result;
      }}
      errors={DELETE_WAREHOUSES_ERRORS}
      success={(result) => ({
        key: 'messages.deleteSuccess',
        values: { count: result.deleted ?? warehouseIds.length },
      })}
      after={{ ms: DELAYS.warehouseDeleteReload, run: onClose, reload: true }}
    />
  );
}

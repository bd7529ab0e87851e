import { browser, useSetCurrentWarehouseMutation } from '@lager/shared';
import { useState } from 'react';

/**
 * Spec §4: saving the choice updates current_warehouse_id, then the page reloads so every
 * section starts over with the new warehouse (its permissions, roles and members).
 */
export function useSwitchWarehouse() {
  const [setCurrentWarehouse, { isLoading }] = useSetCurrentWarehouseMutation();
  const [failed, setFailed] = useState(false);
  const switchTo = async (warehouseId: number) => {
    setFailed(false);
    try {
      await setCurrentWarehouse({ warehouse_id: warehouseId }).unwrap();
      browser.reload();
    } catch {
      // Handled: the switcher says it failed.
      setFailed(true);
    }
  };
  return { switchTo, busy: isLoading, failed };
}

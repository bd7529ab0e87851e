import { usePermissions } from '@lager/shared';

/** manage_locations (with view_stock, as every stock write): create, edit, move, archive, delete. */
export function useMayManageLocations() {
  const { permissions } = usePermissions();
  return permissions.includes('view_stock') && permissions.includes('manage_locations');
}

import { hasAnyPermission, useAuth, usePermissions } from '@lager/shared';
import { useCallback } from 'react';

/** Who is looking (user, current warehouse) and what they may do, for every screen of the section. */
export function useSection() {
  const { status, user } = useAuth();
  const { permissions, isLoading } = usePermissions();
  const can = useCallback((required: readonly string[]) => hasAnyPermission(permissions, required), [permissions]);
  return {
    user,
    warehouseId: user?.current_warehouse_id ?? null,
    isLoading: status === 'unknown' || (isLoading && permissions.length === 0),
    can,
  };
}

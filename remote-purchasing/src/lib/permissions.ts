import { usePermissions } from '@lager/shared';

/** What the user may do here (stock-spec-3 §1): every call needs view_purchasing, writes their own too. */
export function usePurchasingPermissions() {
  const { permissions, isLoading } = usePermissions();
  const view = permissions.includes('view_purchasing');
  return {
    isLoading,
    view,
    suppliers: view && permissions.includes('manage_suppliers'),
    orders: view && permissions.includes('manage_purchase_orders'),
    receive: view && permissions.includes('receive_goods'),
  };
}

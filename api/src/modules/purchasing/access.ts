import type { PurchasingPermissionName } from '@lager/contract';
import type { AccessRule } from '../../platform/context';

/**
 * Purchasing acts on the user's current warehouse. Every call needs `view_purchasing`; writes add
 * the action's permission. Receiving needs `receive_goods` and nothing of the stock permissions: it
 * books goods-in on its own right (stock-spec-3 §1).
 */
const current: AccessRule['warehouse'] = (request) => request.user?.currentWarehouseId;

export const purchasingAccess = (...also: PurchasingPermissionName[]): { auth: 'verified'; access: AccessRule } => ({
  auth: 'verified',
  access: { warehouse: current, require: { all: ['view_purchasing', ...also] } },
});

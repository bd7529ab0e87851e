import { ALL_PERMISSION_NAMES, type AnyPermissionName } from '@lager/contract';
import type { Db } from '../../platform/db/client';
import { saveRole } from './repository';

const id = (name: AnyPermissionName) => ALL_PERMISSION_NAMES.indexOf(name) + 1;

/**
 * Two custom roles in the demo warehouse: Lagerist, a clerk (sees the stock, books, counts, prints
 * labels — which needs no more than seeing it —, invites users and assigns roles; manages neither
 * articles nor locations) and Helfer (manages roles).
 */
export async function seedDemoRoles(db: Db, warehouseId: number) {
  const storekeeper = await saveRole(db, warehouseId, {
    name: 'Lagerist',
    description: 'Sieht und bucht Bestand, zählt, druckt Etiketten; lädt Benutzer ein',
    permissions: (['view_stock', 'book_goods', 'count_stock', 'assign_user_role', 'invite_user'] as const).map(id),
  });
  const helper = await saveRole(db, warehouseId, {
    name: 'Helfer',
    description: 'Verwaltet Rollen',
    permissions: [1, 2],
  });
  return { storekeeper, helper };
}

import type { Db } from '../../platform/db/client';
import { saveRole } from './repository';

/** Two custom roles in the demo warehouse: Lagerist (invites, assigns roles) and Helfer (manages roles). */
export async function seedDemoRoles(db: Db, warehouseId: number) {
  const storekeeper = await saveRole(db, warehouseId, {
    name: 'Lagerist',
    description: 'Lädt Benutzer ein und vergibt Rollen',
    permissions: [4, 5],
  });
  const helper = await saveRole(db, warehouseId, {
    name: 'Helfer',
    description: 'Verwaltet Rollen',
    permissions: [1, 2],
  });
  return { storekeeper, helper };
}

import type { Db } from '../../platform/db/client';
import { createWarehouse } from './repository';

/** The demo owner's two warehouses; Hauptlager is the one the owner looks at. */
export async function seedDemoWarehouses(db: Db, ownerId: number) {
  const main = await createWarehouse(db, ownerId, { name: 'Hauptlager', industry_id: 6, usage_id: 2 });
  const cellar = await createWarehouse(db, ownerId, { name: 'Keller', industry_id: 25, usage_id: 1 });
  return { main, cellar };
}

import type { FastifyInstance } from 'fastify';
import { countUsers, seedDemoUsers, setCurrentWarehouse } from './modules/auth';
import { subscribeDigest } from './modules/digests';
import { seedDemoInvitation } from './modules/invitations';
import { seedLocationsDemo } from './modules/locations';
import { addMember } from './modules/members';
import { seedPurchasingDemo } from './modules/purchasing';
import { seedDemoRoles } from './modules/roles';
import { seedStockDemo } from './modules/stock';
import { seedDemoWarehouses } from './modules/warehouses';

const DEMO_PASSWORD = 'demo1234';

export interface DemoLogins {
  password: string;
  logins: { email: string; role: string }[];
}

/**
 * Demo data for a first look, made by each module's seed through its face: an owner with a warehouse, a guest with a custom role, and a
 * third user with an open invitation (its mail lands in the outbox). Only on an empty database.
 */
export async function seedDemo(app: FastifyInstance): Promise<DemoLogins | null> {
  const { db } = app.ctx;
  if ((await countUsers(db)) > 0) return null;

  const { owner, guest, invitee } = await seedDemoUsers(app, DEMO_PASSWORD);
  const { main } = await seedDemoWarehouses(db, owner.id);
  await setCurrentWarehouse(db, owner.id, main.id);
  const { storekeeper, helper } = await seedDemoRoles(db, main.id);
  await addMember(db, guest.id, main.id, storekeeper);
  await setCurrentWarehouse(db, guest.id, main.id);
  await seedDemoInvitation(app, { warehouse: main, inviter: owner, invitee, roleId: helper });
  await seedStockDemo(db, main.id, [owner, guest]);
  await seedLocationsDemo(db, main.id);
  await seedPurchasingDemo(db, main.id, owner);
  // The owner gets the daily low-stock digest at 07:00 Berlin time.
  await subscribeDigest(db, { userId: owner.id, warehouseId: main.id, hour: 7, timeZone: 'Europe/Berlin' });

  return {
    password: DEMO_PASSWORD,
    logins: [
      { email: owner.email, role: 'owner of Hauptlager and Keller' },
      { email: guest.email, role: 'guest in Hauptlager (role Lagerist)' },
      { email: invitee.email, role: 'open invitation to Hauptlager (see the outbox)' },
    ],
  };
}

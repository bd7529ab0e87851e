import type { FastifyInstance } from 'fastify';
import { createInvitation } from './data/invitations';
import { addMember } from './data/memberships';
import { saveRole } from './data/roles';
import { countUsers, insertUser, setCurrentWarehouse, type User } from './data/users';
import { createWarehouse } from './data/warehouses';
import { sendInvitationMail } from './services/mail';
import { randomToken, sha256 } from './services/tokens';
import { seedStockDemo } from './stock/seed-demo';

const DEMO_PASSWORD = 'demo1234';

export interface DemoLogins {
  password: string;
  logins: { email: string; role: string }[];
}

/**
 * Demo data for a first look: an owner with a warehouse, a guest with a custom role, and a
 * third user with an open invitation (its mail lands in the outbox). Only on an empty database.
 */
export async function seedDemo(app: FastifyInstance): Promise<DemoLogins | null> {
  const { db, passwords } = app.ctx;
  if ((await countUsers(db)) > 0) return null;

  const password = await passwords.hash(DEMO_PASSWORD);
  const now = new Date();
  const person = (name: string, email: string, language = 'de') => ({
    name,
    email,
    password,
    emailVerifiedAt: now,
    language,
  });
  const created: User[] = [];
  for (const values of [
    person('Olivia Owner', 'owner@lager.demo'),
    person('Gustav Guest', 'guest@lager.demo'),
    person('Ida Invitee', 'invitee@lager.demo', 'en'),
  ]) {
    created.push((await insertUser(db, values))!);
  }
  const [owner, guest, invitee] = created;

  const main = await createWarehouse(db, owner!.id, { name: 'Hauptlager', industry_id: 6, usage_id: 2 });
  await createWarehouse(db, owner!.id, { name: 'Keller', industry_id: 25, usage_id: 1 });
  await setCurrentWarehouse(db, owner!.id, main.id);

  const storekeeper = await saveRole(db, main.id, {
    name: 'Lagerist',
    description: 'Lädt Benutzer ein und vergibt Rollen',
    permissions: [4, 5],
  });
  const helper = await saveRole(db, main.id, { name: 'Helfer', description: 'Verwaltet Rollen', permissions: [1, 2] });
  await addMember(db, guest!.id, main.id, storekeeper);
  await setCurrentWarehouse(db, guest!.id, main.id);

  const token = randomToken(32);
  await createInvitation(db, {
    warehouseId: main.id,
    inviterId: owner!.id,
    email: invitee!.email,
    roleId: helper,
    tokenHash: sha256(token),
  });
  await sendInvitationMail(app, invitee!, owner!.name, main.name, token);
  await seedStockDemo(db, main.id, [owner!, guest!]);

  return {
    password: DEMO_PASSWORD,
    logins: [
      { email: owner!.email, role: 'owner of Hauptlager and Keller' },
      { email: guest!.email, role: 'guest in Hauptlager (role Lagerist)' },
      { email: invitee!.email, role: 'open invitation to Hauptlager (see the outbox)' },
    ],
  };
}

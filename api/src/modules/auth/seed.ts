import type { FastifyInstance } from 'fastify';
import type { User } from '../../platform/tenancy/tables';
import { insertUser } from './repository';

/** The demo's three verified users (owner, guest, invitee), all with the one demo password. */
export async function seedDemoUsers(app: FastifyInstance, plainPassword: string) {
  const password = await app.ctx.passwords.hash(plainPassword);
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
    created.push((await insertUser(app.ctx.db, values))!);
  }
  const [owner, guest, invitee] = created as [User, User, User];
  return { owner, guest, invitee };
}

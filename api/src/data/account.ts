import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../context';
import { invitations, passwordResetTokens, users, warehouses } from '../db/schema';
import { forbidden } from '../errors';

/** 403 whose message contains "Incorrect password" (the web app matches that text). */
export async function assertPassword(app: FastifyInstance, user: UserRow, password: string) {
  if (!(await app.ctx.passwords.verify(user.password, password))) {
    throw forbidden('incorrectPassword', 'password.incorrect');
  }
}

/**
 * Deletes the account with everything that only it owned: its warehouses (their members,
 * roles and invitations go by cascade), invitations to its address, reset tokens, sessions.
 */
export async function deleteAccount(app: FastifyInstance, user: UserRow) {
  await app.ctx.db.transaction(async (tx) => {
    await tx.delete(warehouses).where(eq(warehouses.ownerId, user.id));
    await tx.delete(invitations).where(eq(invitations.email, user.email));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.email, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}

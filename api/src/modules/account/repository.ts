import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users, warehouses } from '../../platform/tenancy/tables';
import { passwordResetTokens, type User } from '../auth';
import { invitations } from '../invitations';

/**
 * Deletes the account with everything that only it owned: its warehouses (their members,
 * roles and invitations go by cascade), invitations to its address, reset tokens, sessions.
 */
export async function deleteUser(db: Db, user: Pick<User, 'id' | 'email'>) {
  await db.transaction(async (tx) => {
    await tx.delete(warehouses).where(eq(warehouses.ownerId, user.id));
    await tx.delete(invitations).where(eq(invitations.email, user.email));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.email, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}

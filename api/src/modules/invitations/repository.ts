import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { memberships, users } from '../../platform/tenancy/tables';
import { invitations } from './tables';

export type Invitation = typeof invitations.$inferSelect;
export type InvitationOutcome = 'accepted' | 'declined';

/** Stores an open invitation; null when one is already open for this address (the partial unique index decides). */
export async function createInvitation(
  db: Db,
  values: { warehouseId: number; inviterId: number; email: string; roleId: number; tokenHash: string },
): Promise<Invitation | null> {
  const [row] = await db.insert(invitations).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string): Promise<Invitation | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/**
 * Consumes a pending invitation: one conditional UPDATE (status still 'pending'), so of several
 * concurrent requests exactly one wins; on accept, the membership and the user's current
 * warehouse change in the same transaction. False when someone else processed it first.
 */
export async function processInvitation(db: Db, invitation: Invitation, userId: number, outcome: InvitationOutcome) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invitations)
      .set({ status: outcome, processedAt: sql`now()` })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
      .returning({ id: invitations.id });
    if (!claimed) return false;
    if (outcome === 'declined') return true;
    await tx
      .insert(memberships)
      .values({ userId, warehouseId: invitation.warehouseId, roleId: invitation.roleId })
      .onConflictDoNothing();
    await tx.update(users).set({ currentWarehouseId: invitation.warehouseId }).where(eq(users.id, userId));
    return true;
  });
}

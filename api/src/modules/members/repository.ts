import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { perDatabase } from '../../platform/prepared';
import { type Member, type Membership, memberships, users } from '../../platform/tenancy/tables';

export async function findMembership(db: Db, userId: number, warehouseId: number): Promise<Membership | null> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.warehouseId, warehouseId)))
    .limit(1);
  return row ?? null;
}

export function listMemberships(db: Db, warehouseId: number): Promise<Membership[]> {
  return db.select().from(memberships).where(eq(memberships.warehouseId, warehouseId));
}

/** The warehouse's members with their roles, prepared once per database handle. */
export function listMembers(db: Db, warehouseId: number): Promise<Member[]> {
  return warehouseMembers(db).execute({ warehouseId });
}

const warehouseMembers = perDatabase((db) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, roleId: memberships.roleId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.warehouseId, sql.placeholder('warehouseId')))
    .orderBy(asc(users.name), asc(users.id))
    .prepare('lager_warehouse_members'),
);

/** Changes a member's role; false when they are no longer a member. */
export async function setMemberRole(db: Db, userId: number, warehouseId: number, roleId: number | null) {
  const updated = await db
    .update(memberships)
    .set({ roleId })
    .where(and(eq(memberships.userId, userId), eq(memberships.warehouseId, warehouseId)))
    .returning({ userId: memberships.userId });
  return updated.length > 0;
}

/**
 * Removes memberships and, in the same transaction, moves affected users off the warehouse
 * they were looking at: both change together or not at all.
 */
export async function removeMembers(db: Db, warehouseId: number, userIds: number[]) {
  if (userIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(memberships)
      .where(and(eq(memberships.warehouseId, warehouseId), inArray(memberships.userId, userIds)))
      .returning({ userId: memberships.userId });
    const gone = removed.map((r) => r.userId);
    if (gone.length) {
      await tx
        .update(users)
        .set({ currentWarehouseId: null })
        .where(and(inArray(users.id, gone), eq(users.currentWarehouseId, warehouseId)));
    }
    return gone.length;
  });
}

/** Adds a member (demo seed; invitations add members through processInvitation). */
export async function addMember(db: Db, userId: number, warehouseId: number, roleId: number | null) {
  await db.insert(memberships).values({ userId, warehouseId, roleId }).onConflictDoNothing();
}

import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { memberships, type User, users } from '../../platform/tenancy/tables';
import { passwordResetTokens } from './tables';

export type { User };
export type NewUser = Pick<typeof users.$inferInsert, 'name' | 'email' | 'password' | 'language' | 'emailVerifiedAt'>;

/** E-mails are compared case-insensitively and stored trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}

export async function emailTaken(db: Db, email: string, exceptUserId?: number) {
  const user = await findUserByEmail(db, email);
  return !!user && user.id !== exceptUserId;
}

/** Inserts the user; null when the address is taken (the unique key decides, so racing sign-ups cannot both win). */
export async function insertUser(db: Db, values: NewUser): Promise<User | null> {
  const [user] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user ?? null;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<User> {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return user!;
}

/**
 * Switches the user's current warehouse only while they are a member: one statement, so a
 * concurrent removal either happens before (nothing changes, null) or after (it clears the id).
 */
export async function setCurrentWarehouse(db: Db, userId: number, warehouseId: number): Promise<User | null> {
  const [user] = await db
    .update(users)
    .set({ currentWarehouseId: warehouseId, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.userId} = ${userId} AND ${memberships.warehouseId} = ${warehouseId} FOR KEY SHARE)`,
      ),
    )
    .returning();
  return user ?? null;
}

/**
 * Marks the address verified: one conditional UPDATE (still this address, not yet verified), so
 * a link for an address the user has since changed verifies nothing. False when nothing changed.
 */
export async function markEmailVerified(db: Db, userId: number, email: string) {
  const updated = await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.email, email), sql`${users.emailVerifiedAt} IS NULL`))
    .returning({ id: users.id });
  return updated.length > 0;
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export type ResetToken = typeof passwordResetTokens.$inferSelect;

/** One token per address: a new request replaces the previous one. */
export async function saveResetToken(db: Db, email: string, tokenHash: string) {
  const createdAt = new Date();
  await db
    .insert(passwordResetTokens)
    .values({ email, tokenHash, createdAt })
    .onConflictDoUpdate({ target: passwordResetTokens.email, set: { tokenHash, createdAt } });
}

/** The token row when it is younger than `maxAgeMs`; the caller compares the hash in constant time. */
export async function findFreshResetToken(db: Db, email: string, maxAgeMs: number): Promise<ResetToken | null> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.email, email), gt(passwordResetTokens.createdAt, new Date(Date.now() - maxAgeMs))),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses the token up: one conditional DELETE of exactly this (address, hash, still fresh) row, so
 * of several concurrent requests with one token exactly one gets `true`.
 */
export async function consumeResetToken(db: Db, email: string, tokenHash: string, maxAgeMs: number) {
  const deleted = await db
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.email, email),
        eq(passwordResetTokens.tokenHash, tokenHash),
        gt(passwordResetTokens.createdAt, new Date(Date.now() - maxAgeMs)),
      ),
    )
    .returning({ email: passwordResetTokens.email });
  return deleted.length > 0;
}

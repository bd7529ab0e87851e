import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { passwordResetTokens } from './tables';

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

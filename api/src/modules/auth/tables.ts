/** Password-reset tokens: one per e-mail, hashed (the mail holds the only usable copy). */
import { char, pgTable, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../platform/tenancy';

export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: varchar('email', { length: 255 }).primaryKey(),
  tokenHash: char('token_hash', { length: 64 }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

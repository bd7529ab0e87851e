/**
 * Sign-in rules: login (throttle, constant-time answer for unknown addresses), registration,
 * e-mail verification and password reset (single-use tokens, 60 minutes, sessions ended).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext, UserRow } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError, type FieldErrors, fieldError, forbidden, validationError } from '../../platform/errors';
import type { Language } from '../../platform/i18n';
import { isValidVerification, randomToken, safeEqual, sha1, sha256 } from '../../platform/security/tokens';
import { deleteUserSessions } from '../../platform/tenancy/sessions';
import { countAccountMail, sendResetMail, sendVerificationMail, tooManyMails } from './mail';
import {
  consumeResetToken,
  emailTaken,
  findFreshResetToken,
  findUserByEmail,
  insertUser,
  markEmailVerified,
  normalizeEmail,
  saveResetToken,
  type User,
  updateUser,
} from './repository';

const RESET_TOKEN_MAX_AGE_MS = 60 * 60_000;

/**
 * The user whose password this is, else 422 `auth.failed`; 429 over the login throttle. When
 * `language` is given (the request said which it wants), it becomes the user's language.
 */
export async function logIn(
  app: FastifyInstance,
  input: { email: string; password: string; ip: string; language?: Language },
): Promise<User> {
  const { passwords, db } = app.ctx;
  // Counted before the password is checked: parallel attempts cannot all slip under the limit (429).
  const attempt = await app.loginThrottle.attempt(normalizeEmail(input.email), input.ip);
  const user = await findUserByEmail(db, input.email);
  // An unknown address costs one argon2 verification too, so timing does not reveal accounts.
  const valid = user
    ? await passwords.verify(user.password, input.password)
    : await passwords.verifyNone(input.password);
  if (!user || !valid) throw fieldError('email', 'invalidCredentials', 'auth.failed');
  await attempt.succeeded();
  return input.language ? updateUser(db, user.id, { language: input.language }) : user;
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** Creates the account and sends its first verification mail; 422 when the address is taken or the passwords differ. */
export async function register(app: FastifyInstance, input: Registration, language: Language): Promise<void> {
  const { ctx } = app;
  const errors: FieldErrors = {};
  if (await emailTaken(ctx.db, input.email)) errors.email = [{ key: 'emailTaken', vars: { field: 'email' } }];
  if (input.password !== input.password_confirmation) {
    errors.password = [{ key: 'validation.confirmed', vars: { field: 'password' } }];
  }
  if (Object.keys(errors).length) throw validationError(errors, errors.email ? 'email.taken' : 'validation.failed');
  const user = await insertUser(ctx.db, {
    name: input.name.trim(),
    email: input.email,
    password: await ctx.passwords.hash(input.password),
    language,
  });
  // Someone registered the address between the check and the insert.
  if (!user) throw fieldError('email', 'emailTaken', 'email.taken');
  // The first of the account's verification mails (the ceiling counts it).
  if ((await countAccountMail(app, 'verify', user.id)).allowed) await sendVerificationMail(app, user);
}

export const emailAvailable = async (db: Db, email: string) => !(await emailTaken(db, email));

/**
 * Sends a verification mail to a signed-in user: `false` when the address is verified already
 * (nothing sent), 429 over the account's mail ceiling (the caller is the owner: that reveals nothing).
 */
export async function resendVerification(app: FastifyInstance, user: UserRow): Promise<boolean> {
  if (user.emailVerifiedAt) return false;
  const mail = await countAccountMail(app, 'verify', user.id);
  if (!mail.allowed) throw tooManyMails(mail.retryAfterMs);
  await sendVerificationMail(app, user);
  return true;
}

export const verificationStatus = (user: UserRow) => ({
  verified: !!user.emailVerifiedAt,
  email_verified_at: user.emailVerifiedAt ? user.emailVerifiedAt.toISOString() : null,
});

/** Verifies the signed-in user's address by a signed link; 403 for a link of another user, address or a bad signature. */
export async function verifyEmail(
  ctx: AppContext,
  user: UserRow,
  link: { id: number; hash: string; expires: number; signature: string },
): Promise<void> {
  const invalid = () => forbidden('invalidSignature', 'verify.invalid_link');
  // The link is for one user and one address: a changed e-mail makes old links useless.
  if (link.id !== user.id || !safeEqual(link.hash, sha1(user.email))) throw invalid();
  if (!isValidVerification(ctx.appKey, link)) throw invalid();
  if (!user.emailVerifiedAt) await markEmailVerified(ctx.db, user.id, user.email);
}

const invalidToken = () =>
  new AppError(422, 'invalidResetToken', 'reset.invalid_token', {
    errors: { token: [{ key: 'invalidResetToken' }] },
  });

/**
 * Mails a reset link when the address has an account under its mail ceiling. The caller answers the
 * same either way, so the form cannot be used to probe for accounts (a 429 would tell one exists):
 * over the ceiling nothing is sent and the token of the last mail stays valid.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app.ctx.db, email);
  if (!user || !(await countAccountMail(app, 'reset', user.id)).allowed) return;
  const token = randomToken(32);
  await saveResetToken(app.ctx.db, user.email, sha256(token));
  await sendResetMail(app, user, token);
}

/** 422 `reset.invalid_token` unless `token` is the address's current token and younger than 60 minutes. */
export async function assertResetToken(db: Db, email: string, token: string): Promise<void> {
  const row = await findFreshResetToken(db, normalizeEmail(email), RESET_TOKEN_MAX_AGE_MS);
  if (!row || !safeEqual(row.tokenHash, sha256(token))) throw invalidToken();
}

/** Sets a new password by a reset token; the token is used up and the account logged out everywhere. */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string; password_confirmation: string },
): Promise<void> {
  const { email, token, password } = input;
  if (password !== input.password_confirmation) throw fieldError('password', 'validation.confirmed');
  await assertResetToken(ctx.db, email, token);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw invalidToken();
  const hashed = await ctx.passwords.hash(password);
  // Single use: one conditional DELETE decides, so of parallel requests with one token exactly one
  // changes the password. Whoever knew the old password is logged out everywhere.
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeResetToken(tx, user.email, sha256(token), RESET_TOKEN_MAX_AGE_MS))) throw invalidToken();
    await updateUser(tx, user.id, { password: hashed });
    await deleteUserSessions(tx, user.id);
  });
}

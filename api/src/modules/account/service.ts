/** The signed-in user's own account: profile, password, deletion, the current warehouse. */
import type { FastifyInstance } from 'fastify';
import type { AccessLookup, AppContext, UserRow } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError, fieldError, validationError } from '../../platform/errors';
import { assertPassword } from '../../platform/security/passwords';
import { deleteUserSessions } from '../../platform/tenancy/sessions';
import {
  countAccountMail,
  emailTaken,
  normalizeEmail,
  sendEmailChangedNotice,
  sendVerificationMail,
  setCurrentWarehouse,
  type User,
  updateUser,
} from '../auth';
import { deleteUser } from './repository';

/**
 * Changes name and/or address (422 when neither is given or the address is taken). A new address
 * has to be verified again: it gets a verification mail, the old one a notice.
 */
export async function updateProfile(
  app: FastifyInstance,
  user: UserRow,
  input: { name?: string; email?: string },
): Promise<User> {
  const name = input.name?.trim() || undefined;
  const email = input.email ? normalizeEmail(input.email) : undefined;
  if (!name && !email) throw fieldError('name', 'validation.profileEmpty');
  const emailChanged = !!email && email !== user.email;
  if (emailChanged && (await emailTaken(app.ctx.db, email, user.id))) {
    throw fieldError('email', 'emailTaken', 'email.taken');
  }
  const updated = await updateUser(app.ctx.db, user.id, {
    ...(name ? { name } : {}),
    ...(emailChanged ? { email, emailVerifiedAt: null } : {}),
  });
  if (emailChanged) {
    // Over the account's mail ceiling the change stands without a mail (the resend card says when
    // one may be asked for): changing the address again and again must not mail a list of strangers.
    if ((await countAccountMail(app, 'verify', user.id)).allowed) await sendVerificationMail(app, updated);
    // The form needs no password: tell the old address, so a hijacked session cannot take the account unnoticed.
    await sendEmailChangedNotice(app, user, updated.email);
  }
  return updated;
}

/** A new password against the current one; every other session of the user ends. */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: { current_password: string; password: string; password_confirmation: string },
  keepSessionId: string | undefined,
): Promise<void> {
  if (!(await ctx.passwords.verify(user.password, input.current_password))) {
    throw validationError({ current_password: [{ key: 'currentPasswordIncorrect' }] }, 'password.current_incorrect');
  }
  if (input.password !== input.password_confirmation) throw fieldError('password', 'validation.confirmed');
  await updateUser(ctx.db, user.id, { password: await ctx.passwords.hash(input.password) });
  await deleteUserSessions(ctx.db, user.id, keepSessionId);
}

/** Deletes the account (403 `password.incorrect` without its password) with everything only it owned. */
export async function deleteAccount(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  await assertPassword(ctx.passwords, user, password);
  await deleteUser(ctx.db, user);
}

/** Makes `warehouseId` the user's current warehouse; 403 unless a member (checked in the same statement). */
export async function switchWarehouse(db: Db, userId: number, warehouseId: number): Promise<User> {
  const updated = await setCurrentWarehouse(db, userId, warehouseId);
  if (!updated) throw new AppError(403, 'notAMember', 'warehouse.not_member');
  return updated;
}

/**
 * The user's permissions in their current warehouse (`accessIn` resolves a warehouse's access):
 * none without one, and none while unverified (every warehouse call answers 403 for them).
 */
export async function currentPermissions(user: UserRow, accessIn: (warehouseId: number) => Promise<AccessLookup>) {
  if (!user.emailVerifiedAt || !user.currentWarehouseId) return [];
  const { access } = await accessIn(user.currentWarehouseId);
  return access ? [...access.permissions] : [];
}

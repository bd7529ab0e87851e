/** Invitation rules: only registered non-members, one pending invitation per address, processed once, by the invitee. */
import type { ErrorCode } from '@lager/contract';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/security/tokens';
import { findWarehouseRole } from '../../platform/tenancy/access';
import { findUserByEmail, normalizeEmail } from '../auth';
import { findMembership } from '../members';
import { findWarehouse } from '../warehouses';
import { sendInvitationMail } from './mail';
import { createInvitation, findInvitationByTokenHash, processInvitation } from './repository';

const inviteError = (key: Parameters<typeof fieldError>[1], code: ErrorCode) => fieldError('email', key, code);
const processed = () => new AppError(400, 'invitationProcessed', 'invitation.processed');

/** Invites a registered user who is not a member yet into the warehouse with a role of it, by mail. */
export async function sendInvitation(
  app: FastifyInstance,
  inviter: UserRow,
  warehouseId: number,
  input: { email: string; role_id: number },
): Promise<void> {
  const { db } = app.ctx;
  const email = normalizeEmail(input.email);
  if (email === inviter.email) throw inviteError('inviteSelf', 'invite.self');
  const invitee = await findUserByEmail(db, email);
  if (!invitee) throw inviteError('inviteNotRegistered', 'invite.not_registered');
  if (await findMembership(db, invitee.id, warehouseId)) {
    throw inviteError('inviteAlreadyMember', 'invite.already_member');
  }
  const role = await findWarehouseRole(db, input.role_id, warehouseId);
  if (!role) throw fieldError('role_id', 'validation.exists', 'role.not_found');
  const token = randomToken(32);
  const invitation = await createInvitation(db, {
    warehouseId,
    inviterId: inviter.id,
    email,
    roleId: role.id,
    tokenHash: sha256(token),
  });
  // The partial unique index decides, so two racing sends cannot both pass.
  if (!invitation) throw inviteError('inviteExists', 'invite.exists');
  const warehouse = await findWarehouse(db, warehouseId);
  await sendInvitationMail(app, invitee, inviter.name, warehouse!.name, token);
}

/** Accepts or declines the invitation of `token` for its invitee; returns the warehouse's id. */
export async function answerInvitation(
  db: Db,
  user: UserRow,
  token: string,
  action: 'accept' | 'decline',
): Promise<number> {
  const invitation = await findInvitationByTokenHash(db, sha256(token));
  if (!invitation) throw notFound('invitationNotFound', 'invitation.not_found');
  if (invitation.status !== 'pending') throw processed();
  if (invitation.email !== user.email) throw forbidden('invitationNotForYou', 'invitation.wrong_user');
  // One conditional update decides: of racing accepts/declines exactly one wins.
  if (!(await processInvitation(db, invitation, user.id, action === 'accept' ? 'accepted' : 'declined'))) {
    throw processed();
  }
  return invitation.warehouseId;
}

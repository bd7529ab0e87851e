import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../platform/security/tokens';
import type { User, Warehouse } from '../../platform/tenancy/tables';
import { sendInvitationMail } from './mail';
import { createInvitation } from './repository';

/** An open invitation for the demo invitee; its mail lands in the outbox like any other. */
export async function seedDemoInvitation(
  app: FastifyInstance,
  invite: { warehouse: Warehouse; inviter: User; invitee: User; roleId: number },
) {
  const token = randomToken(32);
  await createInvitation(app.ctx.db, {
    warehouseId: invite.warehouse.id,
    inviterId: invite.inviter.id,
    email: invite.invitee.email,
    roleId: invite.roleId,
    tokenHash: sha256(token),
  });
  await sendInvitationMail(app, invite.invitee, invite.inviter.name, invite.warehouse.name, token);
}

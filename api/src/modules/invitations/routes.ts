import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { type ErrorCode, LIMITS } from '@lager/contract';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors';
import { Email, Id, MessageBody, responses } from '../../platform/http/schemas';
import { warehouseInBodyOrCurrent } from '../../platform/http/warehouse-of';
import { t } from '../../platform/i18n/request';
import { randomToken, sha256 } from '../../platform/security/tokens';
import { findWarehouseRole } from '../../platform/tenancy/access';
import { findUserByEmail, normalizeEmail } from '../auth';
import { findMembership } from '../members';
import { findWarehouse } from '../warehouses';
import { sendInvitationMail } from './mail';
import { createInvitation, findInvitationByTokenHash, processInvitation } from './repository';

const inviteError = (key: Parameters<typeof fieldError>[1], code: ErrorCode) => fieldError('email', key, code);

const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/api/invitations/send',
    {
      config: {
        auth: 'verified',
        access: {
          warehouse: warehouseInBodyOrCurrent,
          require: ['invite_user'],
          // Inviting someone (or one's own second account) into a richer role would grant more than one holds.
          grants: (request) => ({ roleId: (request.body as { role_id: number }).role_id }),
        },
      },
      schema: {
        operationId: 'sendInvitation',
        tags: ['user-admin'],
        body: Type.Object({ email: Email(), role_id: Id(), warehouse_id: Type.Optional(Id()) }),
        response: responses({ 201: MessageBody }, 401, 403, 419, 422),
      },
    },
    async (request, reply) => {
      const inviter = request.user!;
      const warehouseId = request.access!.warehouseId;
      const email = normalizeEmail(request.body.email);
      if (email === inviter.email) throw inviteError('inviteSelf', 'invite.self');
      const invitee = await findUserByEmail(db, email);
      if (!invitee) throw inviteError('inviteNotRegistered', 'invite.not_registered');
      if (await findMembership(db, invitee.id, warehouseId)) {
        throw inviteError('inviteAlreadyMember', 'invite.already_member');
      }
      const role = await findWarehouseRole(db, request.body.role_id, warehouseId);
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
      return reply.code(201).send({ message: t(request, 'invitationSent') });
    },
  );

  for (const action of ['accept', 'decline'] as const) {
    app.post(
      `/api/invitations/${action}/:token`,
      {
        config: { auth: 'verified' },
        schema: {
          operationId: action === 'accept' ? 'acceptInvitation' : 'declineInvitation',
          tags: ['user-admin'],
          params: Type.Object({ token: Type.String({ minLength: 1, maxLength: LIMITS.tokenMax }) }),
          response: responses(
            { 200: Type.Object({ message: Type.String(), warehouse_id: Type.Integer() }) },
            400,
            401,
            403,
            404,
            419,
          ),
        },
      },
      async (request) => {
        const user = request.user!;
        const invitation = await findInvitationByTokenHash(db, sha256(request.params.token));
        if (!invitation) throw notFound('invitationNotFound', 'invitation.not_found');
        if (invitation.status !== 'pending') throw new AppError(400, 'invitationProcessed', 'invitation.processed');
        if (invitation.email !== user.email) throw forbidden('invitationNotForYou', 'invitation.wrong_user');
        // One conditional update decides: of racing accepts/declines exactly one wins.
        const won = await processInvitation(db, invitation, user.id, action === 'accept' ? 'accepted' : 'declined');
        if (!won) throw new AppError(400, 'invitationProcessed', 'invitation.processed');
        const key = action === 'accept' ? 'invitationAccepted' : 'invitationDeclined';
        return { message: t(request, key), warehouse_id: invitation.warehouseId };
      },
    );
  }
};

export default invitationRoutes;

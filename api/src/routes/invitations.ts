import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { type ErrorCode, LIMITS } from '@lager/contract';
import { and, eq, sql } from 'drizzle-orm';
import { findUserByEmail, normalizeEmail } from '../data/users';
import { findWarehouse } from '../data/warehouses';
import { invitations, memberships, roles, users } from '../db/schema';
import { AppError, fieldError, forbidden, notFound } from '../errors';
import { t } from '../i18n/request';
import { warehouseInBodyOrCurrent } from '../plugins/warehouse-of';
import { Email, Id, MessageBody, responses } from '../schemas/common';
import { sendInvitationMail } from '../services/mail';
import { randomToken, sha256 } from '../services/tokens';

const inviteError = (key: Parameters<typeof fieldError>[1], code: ErrorCode) => fieldError('email', key, code);

const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/api/invitations/send',
    {
      config: { auth: 'verified', access: { warehouse: warehouseInBodyOrCurrent, require: ['invite_user'] } },
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
      const [member] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, invitee.id), eq(memberships.warehouseId, warehouseId)));
      if (member) throw inviteError('inviteAlreadyMember', 'invite.already_member');
      const [role] = await db
        .select()
        .from(roles)
        .where(and(eq(roles.id, request.body.role_id), eq(roles.warehouseId, warehouseId)));
      if (!role) throw fieldError('role_id', 'validation.exists', 'role.not_found');
      const token = randomToken(32);
      const inserted = await db
        .insert(invitations)
        .values({ warehouseId, inviterId: inviter.id, email, roleId: role.id, tokenHash: sha256(token) })
        .onConflictDoNothing()
        .returning({ id: invitations.id });
      // The partial unique index decides, so two racing sends cannot both pass.
      if (!inserted.length) throw inviteError('inviteExists', 'invite.exists');
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
        const [invitation] = await db
          .select()
          .from(invitations)
          .where(eq(invitations.tokenHash, sha256(request.params.token)));
        if (!invitation) throw notFound('invitationNotFound', 'invitation.not_found');
        if (invitation.status !== 'pending') throw new AppError(400, 'invitationProcessed', 'invitation.processed');
        if (invitation.email !== user.email) throw forbidden('invitationNotForYou', 'invitation.wrong_user');
        await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(invitations)
            .set({ status: action === 'accept' ? 'accepted' : 'declined', processedAt: sql`now()` })
            .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
            .returning({ id: invitations.id });
          if (!claimed) throw new AppError(400, 'invitationProcessed', 'invitation.processed');
          if (action === 'decline') return;
          await tx
            .insert(memberships)
            .values({ userId: user.id, warehouseId: invitation.warehouseId, roleId: invitation.roleId })
            .onConflictDoNothing();
          await tx.update(users).set({ currentWarehouseId: invitation.warehouseId }).where(eq(users.id, user.id));
        });
        const key = action === 'accept' ? 'invitationAccepted' : 'invitationDeclined';
        return { message: t(request, key), warehouse_id: invitation.warehouseId };
      },
    );
  }
};

export default invitationRoutes;

import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { LIMITS } from '@lager/contract';
import { Email, Id, MessageBody, responses } from '../../platform/http/schemas';
import { warehouseInBodyOrCurrent } from '../../platform/http/warehouse-of';
import { t } from '../../platform/i18n/request';
import { answerInvitation, sendInvitation } from './service';

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
      await sendInvitation(app, request.user!, request.access!.warehouseId, request.body);
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
        const warehouse_id = await answerInvitation(db, request.user!, request.params.token, action);
        const key = action === 'accept' ? 'invitationAccepted' : 'invitationDeclined';
        return { message: t(request, key), warehouse_id };
      },
    );
  }
};

export default invitationRoutes;

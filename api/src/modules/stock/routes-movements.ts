import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../platform/errors';
import { resolveAccess } from '../../platform/http/authorization';
import { IdParam } from '../../platform/http/schemas';
import { t } from '../../platform/i18n/request';
import { bookingAccess, stockAccess } from './access';
import { bookMovementOnce } from './booking-call';
import { type Booker, bookCount, reverseMovement, transferStock } from './bookings';
import { once } from './idempotency';
import { journalPage } from './journal';
import { occurredAtOf } from './occurred-at';
import {
  BookingAnswer,
  BookingInput,
  CountAnswer,
  CountInput,
  IdempotencyHeaders,
  JournalQuery,
  MovementPage,
  ReverseInput,
  responses,
  TransferAnswer,
  TransferInput,
  UnchangedAnswer,
} from './schemas';

const tags = ['stock'];

/** Called inside `once`: a replayed answer is never refused for an `occurred_at` grown old. */
export const bookerOf = (request: FastifyRequest): Booker => ({
  warehouseId: request.access!.warehouseId,
  user: request.user!,
  lang: request.lang,
  occurredAt: occurredAtOf((request.body as { occurred_at?: string | null } | undefined)?.occurred_at),
});

const movementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/stock/movements',
    {
      config: stockAccess(),
      schema: {
        operationId: 'listStockMovements',
        tags,
        querystring: JournalQuery,
        response: responses({ 200: MovementPage }, 401, 403, 422),
      },
    },
    async (request) => {
      const { cursor, limit, ...filter } = request.query;
      return journalPage(db, request.access!.warehouseId, filter, { cursor, limit });
    },
  );

  app.post(
    '/api/stock/movements',
    {
      config: bookingAccess(),
      schema: {
        operationId: 'bookStockMovement',
        tags,
        headers: IdempotencyHeaders,
        body: BookingInput,
        response: responses({ 201: BookingAnswer, 200: UnchangedAnswer }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request, reply) => {
      const answer = await bookMovementOnce(db, request, request.body, bookerOf);
      const body = answer.body.unchanged ? { ...answer.body, message: t(request, 'stock.unchanged') } : answer.body;
      return reply.code(answer.statusCode).send(body);
    },
  );

  app.post(
    '/api/stock/movements/:id/reverse',
    {
      config: stockAccess('reverse_movements'),
      schema: {
        operationId: 'reverseStockMovement',
        tags,
        params: IdParam('id'),
        headers: IdempotencyHeaders,
        body: Type.Optional(ReverseInput),
        response: responses({ 201: BookingAnswer }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request, reply) => {
      const answer = await once(db, request, (tx) =>
        reverseMovement(tx, bookerOf(request), request.params.id, request.body?.note),
      );
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    '/api/stock/transfers',
    {
      config: stockAccess('transfer_stock'),
      schema: {
        operationId: 'transferStock',
        tags,
        headers: IdempotencyHeaders,
        body: TransferInput,
        response: responses({ 201: TransferAnswer }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request, reply) => {
      const { to_warehouse_id } = request.body;
      if (to_warehouse_id === request.access!.warehouseId) {
        throw validationError({ to_warehouse_id: [{ key: 'stock.transferSameWarehouse' }] }, 'transfer.same_warehouse');
      }
      // The target half is a write there: the user must belong to it with view_stock + book_goods.
      const there = await resolveAccess(app, request.user!.id, to_warehouse_id);
      const mayBookThere = ['view_stock', 'book_goods'].every((p) => there?.permissions.has(p as 'view_stock'));
      if (!mayBookThere) {
        throw validationError(
          { to_warehouse_id: [{ key: 'stock.transferTargetForbidden' }] },
          'transfer.target_forbidden',
        );
      }
      const mayCreate = !!there?.permissions.has('manage_articles');
      const answer = await once(db, request, (tx) => transferStock(tx, bookerOf(request), request.body, mayCreate));
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    '/api/stock/counts',
    {
      config: stockAccess('count_stock'),
      schema: {
        operationId: 'bookStockCount',
        tags,
        headers: IdempotencyHeaders,
        body: CountInput,
        response: responses({ 201: CountAnswer }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request, reply) => {
      const answer = await once(db, request, (tx) => bookCount(tx, bookerOf(request), request.body));
      const body = answer.body as { movements: unknown[] };
      return reply
        .code(answer.statusCode)
        .send({ ...answer.body, message: t(request, 'stock.countBooked', { count: body.movements.length }) });
    },
  );
};

export default movementRoutes;

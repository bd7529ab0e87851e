import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { Id, IdParam, StringEnum } from '../../platform/http/schemas';
import { countingAccess, stockAccess } from './access';
import { countListPdf, countSheetsPdf } from './count-pdf';
import {
  closeSession,
  countListCsv,
  countStillOpen,
  findSession,
  listSessions,
  openSession,
  putLines,
  sessionJson,
} from './counts';
import { csvResponses, sendCsv } from './csv-export';
import { once } from './idempotency';
import { pdfHeaders } from './pdf';
import { bookerOf } from './routes-movements';
import { IdempotencyHeaders, responses } from './schemas';
import { seesValue } from './value';

const tags = ['stock'];
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const SessionHead = {
  id: Type.Integer(),
  location_id: Type.Union([Type.Integer(), Type.Null()]),
  blind: Type.Boolean(),
  status: StringEnum(['open', 'closed'] as const),
  opened_by: Type.String(),
  opened_at: Type.String({ format: 'date-time' }),
  closed_by: Nullable(Type.String()),
  closed_at: Nullable(Type.String({ format: 'date-time' })),
};
const CountLine = Type.Object({
  article_id: Type.Integer(),
  article_sku: Type.String(),
  article_name: Type.String(),
  unit: Type.String(),
  location_id: Type.Integer(),
  location_code: Type.String(),
  lot: Nullable(Type.String({ description: 'The lot of a lot article; null otherwise.' })),
  serial: Nullable(Type.String({ description: 'The serial of a serial article (one line per unit); null otherwise.' })),
  expected: Type.Optional(Type.Number({ description: 'Left out of a blind session until it is closed.' })),
  counted: Type.Union([Type.Number(), Type.Null()]),
  counted_by: Nullable(Type.String()),
  counted_at: Nullable(Type.String({ format: 'date-time' })),
  moved: Type.Optional(
    Type.Union([Type.Number(), Type.Null()], {
      description:
        'Signed quantity booked at the line (article, location, lot) since opening, up to the count: what closing nets ' +
        'out. Left out of a blind session until it is closed; after closing as booked (null for a line kept uncounted).',
    }),
  ),
  difference: Type.Union([Type.Number(), Type.Null()], {
    description:
      'counted − (expected + moved). Open: a preview of what closing would book (null while uncounted; always null ' +
      'in a blind session). Closed: as booked.',
  }),
  average_cost: Type.Optional(Nullable(Type.String({ description: 'Only with view_stock_value.' }))),
  value: Type.Optional(Nullable(Type.String({ description: 'counted × average_cost; only with view_stock_value.' }))),
});
const PdfBody = Type.Unsafe<string>({ type: 'string', format: 'binary' });
const SessionSummary = Type.Object(SessionHead, { title: 'StockCountSessionSummary' });
const Session = Type.Object({ ...SessionHead, lines: Type.Array(CountLine) }, { title: 'StockCountSession' });

/**
 * Year-end count sessions (stock-spec-3 §3): manage_counts opens and closes them and gets the signed-off
 * list; counters (count_stock or manage_counts) list, read and count them and print the sheets.
 */
const countRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/api/stock/count-sessions',
    {
      config: stockAccess('manage_counts'),
      schema: {
        operationId: 'openStockCountSession',
        tags,
        headers: IdempotencyHeaders,
        body: Type.Object(
          { location_id: Type.Optional(Type.Union([Id(), Type.Null()])), blind: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        response: responses({ 201: Type.Object({ session: SessionSummary }) }, 401, 403, 409, 419, 422),
      },
    },
    async (request, reply) => {
      const answer = await once(db, request, (tx) => openSession(tx, bookerOf(request), request.body));
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/api/stock/count-sessions',
    {
      config: countingAccess(),
      schema: {
        operationId: 'listStockCountSessions',
        tags,
        response: responses({ 200: Type.Object({ sessions: Type.Array(SessionSummary) }) }, 401, 403),
      },
    },
    async (request) => ({ sessions: await listSessions(db, request.access!.warehouseId) }),
  );

  app.get(
    '/api/stock/count-sessions/:id',
    {
      config: countingAccess(),
      schema: {
        operationId: 'getStockCountSession',
        tags,
        params: IdParam('id'),
        response: responses({ 200: Type.Object({ session: Session }) }, 401, 403, 404),
      },
    },
    async (request) => ({
      session: await sessionJson(db, await findSession(db, request.access!.warehouseId, request.params.id)),
    }),
  );

  app.put(
    '/api/stock/count-sessions/:id/lines',
    {
      config: countingAccess(),
      schema: {
        operationId: 'putStockCountLines',
        tags,
        params: IdParam('id'),
        body: Type.Array(
          Type.Object(
            {
              article_id: Id(),
              location_id: Id(),
              lot: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
              serial: Type.Optional(
                Type.Union([
                  Type.String({ maxLength: 64, description: 'Serial articles: the unit, counted 0 or 1.' }),
                  Type.Null(),
                ]),
              ),
              counted: Type.Number({ minimum: 0, maximum: 99_999_999_999 }),
            },
            { additionalProperties: false },
          ),
          { minItems: 1, maxItems: 500 },
        ),
        response: responses({ 200: Type.Object({ session: Session }) }, 401, 403, 404, 409, 422),
      },
    },
    async (request) => ({
      session: await putLines(db, request.access!.warehouseId, request.user!.name, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/stock/count-sessions/:id/close',
    {
      config: stockAccess('manage_counts'),
      schema: {
        operationId: 'closeStockCountSession',
        tags,
        params: IdParam('id'),
        headers: IdempotencyHeaders,
        body: Type.Optional(
          Type.Object(
            { uncounted: Type.Optional(StringEnum(['zero', 'keep'] as const)) },
            { additionalProperties: false },
          ),
        ),
        response: responses(
          { 200: Type.Object({ session: Session, movements: Type.Integer() }) },
          401,
          403,
          404,
          409,
          419,
          422,
        ),
      },
    },
    async (request, reply) => {
      const answer = await once(db, request, (tx) =>
        closeSession(tx, bookerOf(request), request.params.id, request.body?.uncounted),
      );
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/api/stock/count-sessions/:id/sheets.pdf',
    {
      config: countingAccess(),
      schema: {
        operationId: 'getStockCountSheetsPdf',
        description:
          'Count sheets per location to write on (SKU, name, lot, unit, expected unless blind and open, an empty box).',
        tags,
        params: IdParam('id'),
        produces: ['application/pdf'],
        response: responses({ 200: PdfBody }, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const pdf = await countSheetsPdf(db, request.access!.warehouseId, request.params.id, request.lang);
      return reply.headers(pdfHeaders(`count-${request.params.id}-sheets`)).send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/stock/count-sessions/:id/list.pdf',
    {
      config: stockAccess('manage_counts'),
      schema: {
        operationId: 'getStockCountListPdf',
        description:
          'The signed-off count list of a closed session (409 while open); costs only with view_stock_value.',
        tags,
        params: IdParam('id'),
        produces: ['application/pdf'],
        response: responses({ 200: PdfBody }, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const session = await findSession(db, request.access!.warehouseId, request.params.id);
      if (session.status !== 'closed') throw countStillOpen();
      const pdf = await countListPdf(db, session.warehouseId, session.id, request.lang, seesValue(request));
      return reply.headers(pdfHeaders(`count-${session.id}`)).send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/stock/count-sessions/:id/list.csv',
    {
      config: stockAccess('manage_counts'),
      schema: {
        operationId: 'exportStockCountList',
        tags,
        params: IdParam('id'),
        produces: ['text/csv'],
        response: { ...csvResponses(), ...responses({}, 404, 409) },
      },
    },
    async (request, reply) => {
      const session = await findSession(db, request.access!.warehouseId, request.params.id);
      if (session.status !== 'closed') throw countStillOpen();
      const csv = await countListCsv(db, session, request.lang, seesValue(request));
      return sendCsv(reply, `count-${session.id}`, csv);
    },
  );
};

export default countRoutes;

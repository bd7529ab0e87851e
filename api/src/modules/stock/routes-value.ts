import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { StringEnum } from '../../platform/http/schemas';
import { stockAccess } from './access';
import { csvResponses, sendCsv } from './csv-export';
import { pdfHeaders } from './pdf';
import { UNITS } from './quantity';
import { responses } from './schemas';
import { DEFAULT_TIME_ZONE, VALUATION_GROUPS, valuation, valuationCsv, valuationPdf } from './valuation';

const tags = ['stock'];
/** `type: [string, null]` rather than anyOf: fast-json-stringify writes 100 000 lines of it without trying each branch. */
const StringOrNull = (description: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], description });

const ValuationQuery = Type.Object({
  at: Type.String({ maxLength: 10, description: 'YYYY-MM-DD: the state at the end of that day.' }),
  group: Type.Optional(StringEnum(VALUATION_GROUPS, { description: 'article (default) or article and location.' })),
  time_zone: Type.Optional(
    Type.String({ maxLength: 64, description: `IANA zone the day ends in; default ${DEFAULT_TIME_ZONE}.` }),
  ),
});

const Valuation = Type.Object(
  {
    at: Type.String({ format: 'date' }),
    time_zone: Type.String(),
    group: StringEnum(VALUATION_GROUPS),
    lines: Type.Array(
      Type.Object({
        article_id: Type.Integer(),
        sku: Type.String(),
        name: Type.String(),
        unit: StringEnum(UNITS),
        location_id: Type.Optional(Type.Integer()),
        location_code: Type.Optional(StringOrNull('The location (group=location).')),
        quantity: Type.Number(),
        average_cost: StringOrNull('Decimal string; null: never valued.'),
        value: StringOrNull('quantity × average_cost, half-up to 2 places.'),
      }),
    ),
    total_value: Type.String({ description: 'Σ value of the lines (2 places).' }),
  },
  { title: 'StockValuation' },
);

/** What the stock is worth at the end of a day (stock-spec-3 §3); view_stock_value only. */
const valueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/stock/valuation',
    {
      config: stockAccess('view_stock_value'),
      schema: {
        operationId: 'getStockValuation',
        tags,
        querystring: ValuationQuery,
        response: responses({ 200: Valuation }, 401, 403, 422),
      },
    },
    async (request) => valuation(db, request.access!.warehouseId, request.query),
  );

  app.get(
    '/api/stock/valuation.csv',
    {
      config: stockAccess('view_stock_value'),
      schema: {
        operationId: 'exportStockValuation',
        tags,
        querystring: ValuationQuery,
        produces: ['text/csv'],
        response: csvResponses(),
      },
    },
    async (request, reply) => {
      const result = await valuation(db, request.access!.warehouseId, request.query);
      return sendCsv(reply, `valuation-${result.at}`, valuationCsv(result, request.lang));
    },
  );

  app.get(
    '/api/stock/valuation.pdf',
    {
      config: stockAccess('view_stock_value'),
      schema: {
        operationId: 'getStockValuationPdf',
        description: 'The valuation as a printed table (A4, German by default, the request language otherwise).',
        tags,
        querystring: ValuationQuery,
        produces: ['application/pdf'],
        response: responses({ 200: Type.Unsafe<string>({ type: 'string', format: 'binary' }) }, 401, 403, 422),
      },
    },
    async (request, reply) => {
      const warehouseId = request.access!.warehouseId;
      const result = await valuation(db, warehouseId, request.query);
      const named = (await db.execute(sql`SELECT name FROM warehouses WHERE id = ${warehouseId}`)) as unknown as {
        rows: { name: string }[];
      };
      const pdf = await valuationPdf(result, named.rows[0]?.name ?? '', request.lang);
      return reply.headers(pdfHeaders(`valuation-${result.at}`)).send(Buffer.from(pdf));
    },
  );
};

export default valueRoutes;

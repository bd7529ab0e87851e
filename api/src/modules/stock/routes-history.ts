import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { Id, IdParam, StringEnum } from '../../platform/http/schemas';
import { stockAccess } from './access';
import { csvResponses, sendCsv } from './csv-export';
import { articleHistory, HISTORY_MAX_POINTS } from './history';
import { UNITS } from './quantity';
import { REORDER_SORTS, reorderCsv, reorderList } from './reorder';
import { responses } from './schemas';

const tags = ['stock'];

const History = Type.Object(
  {
    article_id: Type.Integer(),
    location_id: Type.Union([Type.Integer(), Type.Null()]),
    unit: StringEnum(UNITS),
    min_stock: Type.Number(),
    max_stock: Type.Union([Type.Number(), Type.Null()]),
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    bucket_seconds: Type.Number({ description: 'Width of one bucket; each point is the last movement in its bucket.' }),
    points: Type.Array(Type.Object({ at: Type.String({ format: 'date-time' }), quantity: Type.Number() }), {
      maxItems: HISTORY_MAX_POINTS,
      description: 'First the stock at `from`, then the last quantity_after of each bucket that had movements.',
    }),
  },
  { title: 'StockHistory' },
);

const HistoryQuery = Type.Object({
  from: Type.Optional(
    Type.String({ maxLength: 40, description: 'ISO date or date-time; default 30 days before `to`.' }),
  ),
  to: Type.Optional(
    Type.String({ maxLength: 40, description: 'ISO date (whole day included) or date-time; default now.' }),
  ),
  location_id: Type.Optional(Id()),
});

const ReorderQuery = Type.Object({
  sort: Type.Optional(StringEnum(REORDER_SORTS)),
  order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
});

const ReorderLine = Type.Object(
  {
    id: Type.Integer(),
    sku: Type.String(),
    name: Type.String(),
    unit: StringEnum(UNITS),
    quantity: Type.Number(),
    min_stock: Type.Number(),
    max_stock: Type.Union([Type.Number(), Type.Null()]),
    on_order: Type.Number({ description: 'Open quantity of ordered purchase orders (stock-spec-3 §1).' }),
    suggested: Type.Number({
      description:
        'max_stock − quantity − on_order, else 2 × min_stock − quantity − on_order (never below 0); whole for whole units.',
    }),
  },
  { title: 'StockReorderLine' },
);

/** Stock over time and reordering (stock-spec-2 §3, §4). */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/stock/articles/:id/history',
    {
      config: stockAccess(),
      schema: {
        operationId: 'getStockArticleHistory',
        tags,
        params: IdParam('id'),
        querystring: HistoryQuery,
        response: responses({ 200: History }, 401, 403, 404, 422),
      },
    },
    async (request) => articleHistory(db, request.access!.warehouseId, request.params.id, request.query),
  );

  app.get(
    '/api/stock/reorder',
    {
      config: stockAccess(),
      schema: {
        operationId: 'listStockReorder',
        tags,
        querystring: ReorderQuery,
        response: responses({ 200: Type.Object({ articles: Type.Array(ReorderLine) }) }, 401, 403, 422),
      },
    },
    async (request) => ({ articles: await reorderList(db, request.access!.warehouseId, request.query) }),
  );

  app.get(
    '/api/stock/reorder.csv',
    {
      config: stockAccess(),
      schema: {
        operationId: 'exportStockReorder',
        tags,
        querystring: ReorderQuery,
        produces: ['text/csv'],
        response: csvResponses(),
      },
    },
    async (request, reply) => {
      const rows = await reorderList(db, request.access!.warehouseId, request.query);
      return sendCsv(reply, 'reorder', reorderCsv(rows, request.lang));
    },
  );
};

export default historyRoutes;

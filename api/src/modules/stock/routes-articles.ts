import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParam } from '../../platform/http/schemas';
import { stockAccess } from './access';
import {
  articleJson,
  createArticle,
  deleteArticle,
  findArticle,
  listArticles,
  setArchived,
  stockSummary,
  updateArticle,
} from './articles';
import { ArticleAnswer, ArticleInput, ArticlePage, ArticleQuery, isSet, responses, Summary } from './schemas';

const tags = ['stock'];

const articleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const warehouseOf = (request: { access: { warehouseId: number } | null }) => request.access!.warehouseId;

  app.get(
    '/api/stock/summary',
    {
      config: stockAccess(),
      schema: { operationId: 'getStockSummary', tags, response: responses({ 200: Summary }, 401, 403) },
    },
    async (request) => stockSummary(db, warehouseOf(request)),
  );

  app.get(
    '/api/stock/articles',
    {
      config: stockAccess(),
      schema: {
        operationId: 'listStockArticles',
        tags,
        querystring: ArticleQuery,
        response: responses({ 200: ArticlePage }, 401, 403, 422),
      },
    },
    async (request) =>
      listArticles(db, warehouseOf(request), {
        ...request.query,
        low: isSet(request.query.low),
        archived: isSet(request.query.archived),
      }),
  );

  app.post(
    '/api/stock/articles',
    {
      config: stockAccess('manage_articles'),
      schema: {
        operationId: 'createStockArticle',
        tags,
        body: ArticleInput,
        response: responses({ 201: ArticleAnswer }, 401, 403, 419, 422),
      },
    },
    async (request, reply) => {
      const row = await createArticle(db, warehouseOf(request), request.body);
      return reply.code(201).send({ article: articleJson(row) });
    },
  );

  const byId = { params: IdParam('id'), tags };
  app.get(
    '/api/stock/articles/:id',
    {
      config: stockAccess(),
      schema: { ...byId, operationId: 'getStockArticle', response: responses({ 200: ArticleAnswer }, 401, 403, 404) },
    },
    async (request) => ({ article: articleJson(await findArticle(db, warehouseOf(request), request.params.id)) }),
  );

  app.put(
    '/api/stock/articles/:id',
    {
      config: stockAccess('manage_articles'),
      schema: {
        ...byId,
        operationId: 'updateStockArticle',
        body: ArticleInput,
        response: responses({ 200: ArticleAnswer }, 401, 403, 404, 419, 422),
      },
    },
    async (request) => ({
      article: articleJson(await updateArticle(db, warehouseOf(request), request.params.id, request.body)),
    }),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/stock/articles/:id/${action}`,
      {
        config: stockAccess('manage_articles'),
        schema: {
          ...byId,
          operationId: archived ? 'archiveStockArticle' : 'restoreStockArticle',
          response: responses({ 200: ArticleAnswer }, 401, 403, 404, 419),
        },
      },
      async (request) => ({
        article: articleJson(await setArchived(db, warehouseOf(request), request.params.id, archived)),
      }),
    );
  }

  app.delete(
    '/api/stock/articles/:id',
    {
      config: stockAccess('manage_articles'),
      schema: {
        ...byId,
        operationId: 'deleteStockArticle',
        response: responses({ 204: { type: 'null', description: 'Deleted.' } }, 401, 403, 404, 409, 419),
      },
    },
    async (request, reply) => {
      await deleteArticle(db, warehouseOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

export default articleRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { IdParam } from '../../platform/http/schemas';
import { bookerOf, findArticle, hideCosts, IdempotencyHeaders, isSet, once, responses, stockAccess } from '../stock';
import {
  ancestors,
  articleCount,
  articleLocations,
  findLocation,
  locationArchived,
  setDefaultLocation,
  stockPage,
} from './repository';
import {
  ArticleLocations,
  DefaultLocationInput,
  LocationAnswer,
  LocationInput,
  LocationList,
  LocationQuery,
  LocationStockPage,
  LocationStockQuery,
  locationJson,
  RelocationAnswer,
  RelocationInput,
} from './schemas';
import {
  archiveLocation,
  createLocation,
  deleteLocation,
  type LocationRow,
  relocate,
  restoreLocation,
  updateLocation,
} from './service';
import { listLocationsJson } from './tree-list';

const tags = ['stock'];
const warehouseOf = (request: FastifyRequest) => request.access!.warehouseId;

/** stock-spec-2.md §1: the location tree, what lies where, relocations. */
const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Relocation answers carry journal rows: their costs only for view_stock_value (stock-spec-3 §3).
  app.addHook('preSerialization', hideCosts);
  const { db } = app.ctx;

  /** A location with its count and its path from the root. */
  const answer = async (row: LocationRow) => {
    const path = (await ancestors(db, row.id)).reverse().map((r) => ({ id: r.id, code: r.code }));
    return { location: locationJson(row, await articleCount(db, row.id)), path };
  };

  app.get(
    '/api/stock/locations',
    {
      config: stockAccess(),
      schema: {
        operationId: 'listStockLocations',
        tags,
        querystring: LocationQuery,
        response: responses({ 200: LocationList }, 401, 403),
      },
    },
    async (request, reply) => {
      // Already JSON bytes (tree-list.ts): sent as they are, not serialized again; Fastify takes their
      // length as it is instead of measuring 2.2 MB of text, and nothing encodes them again.
      const json = await listLocationsJson(db, warehouseOf(request), isSet(request.query.archived));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.post(
    '/api/stock/locations',
    {
      config: stockAccess('manage_locations'),
      schema: {
        operationId: 'createStockLocation',
        tags,
        body: LocationInput,
        response: responses({ 201: LocationAnswer }, 401, 403, 404, 419, 422),
      },
    },
    async (request, reply) => {
      const row = await createLocation(db, warehouseOf(request), request.body);
      return reply.code(201).send(await answer(row));
    },
  );

  app.get(
    '/api/stock/locations/:id',
    {
      config: stockAccess(),
      schema: {
        operationId: 'getStockLocation',
        tags,
        params: IdParam('id'),
        response: responses({ 200: LocationAnswer }, 401, 403, 404),
      },
    },
    async (request) => answer(await findLocation(db, warehouseOf(request), request.params.id)),
  );

  app.put(
    '/api/stock/locations/:id',
    {
      config: stockAccess('manage_locations'),
      schema: {
        operationId: 'updateStockLocation',
        tags,
        params: IdParam('id'),
        body: LocationInput,
        response: responses({ 200: LocationAnswer }, 401, 403, 404, 419, 422),
      },
    },
    async (request) => answer(await updateLocation(db, warehouseOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/stock/locations/:id',
    {
      config: stockAccess('manage_locations'),
      schema: {
        operationId: 'deleteStockLocation',
        tags,
        params: IdParam('id'),
        response: responses({ 204: { type: 'null' } }, 401, 403, 404, 409, 419),
      },
    },
    async (request, reply) => {
      await deleteLocation(db, warehouseOf(request), request.params.id, request.lang);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/stock/locations/:id/archive',
    {
      config: stockAccess('manage_locations'),
      schema: {
        operationId: 'archiveStockLocation',
        tags,
        params: IdParam('id'),
        response: responses({ 200: LocationAnswer }, 401, 403, 404, 409, 419),
      },
    },
    async (request) => answer(await archiveLocation(db, warehouseOf(request), request.params.id, request.lang)),
  );

  app.post(
    '/api/stock/locations/:id/restore',
    {
      config: stockAccess('manage_locations'),
      schema: {
        operationId: 'restoreStockLocation',
        tags,
        params: IdParam('id'),
        response: responses({ 200: LocationAnswer }, 401, 403, 404, 419),
      },
    },
    async (request) => answer(await restoreLocation(db, warehouseOf(request), request.params.id)),
  );

  app.get(
    '/api/stock/locations/:id/stock',
    {
      config: stockAccess(),
      schema: {
        operationId: 'listStockAtLocation',
        tags,
        params: IdParam('id'),
        querystring: LocationStockQuery,
        response: responses({ 200: LocationStockPage }, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const location = await findLocation(db, warehouseOf(request), request.params.id);
      return stockPage(db, location.id, request.query);
    },
  );

  app.get(
    '/api/stock/articles/:id/locations',
    {
      config: stockAccess(),
      schema: {
        operationId: 'getStockArticleLocations',
        tags,
        params: IdParam('id'),
        response: responses({ 200: ArticleLocations }, 401, 403, 404),
      },
    },
    async (request) => {
      const article = await findArticle(db, warehouseOf(request), request.params.id);
      return articleLocations(db, article.id);
    },
  );

  app.put(
    '/api/stock/articles/:id/default-location',
    {
      config: stockAccess('manage_articles'),
      schema: {
        operationId: 'setStockArticleDefaultLocation',
        tags,
        params: IdParam('id'),
        body: DefaultLocationInput,
        response: responses({ 200: ArticleLocations }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request) => {
      const warehouseId = warehouseOf(request);
      const article = await findArticle(db, warehouseId, request.params.id);
      const { location_id } = request.body;
      if (location_id !== null) {
        const location = await findLocation(db, warehouseId, location_id);
        if (location.archivedAt) throw locationArchived(location.code);
      }
      await setDefaultLocation(db, article.id, location_id);
      return articleLocations(db, article.id);
    },
  );

  app.post(
    '/api/stock/relocations',
    {
      config: stockAccess('book_goods'),
      schema: {
        operationId: 'relocateStock',
        tags,
        headers: IdempotencyHeaders,
        body: RelocationInput,
        response: responses({ 201: RelocationAnswer }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request, reply) => {
      const result = await once(db, request, (tx) => relocate(tx, bookerOf(request), request.body));
      return reply.code(result.statusCode).send(result.body);
    },
  );
};

export default locationRoutes;

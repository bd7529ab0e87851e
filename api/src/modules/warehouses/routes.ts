import { type FastifyPluginAsyncTypebox, type TSchema, Type } from '@fastify/type-provider-typebox';
import { LIMITS } from '@lager/contract';
import type { FastifyRequest } from 'fastify';
import {
  Id,
  IdParam,
  MessageBody,
  Required,
  responses,
  WarehouseBody,
  WarehouseFields,
} from '../../platform/http/schemas';
import { warehouseParam } from '../../platform/http/warehouse-of';
import { t } from '../../platform/i18n/request';
import { memberWarehouseJson, warehouseJson } from '../../platform/tenancy/wire';
import { listGuestWarehouses, listMemberWarehouseNames, listMemberWarehouses, listOwnedWarehouses } from './repository';
import { createWarehouse, deleteWarehouses, getWarehouse, leaveWarehouse, updateWarehouse } from './service';

const WarehouseInput = Type.Object({ name: Required(LIMITS.warehouseNameMax), industry_id: Id(), usage_id: Id() });

const warehouseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const verified = { auth: 'verified' as const };
  const list = <T extends TSchema>(item: T) =>
    responses({ 200: Type.Object({ warehouses: Type.Array(item) }) }, 401, 403);

  app.get(
    '/api/mywarehouses',
    {
      config: verified,
      schema: {
        operationId: 'listMyWarehouses',
        tags: ['shell'],
        response: list(Type.Object({ ...WarehouseFields, user_role: Type.Union([Type.String(), Type.Null()]) })),
      },
    },
    async (request) => ({ warehouses: (await listMemberWarehouses(db, request.user!.id)).map(memberWarehouseJson) }),
  );
  // The warehouses one owns and those one is a guest in: two lists of one shape.
  const ownedAndGuest = [
    ['owned', 'listOwnedWarehouses', listOwnedWarehouses],
    ['guest', 'listGuestWarehouses', listGuestWarehouses],
  ] as const;
  for (const [which, operationId, listOf] of ownedAndGuest) {
    app.get(
      `/api/mywarehouses/${which}`,
      { config: verified, schema: { operationId, tags: ['warehouse-admin'], response: list(WarehouseBody) } },
      async (request) => ({ warehouses: (await listOf(db, request.user!.id)).map(warehouseJson) }),
    );
  }
  app.get(
    '/api/warehouses',
    {
      config: verified,
      schema: {
        operationId: 'listWarehouses',
        tags: ['shell'],
        response: list(Type.Object({ id: Type.Integer(), name: Type.String() })),
      },
    },
    async (request) => ({ warehouses: await listMemberWarehouseNames(db, request.user!.id) }),
  );

  app.post(
    '/api/admin/warehouse',
    {
      config: verified,
      schema: {
        operationId: 'createWarehouse',
        tags: ['warehouse-admin'],
        body: WarehouseInput,
        response: responses(
          { 201: Type.Object({ warehouse: WarehouseBody, message: Type.String() }) },
          401,
          403,
          419,
          422,
        ),
      },
    },
    async (request, reply) => {
      const warehouse = await createWarehouse(db, request.user!.id, request.body);
      return reply.code(201).send({ warehouse: warehouseJson(warehouse), message: t(request, 'warehouseCreated') });
    },
  );

  const ownerOnly = { ...verified, access: { warehouse: warehouseParam('id'), require: 'owner' as const } };
  app.get(
    '/api/warehouses/edit/:id',
    {
      config: ownerOnly,
      schema: {
        operationId: 'getWarehouse',
        tags: ['warehouse-admin'],
        params: IdParam('id'),
        response: responses({ 200: WarehouseBody }, 401, 403, 404),
      },
    },
    async (request) => warehouseJson(await getWarehouse(db, request.params.id)),
  );
  app.put(
    '/api/warehouses/edit/:id',
    {
      config: ownerOnly,
      schema: {
        operationId: 'updateWarehouse',
        tags: ['warehouse-admin'],
        params: IdParam('id'),
        body: WarehouseInput,
        response: responses({ 200: WarehouseBody }, 401, 403, 404, 419, 422),
      },
    },
    async (request) => {
      const warehouse = await updateWarehouse(db, request.user!.id, request.params.id, request.body);
      return warehouseJson(warehouse);
    },
  );

  app.post(
    '/api/admin/warehouse/delete',
    {
      config: verified,
      schema: {
        operationId: 'deleteWarehouses',
        tags: ['warehouse-admin'],
        body: Type.Object({
          warehouse_ids: Type.Array(Id(), { minItems: 1, maxItems: LIMITS.bulkIdsMax }),
          password: Required(),
        }),
        response: responses(
          { 200: Type.Object({ message: Type.String(), deleted: Type.Integer() }) },
          401,
          403,
          419,
          422,
        ),
      },
    },
    async (request) => {
      const { warehouse_ids, password } = request.body;
      const deleted = await deleteWarehouses(ctx, request.user!, warehouse_ids, password);
      return { message: t(request, 'warehousesDeleted', { count: deleted }), deleted };
    },
  );

  // DELETE per the contract; POST too, for clients that cannot send a body with DELETE. Two
  // routes so that each has its own operationId; only DELETE is generated into the web app.
  const leave = {
    config: verified,
    schema: {
      params: IdParam('id'),
      body: Type.Object({ password: Required() }),
      response: responses({ 200: MessageBody }, 401, 403, 404, 419, 422),
    },
  };
  const leaveHandler = async (request: FastifyRequest<{ Params: { id: number }; Body: { password: string } }>) => {
    await leaveWarehouse(app, request.user!, request.params.id, request.body.password);
    return { message: t(request, 'leftWarehouse') };
  };
  app.delete(
    '/api/warehouse/:id/leave',
    { ...leave, schema: { ...leave.schema, operationId: 'leaveWarehouse', tags: ['warehouse-admin'] } },
    leaveHandler,
  );
  app.post(
    '/api/warehouse/:id/leave',
    { ...leave, schema: { ...leave.schema, operationId: 'leaveWarehouseByPost', tags: ['system'] } },
    leaveHandler,
  );
};

export default warehouseRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IdParam } from '../../platform/http/schemas';
import { deliver } from '../../platform/mail/templates';
import { warehouses } from '../../platform/tenancy/tables';
import { bookerOf, findArticle, IdempotencyHeaders, isSet, once, responses } from '../stock';
import { purchasingAccess } from './access';
import { orderMail } from './mail';
import { orderPdf } from './pdf';
import { findSupplier, listSuppliers, loadOrder, orderPage, supplierJson, supplierPrices } from './repository';
import {
  FromReorderAnswer,
  FromReorderInput,
  OrderAnswer,
  OrderInput,
  OrderPage,
  OrderQuery,
  PlaceOrderAnswer,
  PlaceOrderInput,
  ReceiptAnswer,
  ReceiptInput,
  SupplierAnswer,
  SupplierInput,
  SupplierList,
  SupplierPriceList,
  SupplierPricesInput,
  SupplierQuery,
} from './schemas';
import {
  cancelOrder,
  createOrder,
  createSupplier,
  deleteOrder,
  deleteSupplier,
  draftsFromReorder,
  markEmailed,
  placeOrder,
  receive,
  replaceSupplierPrices,
  setSupplierArchived,
  updateOrder,
  updateSupplier,
} from './service';

const tags = ['purchasing'];
const warehouseOf = (request: FastifyRequest) => request.access!.warehouseId;
const noContent = { 204: { type: 'null' } } as const;

/** stock-spec-3.md §1: suppliers, supplier prices, purchase orders, receiving. */
const purchasingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  const warehouseName = async (id: number) =>
    (await db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, id)))[0]?.name ?? '';

  // --- Suppliers -------------------------------------------------------------------------------

  app.get(
    '/api/purchasing/suppliers',
    {
      config: purchasingAccess(),
      schema: {
        operationId: 'listSuppliers',
        tags,
        querystring: SupplierQuery,
        response: responses({ 200: SupplierList }, 401, 403),
      },
    },
    async (request) => ({ suppliers: await listSuppliers(db, warehouseOf(request), isSet(request.query.archived)) }),
  );

  app.post(
    '/api/purchasing/suppliers',
    {
      config: purchasingAccess('manage_suppliers'),
      schema: {
        operationId: 'createSupplier',
        tags,
        body: SupplierInput,
        response: responses({ 201: SupplierAnswer }, 401, 403, 419, 422),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ supplier: await createSupplier(db, warehouseOf(request), request.body) }),
  );

  app.get(
    '/api/purchasing/suppliers/:id',
    {
      config: purchasingAccess(),
      schema: {
        operationId: 'getSupplier',
        tags,
        params: IdParam('id'),
        response: responses({ 200: SupplierAnswer }, 401, 403, 404),
      },
    },
    async (request) => ({ supplier: supplierJson(await findSupplier(db, warehouseOf(request), request.params.id)) }),
  );

  app.put(
    '/api/purchasing/suppliers/:id',
    {
      config: purchasingAccess('manage_suppliers'),
      schema: {
        operationId: 'updateSupplier',
        tags,
        params: IdParam('id'),
        body: SupplierInput,
        response: responses({ 200: SupplierAnswer }, 401, 403, 404, 419, 422),
      },
    },
    async (request) => ({
      supplier: await updateSupplier(db, warehouseOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/purchasing/suppliers/:id',
    {
      config: purchasingAccess('manage_suppliers'),
      schema: {
        operationId: 'deleteSupplier',
        tags,
        params: IdParam('id'),
        response: responses(noContent, 401, 403, 404, 409, 419),
      },
    },
    async (request, reply) => {
      await deleteSupplier(db, warehouseOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/purchasing/suppliers/:id/${action}`,
      {
        config: purchasingAccess('manage_suppliers'),
        schema: {
          operationId: archived ? 'archiveSupplier' : 'restoreSupplier',
          tags,
          params: IdParam('id'),
          response: responses({ 200: SupplierAnswer }, 401, 403, 404, 419),
        },
      },
      async (request) => ({
        supplier: await setSupplierArchived(db, warehouseOf(request), request.params.id, archived),
      }),
    );
  }

  // --- Supplier prices of an article --------------------------------------------------------------

  app.get(
    '/api/stock/articles/:id/suppliers',
    {
      config: purchasingAccess(),
      schema: {
        operationId: 'getArticleSuppliers',
        tags,
        params: IdParam('id'),
        response: responses({ 200: SupplierPriceList }, 401, 403, 404),
      },
    },
    async (request) => {
      const article = await findArticle(db, warehouseOf(request), request.params.id);
      return supplierPrices(db, article.id);
    },
  );

  app.put(
    '/api/stock/articles/:id/suppliers',
    {
      config: purchasingAccess('manage_suppliers'),
      schema: {
        operationId: 'setArticleSuppliers',
        tags,
        params: IdParam('id'),
        body: SupplierPricesInput,
        response: responses({ 200: SupplierPriceList }, 401, 403, 404, 419, 422),
      },
    },
    async (request) => replaceSupplierPrices(db, warehouseOf(request), request.params.id, request.body),
  );

  // --- Purchase orders ---------------------------------------------------------------------------

  app.get(
    '/api/purchasing/orders',
    {
      config: purchasingAccess(),
      schema: {
        operationId: 'listPurchaseOrders',
        tags,
        querystring: OrderQuery,
        response: responses({ 200: OrderPage }, 401, 403, 422),
      },
    },
    async (request) => orderPage(db, warehouseOf(request), request.query),
  );

  app.post(
    '/api/purchasing/orders',
    {
      config: purchasingAccess('manage_purchase_orders'),
      schema: {
        operationId: 'createPurchaseOrder',
        tags,
        body: OrderInput,
        response: responses({ 201: OrderAnswer }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ order: await createOrder(db, warehouseOf(request), request.user!.id, request.body) }),
  );

  app.post(
    '/api/purchasing/orders/from-reorder',
    {
      config: purchasingAccess('manage_purchase_orders'),
      schema: {
        operationId: 'draftPurchaseOrdersFromReorder',
        tags,
        body: FromReorderInput,
        response: responses({ 201: FromReorderAnswer }, 401, 403, 419, 422),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await draftsFromReorder(db, warehouseOf(request), request.user!.id, request.body.article_ids)),
  );

  app.get(
    '/api/purchasing/orders/:id',
    {
      config: purchasingAccess(),
      schema: {
        operationId: 'getPurchaseOrder',
        tags,
        params: IdParam('id'),
        response: responses({ 200: OrderAnswer }, 401, 403, 404),
      },
    },
    async (request) => ({ order: await loadOrder(db, warehouseOf(request), request.params.id) }),
  );

  app.put(
    '/api/purchasing/orders/:id',
    {
      config: purchasingAccess('manage_purchase_orders'),
      schema: {
        operationId: 'updatePurchaseOrder',
        tags,
        params: IdParam('id'),
        body: OrderInput,
        response: responses({ 200: OrderAnswer }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request) => ({
      order: await updateOrder(db, warehouseOf(request), request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/purchasing/orders/:id',
    {
      config: purchasingAccess('manage_purchase_orders'),
      schema: {
        operationId: 'deletePurchaseOrder',
        tags,
        params: IdParam('id'),
        response: responses(noContent, 401, 403, 404, 409, 419),
      },
    },
    async (request, reply) => {
      await deleteOrder(db, warehouseOf(request), request.params.id, request.lang);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/purchasing/orders/:id/order',
    {
      config: purchasingAccess('manage_purchase_orders'),
      schema: {
        operationId: 'placePurchaseOrder',
        tags,
        params: IdParam('id'),
        body: PlaceOrderInput,
        response: responses({ 200: PlaceOrderAnswer }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request) => {
      const warehouseId = warehouseOf(request);
      const sendEmail = request.body?.send_email === true;
      const { supplier, order } = await placeOrder(db, warehouseId, request.params.id, sendEmail, request.lang);
      if (!sendEmail || !supplier.email) return { order, email_sent: false };
      // After the commit: the order stands whether or not the mail server answers (the answer says).
      const name = await warehouseName(warehouseId);
      const pdf = await orderPdf(order, supplier, name, request.lang);
      const sent = await deliver(app, orderMail(request.lang, supplier.email, order, name, request.user!.name, pdf));
      if (!sent) return { order, email_sent: false };
      await markEmailed(db, order.id);
      return { order: await loadOrder(db, warehouseId, order.id), email_sent: true };
    },
  );

  app.post(
    '/api/purchasing/orders/:id/cancel',
    {
      config: purchasingAccess('manage_purchase_orders'),
      schema: {
        operationId: 'cancelPurchaseOrder',
        tags,
        params: IdParam('id'),
        response: responses({ 200: OrderAnswer }, 401, 403, 404, 409, 419),
      },
    },
    async (request) => ({
      order: await cancelOrder(db, warehouseOf(request), request.params.id, request.lang),
    }),
  );

  app.get(
    '/api/purchasing/orders/:id/pdf',
    {
      config: purchasingAccess(),
      schema: {
        operationId: 'getPurchaseOrderPdf',
        tags,
        params: IdParam('id'),
        response: responses({ 200: { type: 'string', format: 'binary' } }, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const warehouseId = warehouseOf(request);
      const order = await loadOrder(db, warehouseId, request.params.id);
      const supplier = await findSupplier(db, warehouseId, order.supplier_id);
      const pdf = await orderPdf(order, supplier, await warehouseName(warehouseId), request.lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${order.number}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/api/purchasing/orders/:id/receipts',
    {
      config: purchasingAccess('receive_goods'),
      schema: {
        operationId: 'receivePurchaseOrder',
        tags,
        params: IdParam('id'),
        headers: IdempotencyHeaders,
        body: ReceiptInput,
        response: responses({ 201: ReceiptAnswer }, 401, 403, 404, 409, 419, 422),
      },
    },
    async (request, reply) => {
      const result = await once(db, request, (tx) => receive(tx, bookerOf(request), request.params.id, request.body));
      return reply.code(result.statusCode).send(result.body);
    },
  );
};

export default purchasingRoutes;

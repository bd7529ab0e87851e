import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { fieldError } from '../../platform/errors';
import { IdParam } from '../../platform/http/schemas';
import { stockAccess } from './access';
import { findArticle } from './articles';
import { csvDocument, csvResponses, sendCsv } from './csv-export';
import { decodeCursor, encodeCursor } from './cursor';
import { movementJson } from './journal';
import { isIsoDate } from './lots';
import { fromMilli } from './quantity';
import { Movement, responses } from './schemas';
import type { MovementRow } from './tables';

const tags = ['stock'];
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const LotLocations = Type.Array(
  Type.Object({ location_id: Type.Integer(), location_code: Type.String(), quantity: Type.Number() }),
);
const Lot = Type.Object({
  lot: Type.String({ description: 'The lot, or the serial of a serial article.' }),
  best_before: Nullable(Type.String({ format: 'date' })),
  quantity: Type.Number(),
  locations: LotLocations,
});
const LotAcross = Type.Object({
  article_id: Type.Integer(),
  article_sku: Type.String(),
  article_name: Type.String(),
  unit: Type.String(),
  tracking: Type.String(),
  ...Lot.properties,
});
const TraceQuery = Type.Object({
  article_id: Type.Integer({ minimum: 1 }),
  lot: Type.Optional(Type.String({ maxLength: 40 })),
  serial: Type.Optional(Type.String({ maxLength: 64 })),
});
const TraceRow = Type.Object({
  ...Movement.properties,
  purchase_order_number: Nullable(Type.String()),
  supplier_id: Type.Union([Type.Integer(), Type.Null()]),
  supplier_name: Nullable(Type.String()),
});

interface LotRowRaw {
  article_id: number;
  sku: string;
  name: string;
  unit: string;
  tracking: string;
  lot_id: number;
  code: string;
  best_before: string | null;
  quantity: string;
  locations: { location_id: number; location_code: string; quantity: string }[];
}

/** Lots in stock (quantity > 0) with their stock per location; `where` narrows them. */
async function lotsWithStock(db: Db, where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, limit: number) {
  const result = await db.execute(sql`
    SELECT a.id AS article_id, a.sku, a.name, a.unit, a.tracking, l.id AS lot_id, l.code,
      to_char(l.best_before, 'YYYY-MM-DD') AS best_before, s.quantity, s.locations
    FROM stock_lots l
    JOIN stock_articles a ON a.id = l.article_id
    JOIN LATERAL (
      SELECT sum(q.quantity)::text AS quantity,
        json_agg(json_build_object('location_id', q.location_id, 'location_code', loc.code, 'quantity', q.quantity::text)
          ORDER BY loc.code) AS locations
      FROM stock_lot_quantities q JOIN stock_locations loc ON loc.id = q.location_id
      WHERE q.lot_id = l.id AND q.quantity > 0
    ) s ON s.quantity IS NOT NULL
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${limit}`);
  return (result as unknown as { rows: LotRowRaw[] }).rows;
}

const lotJson = (row: LotRowRaw) => ({
  lot: row.code,
  best_before: row.best_before,
  quantity: fromMilli(Number(row.quantity)),
  locations: row.locations.map((place) => ({
    location_id: place.location_id,
    location_code: place.location_code,
    quantity: fromMilli(Number(place.quantity)),
  })),
});

/** Every movement of a lot or serial, oldest first, with the purchase order and supplier it came in with. */
async function traceRows(db: Db, warehouseId: number, articleId: number, lot?: string, serial?: string) {
  if (!lot && !serial) throw fieldError('lot', 'validation.required');
  const article = await findArticle(db, warehouseId, articleId);
  const result = await db.execute(sql`
    SELECT to_jsonb(m) AS movement, loc.code AS location_code, po.number AS purchase_order_number,
      sup.id AS supplier_id, sup.name AS supplier_name
    FROM stock_movements m
    LEFT JOIN stock_locations loc ON loc.id = m.location_id
    LEFT JOIN purchasing_orders po ON po.id = m.purchase_order_id
    LEFT JOIN purchasing_suppliers sup ON sup.id = po.supplier_id
    WHERE m.warehouse_id = ${warehouseId} AND m.article_id = ${articleId}
      AND ${lot ? sql`m.lot = ${lot}` : sql`m.serial = ${serial}`}
    ORDER BY m.created_at, m.id`);
  const rows = (
    result as unknown as {
      rows: {
        movement: Record<string, unknown>;
        location_code: string | null;
        purchase_order_number: string | null;
        supplier_id: number | null;
        supplier_name: string | null;
      }[];
    }
  ).rows;
  return {
    article,
    movements: rows.map((r) => ({
      ...movementJson(rowOf(r.movement), article, null, r.location_code),
      purchase_order_number: r.purchase_order_number,
      supplier_id: r.supplier_id,
      supplier_name: r.supplier_name,
    })),
  };
}

/** A journal row from `to_jsonb` (snake_case, text dates) as drizzle would have read it. */
function rowOf(json: Record<string, unknown>): MovementRow {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(json.id),
    warehouseId: Number(json.warehouse_id),
    articleId: Number(json.article_id),
    kind: json.kind as string,
    delta: Number(json.delta),
    quantityAfter: Number(json.quantity_after),
    reason: (json.reason as string) ?? null,
    note: (json.note as string) ?? null,
    reference: (json.reference as string) ?? null,
    userId: n(json.user_id),
    userName: json.user_name as string,
    transferId: (json.transfer_id as string) ?? null,
    reversesId: n(json.reverses_id),
    createdAt: new Date(json.created_at as string),
    occurredAt: json.occurred_at ? new Date(json.occurred_at as string) : null,
    locationId: n(json.location_id),
    locationQuantityAfter: n(json.location_quantity_after),
    purchaseOrderId: n(json.purchase_order_id),
    unitCost: json.unit_cost == null ? null : String(json.unit_cost),
    averageCostAfter: json.average_cost_after == null ? null : String(json.average_cost_after),
    lot: (json.lot as string) ?? null,
    serial: (json.serial as string) ?? null,
    bestBefore: (json.best_before as string) ?? null,
  };
}

const TRACE_COLUMNS = {
  de: [
    'Zeitpunkt',
    'Art',
    'Artikelnummer',
    'Artikel',
    'Charge',
    'Seriennummer',
    'MHD',
    'Menge',
    'Einheit',
    'Lagerplatz',
    'Grund',
    'Referenz',
    'Bestellung',
    'Lieferant',
    'Benutzer',
  ],
  en: [
    'Time',
    'Kind',
    'SKU',
    'Article',
    'Lot',
    'Serial',
    'Best before',
    'Quantity',
    'Unit',
    'Location',
    'Reason',
    'Reference',
    'Purchase order',
    'Supplier',
    'User',
  ],
};

/** stock-spec-3 §2: lots of an article, lots across articles by best-before, the recall trace (JSON and CSV). */
const lotRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/stock/articles/:id/lots',
    {
      config: stockAccess(),
      schema: {
        operationId: 'listStockArticleLots',
        tags,
        params: IdParam('id'),
        response: responses({ 200: Type.Object({ lots: Type.Array(Lot) }) }, 401, 403, 404),
      },
    },
    async (request) => {
      const warehouseId = request.access!.warehouseId;
      await findArticle(db, warehouseId, request.params.id);
      const rows = await lotsWithStock(
        db,
        sql`l.article_id = ${request.params.id} AND l.warehouse_id = ${warehouseId}`,
        sql`l.best_before ASC NULLS LAST, l.created_at, l.id`,
        10_000,
      );
      return { lots: rows.map(lotJson) };
    },
  );

  app.get(
    '/api/stock/lots',
    {
      config: stockAccess(),
      schema: {
        operationId: 'listStockLots',
        tags,
        querystring: Type.Object({
          expires_before: Type.Optional(
            Type.String({ maxLength: 10, description: 'ISO date: lots whose best-before is before it.' }),
          ),
          q: Type.Optional(Type.String({ maxLength: 255, description: 'Lot, SKU or article name.' })),
          cursor: Type.Optional(Type.String({ maxLength: 512 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
        }),
        response: responses(
          { 200: Type.Object({ lots: Type.Array(LotAcross), next_cursor: Type.Union([Type.String(), Type.Null()]) }) },
          401,
          403,
          422,
        ),
      },
    },
    async (request) => {
      const { expires_before, q, cursor } = request.query;
      const limit = request.query.limit ?? 50;
      if (expires_before && !isIsoDate(expires_before)) throw fieldError('expires_before', 'validation.invalid');
      const after = decodeCursor(
        cursor,
        (key, id) => (key === '' || isIsoDate(String(key))) && Number.isSafeInteger(id),
      );
      const conditions = [sql`l.warehouse_id = ${request.access!.warehouseId}`];
      if (expires_before) conditions.push(sql`l.best_before < ${expires_before}::date`);
      if (q) {
        const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`(lower(l.code) LIKE ${like} OR lower(a.sku) LIKE ${like} OR lower(a.name) LIKE ${like})`);
      }
      // Keyset on (best-before, id); lots without a date sort last ('' in the cursor).
      const key = sql`(coalesce(l.best_before, 'infinity'::date), l.id)`;
      if (after) {
        conditions.push(
          sql`${key} > (coalesce(${after[0] === '' ? null : String(after[0])}::date, 'infinity'::date), ${after[1]})`,
        );
      }
      const rows = await lotsWithStock(
        db,
        sql.join(conditions, sql` AND `),
        sql`coalesce(l.best_before, 'infinity'::date), l.id`,
        limit + 1,
      );
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        lots: shown.map((row) => ({
          article_id: row.article_id,
          article_sku: row.sku,
          article_name: row.name,
          unit: row.unit,
          tracking: row.tracking,
          ...lotJson(row),
        })),
        next_cursor: rows.length > limit && last ? encodeCursor([last.best_before ?? '', last.lot_id]) : null,
      };
    },
  );

  app.get(
    '/api/stock/trace',
    {
      config: stockAccess(),
      schema: {
        operationId: 'traceStockLot',
        tags,
        querystring: TraceQuery,
        response: responses(
          {
            200: Type.Object({
              article_id: Type.Integer(),
              lot: Nullable(Type.String()),
              serial: Nullable(Type.String()),
              movements: Type.Array(TraceRow),
            }),
          },
          401,
          403,
          404,
          422,
        ),
      },
    },
    async (request) => {
      const { article_id, lot, serial } = request.query;
      const { movements } = await traceRows(db, request.access!.warehouseId, article_id, lot, serial);
      return { article_id, lot: lot ?? null, serial: serial ?? null, movements };
    },
  );

  app.get(
    '/api/stock/trace.csv',
    {
      config: stockAccess(),
      schema: {
        operationId: 'exportStockTrace',
        tags,
        querystring: TraceQuery,
        produces: ['text/csv'],
        response: { ...csvResponses(), 404: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const { article_id, lot, serial } = request.query;
      const { movements } = await traceRows(db, request.access!.warehouseId, article_id, lot, serial);
      const records = movements.map((row) => [
        row.created_at,
        row.kind,
        row.article_sku,
        row.article_name,
        row.lot,
        row.serial,
        row.best_before,
        row.delta,
        row.unit,
        row.location_code,
        row.reason,
        row.reference,
        row.purchase_order_number,
        row.supplier_name,
        row.user_name,
      ]);
      return sendCsv(reply, 'trace', csvDocument(TRACE_COLUMNS[request.lang], records, request.lang));
    },
  );
};

export default lotRoutes;

import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { executePrepared } from '../../platform/prepared';
import { decodeCursor, encodeCursor, fromMilli, type LocationLedger, stockArticles, type Tx } from '../stock';
import {
  stockDefaultLocations as defaults,
  type LocationRow,
  stockLocations as l,
  stockLocationQuantities as q,
} from './tables';

const STANDARD_CODE = 'STANDARD';

type Conn = Db | Tx;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const locationNotFound = () => new AppError(404, 'locations.notFound', 'location.not_found');
export const locationArchived = (code: string) =>
  new AppError(409, 'locations.archived', 'location.archived', { vars: { code } });

/** The location of this warehouse, or 404 (also for an id of another warehouse). */
export async function findLocation(db: Conn, warehouseId: number, id: number, lock?: 'share' | 'update') {
  const query = db
    .select()
    .from(l)
    .where(and(eq(l.id, id), eq(l.warehouseId, warehouseId)))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw locationNotFound();
  return row;
}

/** The warehouse's STANDARD location, made the first time it is needed (new warehouses have none yet). */
export async function standardLocation(db: Conn, warehouseId: number): Promise<LocationRow> {
  const find = () =>
    db
      .select()
      .from(l)
      .where(and(eq(l.warehouseId, warehouseId), sql`lower(${l.code}) = lower(${STANDARD_CODE})`))
      .limit(1);
  const [found] = await find();
  if (found) return found;
  await db.insert(l).values({ warehouseId, code: STANDARD_CODE }).onConflictDoNothing();
  const [made] = await find();
  return made!;
}

export const isStandard = (row: Pick<LocationRow, 'code'>) => row.code.toUpperCase() === STANDARD_CODE;

/** The stock module's port (stock/location-ledger.ts): where bookings go and how much lies there. */
export const ledger: LocationLedger = {
  async place(tx, warehouseId, articleId, locationId, standard) {
    let row: Pick<LocationRow, 'id' | 'code' | 'archivedAt'> | undefined;
    if (locationId == null) {
      // The article's default, else STANDARD, in one query; STANDARD made when missing.
      const fallback = standard
        ? sql`NULL::integer`
        : sql`(SELECT d.location_id FROM stock_default_locations d WHERE d.article_id = ${articleId})`;
      [row] = await tx
        .select({ id: l.id, code: l.code, archivedAt: l.archivedAt })
        .from(l)
        .where(
          and(
            eq(l.warehouseId, warehouseId),
            sql`${l.id} = coalesce(${fallback}, (SELECT s.id FROM stock_locations s
              WHERE s.warehouse_id = ${warehouseId} AND lower(s.code) = lower(${STANDARD_CODE})))`,
          ),
        );
      row ??= await standardLocation(tx, warehouseId);
      // STANDARD is never archived: no lock (every booking naming no location would share it).
      if (isStandard(row)) return { id: row.id, code: row.code };
    }
    // FOR SHARE: archiving (FOR UPDATE, then "is it empty?") waits until this booking is done.
    row = await findLocation(tx, warehouseId, locationId ?? row!.id, 'share');
    if (row.archivedAt) throw locationArchived(row.code);
    return { id: row.id, code: row.code };
  },

  async add(tx, warehouseId, articleId, place, delta) {
    if (delta >= 0) {
      const [row] = await tx
        .insert(q)
        .values({ locationId: place.id, articleId, warehouseId, quantity: delta })
        .onConflictDoUpdate({ target: [q.locationId, q.articleId], set: { quantity: sql`${q.quantity} + ${delta}` } })
        .returning({ quantity: q.quantity });
      return row!.quantity;
    }
    const [row] = await tx
      .update(q)
      .set({ quantity: sql`${q.quantity} + ${delta}` })
      .where(and(eq(q.locationId, place.id), eq(q.articleId, articleId), sql`${q.quantity} + ${delta} >= 0`))
      .returning({ quantity: q.quantity });
    return row ? row.quantity : null;
  },

  async addMany(tx, warehouseId, rows) {
    if (rows.length === 0) return [];
    const standard = (await standardLocation(tx, warehouseId)).id;
    const out: { locationId: number; after: number }[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const values = sql.join(
        chunk.map(
          (r, n) => sql`(${n}::integer, ${r.articleId}::integer, ${r.locationId}::integer, ${r.delta}::bigint)`,
        ),
        sql`, `,
      );
      const result = await tx.execute(sql`
        WITH v(n, article_id, location_id, delta) AS (VALUES ${values}),
        r AS (
          SELECT v.n, v.article_id, coalesce(v.location_id, d.location_id, ${standard}::integer) AS location_id, v.delta
          FROM v LEFT JOIN stock_default_locations d ON d.article_id = v.article_id
        ),
        up AS (
          INSERT INTO stock_location_quantities (location_id, article_id, warehouse_id, quantity)
          SELECT location_id, article_id, ${warehouseId}::integer, delta FROM r
          ON CONFLICT (location_id, article_id)
            DO UPDATE SET quantity = stock_location_quantities.quantity + excluded.quantity
          RETURNING location_id, article_id, quantity
        )
        SELECT r.n, up.location_id, up.quantity FROM r
        JOIN up ON up.location_id = r.location_id AND up.article_id = r.article_id ORDER BY r.n`);
      for (const row of rowsOf<{ location_id: number; quantity: string }>(result)) {
        out.push({ locationId: Number(row.location_id), after: Number(row.quantity) });
      }
    }
    return out;
  },

  async at(tx, articleId, place) {
    const [row] = await tx
      .select({ quantity: q.quantity })
      .from(q)
      .where(and(eq(q.locationId, place.id), eq(q.articleId, articleId)));
    return row?.quantity ?? 0;
  },

  async codes(db, ids) {
    const rows = await db.select({ id: l.id, code: l.code }).from(l).where(inArray(l.id, ids));
    return new Map(rows.map((row) => [row.id, row.code]));
  },

  async byCode(db, warehouseId, code) {
    const [row] = await db
      .select({ id: l.id, code: l.code, archivedAt: l.archivedAt })
      .from(l)
      .where(and(eq(l.warehouseId, warehouseId), sql`lower(${l.code}) = lower(${code})`))
      .limit(1);
    return row && !row.archivedAt ? { id: row.id, code: row.code } : null;
  },
};

/**
 * What the tree list (tree-list.ts) reads per request, in one statement (one snapshot): the
 * warehouse's location version (migration 0014: new with every statement that writes one of its
 * locations; null if none was ever written since), the session's TimeZone (the text of
 * `archived_at` depends on it) and the location of every stocked row of the warehouse, in location
 * order as text (`"7,7,12"`: a location with n articles appears n times; counted in JavaScript — a
 * GROUP BY doubles the statement's time). A stock row's `warehouse_id` is its location's (every
 * writer sets it from the location it books at; migration 0013's index makes this an index-only
 * scan in location order).
 *
 * With `heads`, also what only the locations' own fields make: each location's node of the answer
 * up to its count (`{"id":…,"code":…,"name":…,"parent_id":…,"archived_at":…,"standard":…,
 * "article_count":` — the row's `list_head` kept by PostgreSQL, tables.ts, and one constant for the
 * rest, `to_json` only for an archived one) and one digit saying archived (1) and/or STANDARD (2),
 * the nodes in id order, separated by a line feed (JSON text has none: `to_json` escapes it in
 * names; codes are A-Z 0-9 . / - by their CHECK). Archived locations are always in: the answer
 * without them is the same nodes less those. Given the version and TimeZone of nodes the caller
 * keeps, the nodes only if this snapshot's differ (`heads_read`): a version change costs no second
 * statement. One text for every call (a prepared statement: planned once per connection, so the
 * nodes' part costs nothing when it is not needed).
 */
export async function readTree(db: Db, warehouseId: number, kept: KeptTree | undefined): Promise<TreeRead> {
  const nodes = sql`(SELECT string_agg(node, E'\n') FROM (
      SELECT l.list_head
          || CASE WHEN l.archived_at IS NOT NULL THEN ',"archived_at":' || to_json(l.archived_at)::text
              || CASE WHEN l.code = ${STANDARD_CODE} THEN ',"standard":true,"article_count":3'
                ELSE ',"standard":false,"article_count":1' END
            WHEN l.code = ${STANDARD_CODE} THEN ',"archived_at":null,"standard":true,"article_count":2'
            ELSE ',"archived_at":null,"standard":false,"article_count":0' END AS node
      FROM stock_locations l WHERE l.warehouse_id = ${warehouseId} ORDER BY l.id) n)`;
  const version = sql`(SELECT version::text FROM stock_location_versions WHERE warehouse_id = ${warehouseId})`;
  // Uncorrelated subqueries are evaluated when first needed: with the kept version and zone still current, the
  // nodes' subquery never runs.
  const changed = sql`(${kept === undefined}::boolean OR ${version} IS DISTINCT FROM ${kept?.version ?? null}::text
    OR current_setting('TimeZone') IS DISTINCT FROM ${kept?.timeZone ?? null}::text)`;
  const [row] = rowsOf<TreeRead>(
    await executePrepared(
      db,
      sql`
      SELECT ${version} AS version,
        current_setting('TimeZone') AS time_zone,
        (SELECT string_agg(location_id::text, ',') FROM (
          SELECT location_id FROM stock_location_quantities
          WHERE warehouse_id = ${warehouseId} AND quantity > 0 ORDER BY location_id) s) AS stocked,
        ${changed} AS heads_read,
        CASE WHEN ${changed} THEN ${nodes} END AS heads`,
    ),
  );
  return row!;
}

/** The version and TimeZone of the nodes a caller keeps (tree-list.ts). */
export interface KeptTree {
  version: string;
  timeZone: string;
}

export interface TreeRead {
  version: string | null;
  time_zone: string;
  stocked: string | null;
  /** Whether `heads` was read (the snapshot's version or TimeZone is not the kept one's). */
  heads_read: boolean;
  heads: string | null;
}

/** Articles with stock at the location. */
export async function articleCount(db: Conn, locationId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(q)
    .where(and(eq(q.locationId, locationId), sql`${q.quantity} > 0`));
  return row?.n ?? 0;
}

export async function countLocations(db: Conn, warehouseId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(l).where(eq(l.warehouseId, warehouseId));
  return row?.n ?? 0;
}

/** Ids from the location up to the root, the location first (at most the tree's depth). */
export async function ancestors(db: Conn, id: number): Promise<LocationRow[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE up AS (
      SELECT l.*, 0 AS step FROM stock_locations l WHERE l.id = ${id}
      UNION ALL
      SELECT p.*, up.step + 1 FROM stock_locations p JOIN up ON p.id = up.parent_id WHERE up.step < 64
    ) SELECT id, code, parent_id, archived_at FROM up ORDER BY step`);
  return rowsOf<{ id: number; code: string; parent_id: number | null; archived_at: string | null }>(result).map(
    (r) =>
      ({
        id: Number(r.id),
        code: r.code,
        parentId: r.parent_id === null ? null : Number(r.parent_id),
        archivedAt: r.archived_at ? new Date(r.archived_at) : null,
      }) as LocationRow,
  );
}

/** The location and everything below it: ids and the height of the subtree (1 = a leaf). */
export async function subtree(db: Conn, id: number): Promise<{ ids: number[]; height: number }> {
  const result = await db.execute(sql`
    WITH RECURSIVE down AS (
      SELECT id, 1 AS level FROM stock_locations WHERE id = ${id}
      UNION ALL
      SELECT c.id, down.level + 1 FROM stock_locations c JOIN down ON c.parent_id = down.id WHERE down.level < 64
    ) SELECT id, level FROM down`);
  const rows = rowsOf<{ id: number; level: number }>(result);
  return { ids: rows.map((r) => Number(r.id)), height: Math.max(...rows.map((r) => Number(r.level))) };
}

/** Up to `limit` articles with stock at any of the locations (for the 409 that names them). */
export async function stockAt(db: Conn, locationIds: number[], limit = 3) {
  const rows = await db
    .select({ sku: stockArticles.sku, code: l.code, quantity: q.quantity, unit: stockArticles.unit })
    .from(q)
    .innerJoin(stockArticles, eq(stockArticles.id, q.articleId))
    .innerJoin(l, eq(l.id, q.locationId))
    .where(and(inArray(q.locationId, locationIds), sql`${q.quantity} > 0`))
    .orderBy(asc(l.code), asc(stockArticles.sku))
    .limit(limit + 1);
  return rows;
}

export async function hasChildren(db: Conn, id: number) {
  const [row] = await db.select({ id: l.id }).from(l).where(eq(l.parentId, id)).limit(1);
  return !!row;
}

/** One tree change per warehouse at a time: cycles, depth and the count limit hold under concurrency. */
export const lockTree = (tx: Tx, warehouseId: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(${TREE_LOCK}::integer, ${warehouseId}::integer)`);
const TREE_LOCK = 0x4c_4f_43_54; // "LOCT"

/** What lies at a location, by SKU, keyset-paged. */
export async function stockPage(db: Db, locationId: number, page: { cursor?: string; limit?: number }) {
  const limit = page.limit ?? 50;
  const conditions: SQL[] = [eq(q.locationId, locationId), sql`${q.quantity} > 0`];
  const after = decodeCursor(page.cursor, (key) => typeof key === 'string' && key.length <= 64);
  if (after) conditions.push(sql`(lower(${stockArticles.sku}), ${stockArticles.id}) > (${after[0]}, ${after[1]})`);
  const rows = await db
    .select({
      id: stockArticles.id,
      sku: stockArticles.sku,
      name: stockArticles.name,
      unit: stockArticles.unit,
      archivedAt: stockArticles.archivedAt,
      quantity: q.quantity,
    })
    .from(q)
    .innerJoin(stockArticles, eq(stockArticles.id, q.articleId))
    .where(and(...conditions))
    .orderBy(sql`lower(${stockArticles.sku})`, asc(stockArticles.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map((r) => ({
      article_id: r.id,
      sku: r.sku,
      name: r.name,
      unit: r.unit,
      quantity: fromMilli(r.quantity),
      archived: !!r.archivedAt,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor([last.sku.toLowerCase(), last.id]) : null,
  };
}

/** Where an article lies (quantity > 0) and its default location. */
export async function articleLocations(db: Db, articleId: number) {
  const rows = await db
    .select({ id: l.id, code: l.code, name: l.name, quantity: q.quantity })
    .from(q)
    .innerJoin(l, eq(l.id, q.locationId))
    .where(and(eq(q.articleId, articleId), sql`${q.quantity} > 0`))
    .orderBy(asc(l.code));
  const [fallback] = await db
    .select({ id: defaults.locationId })
    .from(defaults)
    .where(eq(defaults.articleId, articleId));
  return {
    default_location_id: fallback?.id ?? null,
    locations: rows.map((r) => ({ location_id: r.id, code: r.code, name: r.name, quantity: fromMilli(r.quantity) })),
  };
}

export async function setDefaultLocation(db: Conn, articleId: number, locationId: number | null) {
  if (locationId === null) {
    await db.delete(defaults).where(eq(defaults.articleId, articleId));
    return;
  }
  await db
    .insert(defaults)
    .values({ articleId, locationId })
    .onConflictDoUpdate({ target: defaults.articleId, set: { locationId } });
}

export const clearDefaultsAt = (db: Conn, locationIds: number[]) =>
  db.delete(defaults).where(inArray(defaults.locationId, locationIds));

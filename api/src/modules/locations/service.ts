import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/pg-errors';
import { AppError, type FieldErrors, fieldError, validationError } from '../../platform/errors';
import type { Language } from '../../platform/i18n';
import {
  addAtPlace,
  type Booker,
  findArticle,
  fromMilli,
  hasLotFields,
  insufficientAtPlace,
  journal,
  type LotFields,
  type MovementJson,
  movementJson,
  quantityField,
  relocateLots,
  splitRows,
  stockArticles,
  type Tx,
} from '../stock';
import {
  ancestors,
  clearDefaultsAt,
  countLocations,
  findLocation,
  hasChildren,
  isStandard,
  ledger,
  lockTree,
  stockAt,
  subtree,
} from './repository';
import { type LocationRow, stockLocations as l } from './tables';

/** stock-spec-2.md §1: at most 8 levels and 20 000 locations per warehouse. */
const MAX_DEPTH = 8;
const MAX_LOCATIONS = 20_000;
const CODE_PATTERN = /^[A-Z0-9./-]{1,32}$/;

export interface LocationInput {
  code: string;
  name?: string | null;
  parent_id?: number | null;
}

/** Codes are kept in capitals: `a-03-2` typed or scanned is `A-03-2`. */
const normalizeCode = (code: string) => code.trim().toUpperCase();

function checkInput(input: LocationInput) {
  const errors: FieldErrors = {};
  const code = normalizeCode(input.code);
  if (!CODE_PATTERN.test(code)) errors.code = [{ key: 'locations.codeInvalid' }];
  // The schema caps the name at 100 characters.
  const name = input.name?.trim() || null;
  if (Object.keys(errors).length) throw validationError(errors);
  return { code, name, parentId: input.parent_id ?? null };
}

/** A parent of this warehouse, not archived, deep enough room for `height` more levels. */
async function checkParent(tx: Tx, warehouseId: number, parentId: number, height: number, self?: number) {
  const parent = await findLocation(tx, warehouseId, parentId).catch(() => {
    throw fieldError('parent_id', 'locations.notFound', 'location.not_found');
  });
  if (parent.archivedAt) throw fieldError('parent_id', 'locations.parentArchived', 'location.archived');
  const chain = await ancestors(tx, parent.id);
  if (self !== undefined && chain.some((row) => row.id === self)) {
    throw fieldError('parent_id', 'locations.cycle', 'location.cycle');
  }
  if (chain.length + height > MAX_DEPTH) {
    throw fieldError('parent_id', 'locations.tooDeep', 'location.too_deep', { max: MAX_DEPTH });
  }
}

const codeTaken = () => fieldError('code', 'locations.codeTaken', 'location.code_taken');

export async function createLocation(db: Db, warehouseId: number, input: LocationInput) {
  const fields = checkInput(input);
  return db.transaction(async (tx) => {
    await lockTree(tx, warehouseId);
    if ((await countLocations(tx, warehouseId)) >= MAX_LOCATIONS) {
      throw new AppError(422, 'locations.tooMany', 'location.too_many', { vars: { max: MAX_LOCATIONS } });
    }
    if (fields.parentId !== null) await checkParent(tx, warehouseId, fields.parentId, 1);
    try {
      const [row] = await tx
        .insert(l)
        .values({ warehouseId, ...fields })
        .returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  });
}

export async function updateLocation(db: Db, warehouseId: number, id: number, input: LocationInput) {
  const fields = checkInput(input);
  return db.transaction(async (tx) => {
    await lockTree(tx, warehouseId);
    const current = await findLocation(tx, warehouseId, id, 'update');
    if (isStandard(current) && fields.code !== current.code) {
      throw fieldError('code', 'locations.standardCode', 'location.standard');
    }
    if (fields.parentId === id) throw fieldError('parent_id', 'locations.cycle', 'location.cycle');
    if (fields.parentId !== null && fields.parentId !== current.parentId) {
      await checkParent(tx, warehouseId, fields.parentId, (await subtree(tx, id)).height, id);
    }
    try {
      const [row] = await tx
        .update(l)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(l.id, id))
        .returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  });
}

/** 409 naming what still lies there: "A-03-2: 5 Stk. SKU-1, …". */
async function refuseWithStock(tx: Tx, lang: Language, ids: number[]) {
  const rows = await stockAt(tx, ids);
  if (rows.length === 0) return;
  const shown = rows
    .slice(0, 3)
    .map((r) => `${r.code}: ${fromMilli(r.quantity).toLocaleString(lang === 'de' ? 'de-DE' : 'en-US')} × ${r.sku}`);
  const stock = shown.join(', ') + (rows.length > 3 ? ', …' : '');
  throw new AppError(409, 'locations.hasStock', 'location.has_stock', { vars: { stock } });
}

/** Archives the location and everything below it; refused while any of them holds stock. */
export async function archiveLocation(db: Db, warehouseId: number, id: number, lang: Language) {
  return db.transaction(async (tx) => {
    await lockTree(tx, warehouseId);
    const current = await findLocation(tx, warehouseId, id);
    if (isStandard(current)) throw new AppError(409, 'locations.standard', 'location.standard');
    const { ids } = await subtree(tx, id);
    // Bookings hold their location FOR SHARE: wait for them, then no new one gets in.
    await tx.select({ id: l.id }).from(l).where(inArray(l.id, ids)).for('update');
    await refuseWithStock(tx, lang, ids);
    await tx
      .update(l)
      .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(inArray(l.id, ids), isNull(l.archivedAt)));
    await clearDefaultsAt(tx, ids);
    return (await findLocation(tx, warehouseId, id))!;
  });
}

/** Restores the location and the archived locations above it (so it is reachable in the tree). */
export async function restoreLocation(db: Db, warehouseId: number, id: number) {
  return db.transaction(async (tx) => {
    await lockTree(tx, warehouseId);
    await findLocation(tx, warehouseId, id);
    const ids = (await ancestors(tx, id)).filter((row) => row.archivedAt).map((row) => row.id);
    if (ids.length) {
      await tx.update(l).set({ archivedAt: null, updatedAt: sql`now()` }).where(inArray(l.id, ids));
    }
    return findLocation(tx, warehouseId, id);
  });
}

/** Deleting: only a location without stock, children or journal rows (else archive it). */
export async function deleteLocation(db: Db, warehouseId: number, id: number, lang: Language) {
  await db.transaction(async (tx) => {
    await lockTree(tx, warehouseId);
    const current = await findLocation(tx, warehouseId, id, 'update');
    if (isStandard(current)) throw new AppError(409, 'locations.standard', 'location.standard');
    if (await hasChildren(tx, id)) throw new AppError(409, 'locations.hasChildren', 'location.has_children');
    await refuseWithStock(tx, lang, [id]);
    try {
      await tx.delete(l).where(eq(l.id, id));
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      throw new AppError(409, 'locations.hasMovements', 'location.has_movements');
    }
  });
}

export interface RelocationInput extends LotFields {
  article_id: number;
  from_location_id: number;
  to_location_id: number;
  quantity: number;
  note?: string | null;
}

/**
 * A relocation (stock-spec-2.md §1): `quantity` leaves one location and arrives at another, two
 * journal rows of kind `relocation` linked by `transfer_id`, in the caller's transaction. Lock
 * order as every booking: both locations (FOR SHARE, id order), the article row, its location rows.
 */
export async function relocate(tx: Tx, booker: Booker, input: RelocationInput) {
  if (input.from_location_id === input.to_location_id) {
    throw fieldError('to_location_id', 'locations.sameLocation', 'relocation.same_location');
  }
  const [first, second] = [input.from_location_id, input.to_location_id].sort((x, y) => x - y);
  const places = new Map<number, Awaited<ReturnType<typeof ledger.place>>>();
  for (const id of [first!, second!]) places.set(id, await ledger.place(tx, booker.warehouseId, input.article_id, id));
  const from = places.get(input.from_location_id)!;
  const to = places.get(input.to_location_id)!;
  await findArticle(tx, booker.warehouseId, input.article_id);
  const [article] = await tx.select().from(stockArticles).where(eq(stockArticles.id, input.article_id)).for('update');
  if (article!.archivedAt) throw new AppError(409, 'stock.articleArchived', 'article.archived');
  const errors: FieldErrors = {};
  const amount = quantityField(errors, 'quantity', input.quantity, article!.unit, { positive: true });
  if (Object.keys(errors).length) throw validationError(errors);
  // stock-spec-3 §2: a tracked article moves its named lot or serials, or FEFO, before the location totals.
  const tracked = article!.tracking !== 'none' || hasLotFields(input);
  const lots = tracked
    ? await relocateLots(tx, booker.lang, article!, from, to, amount, input, (available) =>
        insufficientAtPlace(booker.lang, article!, from, available),
      )
    : null;
  const fromAfter = await addAtPlace(tx, booker, article!, from, -amount);
  const toAfter = await addAtPlace(tx, booker, article!, to, amount);
  const transferId = randomUUID();
  const note = input.note?.trim() || null;
  const common = { articleId: article!.id, kind: 'relocation', quantityAfter: article!.quantity, note, transferId };
  if (lots) {
    const fixed = { quantityAfter: article!.quantity };
    const rows = [
      ...splitRows(
        article!,
        lots.out,
        { ...fixed, locationQuantityAfter: fromAfter },
        { ...common, locationId: from.id },
      ),
      ...splitRows(article!, lots.into, { ...fixed, locationQuantityAfter: toAfter }, { ...common, locationId: to.id }),
    ].map((row) => ({ ...row, quantityAfter: article!.quantity }));
    const written = await journal(tx, booker, rows);
    const json = written.map((row) =>
      movementJson(row, article!, null, row.locationId === from.id ? from.code : to.code),
    );
    return {
      statusCode: 201,
      body: { out: json[0]!, in: json[lots.out.length]!, movements: json },
    };
  }
  const [out, into] = await journal(tx, booker, [
    { ...common, delta: -amount, locationId: from.id, locationQuantityAfter: fromAfter },
    { ...common, delta: amount, locationId: to.id, locationQuantityAfter: toAfter },
  ]);
  return {
    statusCode: 201,
    body: {
      out: movementJson(out!, article!, null, from.code),
      in: movementJson(into!, article!, null, to.code),
    } as { out: MovementJson; in: MovementJson; movements?: MovementJson[] },
  };
}

export type { LocationRow };

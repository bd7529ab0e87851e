import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, notInArray as notIn, sql } from 'drizzle-orm';
import type { UserRow } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { AppError, type FieldErrors, validationError } from '../../platform/errors';
import type { Language } from '../../platform/i18n';
import {
  type ArticleJson,
  articleArchived,
  articleJson,
  articleNotFound,
  findArticle,
  quantityField,
} from './articles';
import type { StoredAnswer, Tx } from './idempotency';
import { type MovementJson, movementJson } from './journal';
import { locationLedger, type Place } from './location-ledger';
import {
  applyLots,
  assertLotFields,
  checkLotFields,
  countLots,
  datesOf,
  hasLotFields,
  type LotFields,
  lotColumns,
  lotErrorCode,
  lotsTaken,
  type Portion,
  putLots,
  reverseLot,
  splitRows,
  takeLots,
} from './lots';
import { formatQuantity, isWhole, MAX_STOCK_MILLI, needsWhole, type Unit, WHOLE_UNITS } from './quantity';
import { type ArticleRow, stockArticles as a, type MovementRow, stockMovements as m } from './tables';
import { costField } from './value';

export const BOOKING_KINDS = ['in', 'out', 'correction'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

export const REASONS = {
  in: ['purchase', 'return', 'production', 'initial', 'other'],
  out: ['sale', 'consumption', 'damage', 'return_to_supplier', 'other'],
  correction: ['count', 'damage', 'loss', 'found', 'other'],
} as const satisfies Record<BookingKind, readonly string[]>;
export const ALL_REASONS = [...new Set(Object.values(REASONS).flat())];

/** Who books, where, and in which language refusals are worded. */
export interface Booker {
  warehouseId: number;
  user: Pick<UserRow, 'id' | 'name'>;
  lang: Language;
  /** When it happened on the device (`occurred_at`), kept on every journal row it writes. */
  occurredAt?: Date | null;
}

export interface BookingInput {
  article_id: number;
  kind: BookingKind;
  quantity: number;
  reason?: string | null;
  note?: string | null;
  reference?: string | null;
  /** Where (stock-spec-2.md §1): default the article's default location, else STANDARD. */
  location_id?: number | null;
  /** stock-spec-3 §2: the lot (lot articles), the serials (serial articles), the best-before date of a goods-in. */
  lot?: string | null;
  serials?: string[] | null;
  best_before?: string | null;
  /** stock-spec-3 §3: goods-in only, the price per unit (decimal string); the trigger of 0020 averages it. */
  unit_cost?: string | null;
}

/** The article as its booking left it: the journal trigger (0020) set its average after the row was read. */
const afterRows = (article: ArticleRow, rows: { averageCostAfter: string | null }[]): ArticleRow =>
  rows.length ? { ...article, averageCost: rows[rows.length - 1]!.averageCostAfter } : article;

const insufficient = (lang: Language, article: ArticleRow) =>
  new AppError(409, 'stock.insufficient', 'stock.insufficient', {
    vars: { available: formatQuantity(lang, article.quantity, article.unit) },
  });

/** Not enough stock at one location: names it (the article's total may suffice elsewhere). */
export const insufficientAt = (lang: Language, article: Pick<ArticleRow, 'unit'>, place: Place, available: number) =>
  new AppError(409, 'stock.insufficientAt', 'stock.insufficient', {
    vars: { location: place.code, available: formatQuantity(lang, available, article.unit) },
  });

const aboveLimit = (lang: Language, article: ArticleRow) =>
  new AppError(409, 'stock.limit', 'stock.limit_exceeded', {
    vars: { max: formatQuantity(lang, MAX_STOCK_MILLI, article.unit) },
  });

/**
 * The one way stock changes: `quantity + delta` in a single conditional UPDATE that refuses to
 * go below zero, above MAX_STOCK_MILLI or to touch an archived article. Concurrent bookings
 * serialize on the row lock and each re-checks the condition against the committed quantity, so
 * stock never goes negative nor past the cap. Returns null when the condition failed.
 */
async function applyDelta(tx: Tx, warehouseId: number, articleId: number, delta: number) {
  const [row] = await tx
    .update(a)
    .set({ quantity: sql`${a.quantity} + ${delta}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(a.id, articleId),
        eq(a.warehouseId, warehouseId),
        sql`${a.archivedAt} IS NULL`,
        sql`${a.quantity} + ${delta} >= 0`,
        delta > 0 ? sql`${a.quantity} + ${delta} <= ${MAX_STOCK_MILLI}` : undefined,
        // A fraction only for units that take one (checked here, so no read is needed before).
        isWhole(delta) ? undefined : notIn(a.unit, [...WHOLE_UNITS]),
      ),
    )
    .returning();
  return row ?? null;
}

/** applyDelta, or the precise refusal (404, archived, whole units only, above the cap, not enough stock). */
async function applyDeltaOrRefuse(tx: Tx, booker: Booker, articleId: number, delta: number) {
  const row = await applyDelta(tx, booker.warehouseId, articleId, delta);
  if (row) return row;
  const current = await findArticle(tx, booker.warehouseId, articleId);
  if (current.archivedAt) throw articleArchived();
  if (!isWhole(delta) && needsWhole(current.unit)) {
    throw validationError({ quantity: [{ key: 'stock.whole', vars: { field: 'quantity' } }] });
  }
  if (current.quantity + delta > MAX_STOCK_MILLI) throw aboveLimit(booker.lang, current);
  throw insufficient(booker.lang, current);
}

/**
 * The article's stock at the place changes by `delta` (its row is locked already); refused with
 * the location's name when that would go below zero. Returns the stock there afterwards.
 */
export async function addAtPlace(tx: Tx, booker: Booker, article: ArticleRow, place: Place, delta: number) {
  const ledger = locationLedger();
  const after = await ledger.add(tx, booker.warehouseId, article.id, place, delta);
  if (after !== null) return after;
  throw insufficientAt(booker.lang, article, place, await ledger.at(tx, article.id, place));
}

/**
 * applyDeltaOrRefuse on the article, then the same delta at the place. When the article's total is
 * short too, the refusal names the place only if the request named one (stock-spec.md's message
 * stays for bookings that name none).
 */
async function bookAt(tx: Tx, booker: Booker, articleId: number, place: Place, delta: number, named: boolean) {
  let updated: ArticleRow;
  try {
    updated = await applyDeltaOrRefuse(tx, booker, articleId, delta);
  } catch (error) {
    if (!named || !(error instanceof AppError) || error.key !== 'stock.insufficient') throw error;
    const article = await findArticle(tx, booker.warehouseId, articleId);
    throw insufficientAt(booker.lang, article, place, await locationLedger().at(tx, articleId, place));
  }
  const locationAfter = await addAtPlace(tx, booker, updated, place, delta);
  return { updated, locationAfter };
}

type NewMovement = Omit<typeof m.$inferInsert, 'userId' | 'userName' | 'warehouseId'>;

export async function journal(tx: Tx, booker: Booker, rows: NewMovement[], warehouseId = booker.warehouseId) {
  if (rows.length === 0) return [];
  return tx
    .insert(m)
    .values(
      rows.map((row) => ({
        ...row,
        warehouseId,
        userId: booker.user.id,
        userName: booker.user.name,
        occurredAt: booker.occurredAt ?? null,
      })),
    )
    .returning();
}

function checkReason(errors: FieldErrors, kind: BookingKind, reason: string | null | undefined, note: string | null) {
  if (!reason) {
    if (kind !== 'in') errors.reason = [{ key: 'validation.required', vars: { field: 'reason' } }];
    return;
  }
  if (!(REASONS[kind] as readonly string[]).includes(reason)) errors.reason = [{ key: 'stock.reasonInvalid' }];
  else if (reason === 'other' && !note) errors.note = [{ key: 'stock.noteRequired' }];
}

const clean = (text: string | null | undefined) => text?.trim() || null;

export interface BookingBody {
  movement: MovementJson | null;
  article: ArticleJson;
  unchanged?: true;
  /** Lot articles: the lots booked, `[{lot, quantity}]` (FEFO may split a goods-out). */
  lots?: { lot: string; quantity: number }[];
  /** Serial articles: the serials booked. */
  serials?: string[];
  /** Tracked articles: every journal row written (one per lot or serial). */
  movements?: MovementJson[];
}

/**
 * What a booking can be told without the database: the amount in thousandths and the trimmed note,
 * or 422. Whole-number units are checked by the booking update itself (one round trip less).
 */
export function checkBooking(input: BookingInput) {
  const errors: FieldErrors = {};
  const note = clean(input.note);
  const amount = quantityField(errors, 'quantity', input.quantity, 'kg', { positive: input.kind !== 'correction' });
  checkReason(errors, input.kind, input.reason, note);
  const unitCost = costField(errors, 'unit_cost', input.unit_cost);
  if (unitCost !== null && input.kind !== 'in') errors.unit_cost = [{ key: 'stock.costOnlyIn' }];
  if (Object.keys(errors).length) throw validationError(errors);
  return { amount, note, reference: clean(input.reference), unitCost };
}

/** What the journal row of a purchase order receipt carries besides the booking (stock-spec-3 §1). */
export interface ReceiptOf {
  purchaseOrderId: number;
  /** The order line's unit price, an exact decimal string. */
  unitCost: string;
}

/** Goods in, goods out, or a correction to a counted quantity. */
export async function bookMovement(tx: Tx, booker: Booker, input: BookingInput): Promise<StoredAnswer<BookingBody>> {
  const { amount, note, reference, unitCost } = checkBooking(input);

  const place = await locationLedger().place(tx, booker.warehouseId, input.article_id, input.location_id);
  const named = input.location_id != null;
  // The article row first (after the location, the lock order of every booking): its tracking decides
  // the path, and a tracked article's lots are read under this lock (FEFO, serials in stock).
  const [locked] = await tx
    .select()
    .from(a)
    .where(and(eq(a.id, input.article_id), eq(a.warehouseId, booker.warehouseId)))
    .for('update');
  if (!locked) throw articleNotFound();
  if (locked.archivedAt) throw articleArchived();
  if (locked.tracking !== 'none' || hasLotFields(input)) {
    return bookTracked(tx, booker, input, locked, place, named, { amount, note, reference, unitCost });
  }
  let delta: number;
  let booked: { updated: ArticleRow; locationAfter: number };
  if (input.kind === 'correction') {
    // The counted quantity is the stock at the place (stock-spec-2.md §1).
    delta = amount - (await locationLedger().at(tx, locked.id, place));
    if (delta === 0) {
      return { statusCode: 200, body: { movement: null, article: articleJson(locked), unchanged: true } };
    }
    booked = await bookAt(tx, booker, locked.id, place, delta, named);
  } else {
    delta = input.kind === 'in' ? amount : -amount;
    booked = await bookAt(tx, booker, input.article_id, place, delta, named);
  }
  const { updated, locationAfter } = booked;
  const [movement] = await journal(tx, booker, [
    {
      articleId: updated.id,
      kind: input.kind,
      delta,
      quantityAfter: updated.quantity,
      reason: input.reason ?? null,
      note,
      reference,
      locationId: place.id,
      locationQuantityAfter: locationAfter,
      unitCost,
    },
  ]);
  return {
    statusCode: 201,
    body: {
      movement: movementJson(movement!, updated, null, place.code),
      article: articleJson(afterRows(updated, [movement!])),
    },
  };
}

/**
 * A booking of a lot or serial article (stock-spec-3 §2), its row locked: the lots it names (or FEFO for
 * a goods-out of a lot article without one), the article and location stock by their sum, the lots, and
 * one journal row per lot or serial. The answer adds `lots` (lot articles) and every row as `movements`.
 */
async function bookTracked(
  tx: Tx,
  booker: Booker,
  input: BookingInput,
  article: ArticleRow,
  place: Place,
  named: boolean,
  checked: { amount: number; note: string | null; reference: string | null; unitCost: string | null },
): Promise<StoredAnswer<BookingBody>> {
  const direction = input.kind === 'in' ? 'in' : input.kind === 'out' ? 'out' : 'set';
  assertLotFields(article, direction, input, checked.amount);
  const ledger = locationLedger();
  let portions: Portion[];
  if (input.kind === 'in') portions = await putLots(tx, article, checked.amount, input);
  else if (input.kind === 'out') {
    portions = await takeLots(tx, booker.lang, article, place, checked.amount, input, (available) =>
      insufficientAt(booker.lang, article, place, available),
    );
  } else portions = await countLots(tx, article, place, checked.amount, input);
  if (portions.length === 0) {
    return { statusCode: 200, body: { movement: null, article: articleJson(article), unchanged: true } };
  }
  const delta = portions.reduce((sum, p) => sum + p.delta, 0);
  let updated = article;
  let locationAfter: number;
  if (delta !== 0) ({ updated, locationAfter } = await bookAt(tx, booker, article.id, place, delta, named));
  else locationAfter = await ledger.at(tx, article.id, place);
  await applyLots(tx, article, place, portions);
  const rows = splitRows(
    article,
    portions,
    { quantityAfter: updated.quantity, locationQuantityAfter: locationAfter },
    {
      articleId: article.id,
      kind: input.kind,
      reason: input.reason ?? null,
      note: checked.note,
      reference: checked.reference,
      locationId: place.id,
      unitCost: checked.unitCost,
    },
  );
  const written = await journal(tx, booker, rows);
  const movements = written.map((row) => movementJson(row, updated, null, place.code));
  return {
    statusCode: 201,
    body: {
      movement: movements[0]!,
      article: articleJson(afterRows(updated, written)),
      ...(article.tracking === 'lot' ? { lots: lotsTaken(portions) } : { serials: portions.map((p) => p.code) }),
      movements,
    },
  };
}

/** Storno: the exact opposite delta, once per movement, never for a reversal or a transfer half. */
export async function reverseMovement(tx: Tx, booker: Booker, movementId: number, note?: string | null) {
  const [original] = await tx
    .select()
    .from(m)
    .where(and(eq(m.id, movementId), eq(m.warehouseId, booker.warehouseId)))
    .limit(1);
  if (!original) throw new AppError(404, 'stock.movementNotFound', 'movement.not_found');
  if (original.kind === 'reversal') throw new AppError(409, 'stock.isReversal', 'movement.is_reversal');
  if (original.kind === 'transfer_out' || original.kind === 'transfer_in' || original.kind === 'relocation') {
    throw new AppError(409, 'stock.transferNotReversible', 'movement.not_reversible');
  }
  const alreadyReversed = () => new AppError(409, 'stock.alreadyReversed', 'movement.already_reversed');
  const [reversal] = await tx.select({ id: m.id }).from(m).where(eq(m.reversesId, original.id)).limit(1);
  if (reversal) throw alreadyReversed();
  // At the original's location; a row from before locations lies at STANDARD since the migration.
  const place = await locationLedger().place(tx, booker.warehouseId, original.articleId, original.locationId, true);
  const { updated, locationAfter } = await bookAt(tx, booker, original.articleId, place, -original.delta, true);
  // A lot's or serial's row is reversed on that lot (the article row is locked by the booking above).
  const portion = await reverseLot(tx, booker.lang, updated, place, original);
  if (portion) await applyLots(tx, updated, place, [portion]);
  try {
    const [movement] = await journal(tx, booker, [
      {
        articleId: original.articleId,
        kind: 'reversal',
        delta: -original.delta,
        quantityAfter: updated.quantity,
        note: clean(note),
        reversesId: original.id,
        locationId: place.id,
        locationQuantityAfter: locationAfter,
        ...(portion ? lotColumns(updated, portion) : {}),
      },
    ]);
    return {
      statusCode: 201,
      body: { movement: movementJson(movement!, updated, null, place.code), article: articleJson(updated) },
    };
  } catch (error) {
    // A concurrent reversal of the same movement won the unique index.
    if (isUniqueViolation(error, 'stock_movements_reverses_unique')) throw alreadyReversed();
    throw error;
  }
}

export interface TransferInput extends LotFields {
  article_id: number;
  to_warehouse_id: number;
  quantity: number;
  note?: string | null;
  /** The source location (default: the article's default, else STANDARD); the target books at its own default. */
  location_id?: number | null;
}

/**
 * `transfer_out` here and `transfer_in` there, in the caller's transaction: when the second
 * half fails (no article there and no right to create it, archived, other unit) the thrown
 * error rolls the first half back too.
 *
 * A missing target article is created-or-got (`INSERT … ON CONFLICT DO NOTHING`, then read): 20
 * parallel transfers of a new SKU all book into the one article the first of them created, instead
 * of the others failing on the unique SKU. This happens before any row lock is taken, so waiting
 * for a parallel creator can never close a lock cycle; then both rows are locked in id order.
 */
export async function transferStock(tx: Tx, booker: Booker, input: TransferInput, mayCreateThere: boolean) {
  const source = await findArticle(tx, booker.warehouseId, input.article_id);
  if (source.archivedAt) throw articleArchived();
  const errors: FieldErrors = {};
  const amount = quantityField(errors, 'quantity', input.quantity, source.unit, { positive: true });
  if (Object.keys(errors).length) throw validationError(errors);
  const target = input.to_warehouse_id;
  const sameSku = async () => {
    const [row] = await tx
      .select()
      .from(a)
      .where(and(eq(a.warehouseId, target), sql`lower(${a.sku}) = lower(${source.sku})`))
      .limit(1);
    return row;
  };

  let there = await sameSku();
  if (!there && mayCreateThere) {
    const [created] = await tx
      .insert(a)
      .values({
        warehouseId: target,
        sku: source.sku,
        name: source.name,
        unit: source.unit as Unit,
        minStock: 0,
        barcode: source.barcode,
        description: source.description,
        tracking: source.tracking,
        expiry: source.expiry,
      })
      .onConflictDoNothing()
      .returning();
    // Nothing inserted: a parallel call created the SKU (read it), or another article there holds the barcode.
    there = created ?? (await sameSku());
  }

  const ledger = locationLedger();
  const from = await ledger.place(tx, booker.warehouseId, source.id, input.location_id);
  const to = there ? await ledger.place(tx, target, there.id) : null;
  // Lock both rows in id order so opposite transfers at the same time cannot deadlock; read them anew.
  const ids = there ? [source.id, there.id] : [source.id];
  const locked = await tx.select().from(a).where(inArray(a.id, ids)).orderBy(asc(a.id)).for('update');
  there = there ? locked.find((row) => row.id === there!.id) : undefined;

  const transferId = randomUUID();
  const note = clean(input.note);
  // Lots (stock-spec-3 §2): the named lot or serials leave, or FEFO; the target takes the same lots.
  const sourceRow = locked.find((row) => row.id === source.id)!;
  const tracked = sourceRow.tracking !== 'none' || hasLotFields(input);
  let portions: Portion[] = [];
  if (tracked) {
    assertLotFields(sourceRow, 'out', input, amount);
    portions = await takeLots(tx, booker.lang, sourceRow, from, amount, input, (available) =>
      insufficientAt(booker.lang, sourceRow, from, available),
    );
  }
  const out = await bookAt(tx, booker, source.id, from, -amount, input.location_id != null);
  const outRow = out.updated;
  await applyLots(tx, sourceRow, from, portions);
  const outBase = { articleId: source.id, kind: 'transfer_out', note, transferId, locationId: from.id };
  const outRows = tracked
    ? splitRows(
        sourceRow,
        portions,
        { quantityAfter: outRow.quantity, locationQuantityAfter: out.locationAfter },
        outBase,
      )
    : [{ ...outBase, delta: -amount, quantityAfter: outRow.quantity, locationQuantityAfter: out.locationAfter }];
  const outMovements = await journal(tx, booker, outRows);
  const outMovement = outMovements[0];

  const vars = { sku: source.sku };
  if (!there && !mayCreateThere) {
    throw validationError(
      { to_warehouse_id: [{ key: 'stock.transferTargetMissing', vars }] },
      'transfer.target_article_missing',
    );
  }
  if (!there) {
    // The request names no barcode: the refusal goes on the field it does name.
    throw validationError(
      { to_warehouse_id: [{ key: 'stock.transferTargetBarcodeTaken', vars: { barcode: source.barcode ?? '' } }] },
      'article.barcode_taken',
    );
  }
  if (there.archivedAt) {
    throw validationError(
      { to_warehouse_id: [{ key: 'stock.transferTargetArchived', vars }] },
      'transfer.target_article_archived',
    );
  }
  if (there.unit !== source.unit) {
    throw validationError({ to_warehouse_id: [{ key: 'stock.transferUnitMismatch', vars }] }, 'transfer.unit_mismatch');
  }
  if (there.tracking !== sourceRow.tracking) {
    throw validationError(
      { to_warehouse_id: [{ key: 'stock.transferTrackingMismatch', vars }] },
      'transfer.tracking_mismatch',
    );
  }
  const inPortions: Portion[] = [];
  if (tracked) {
    const dates = datesOf(portions);
    for (const p of portions) {
      const fields = sourceRow.tracking === 'serial' ? { serials: [p.code] } : { lot: p.code };
      inPortions.push(
        ...(await putLots(tx, there, -p.delta, fields, { bestBefore: dates, bestBeforeField: 'to_warehouse_id' })),
      );
    }
  }
  const inBooked = await bookAt(tx, { ...booker, warehouseId: target }, there.id, to!, amount, false);
  const inRow = inBooked.updated;
  await applyLots(tx, there, to!, inPortions);
  const inBase = { articleId: there.id, kind: 'transfer_in', note, transferId, locationId: to!.id };
  const finals = { quantityAfter: inRow.quantity, locationQuantityAfter: inBooked.locationAfter };
  const inRows = tracked ? splitRows(there, inPortions, finals, inBase) : [{ ...inBase, delta: amount, ...finals }];
  const inMovements = await journal(tx, booker, inRows, target);
  const inMovement = inMovements[0];
  return {
    statusCode: 201,
    body: {
      out: movementJson(outMovement!, outRow, null, from.code),
      in: movementJson(inMovement!, inRow, null, to!.code),
      ...(tracked
        ? {
            lots: lotsTaken(portions),
            movements: [
              ...outMovements.map((row) => movementJson(row, outRow, null, from.code)),
              ...inMovements.map((row) => movementJson(row, inRow, null, to!.code)),
            ],
          }
        : {}),
    },
  };
}

export interface CountInput {
  lines: ({ article_id: number; counted: number; location_id?: number | null } & LotFields)[];
  note?: string | null;
}

/**
 * A stocktake: each line is the counted stock of an article at a location (default: the article's
 * default, else STANDARD), for a tracked article of one lot or the serials there; every difference is
 * booked as a `count` correction, all in one transaction or none. Locations first (FOR SHARE), then the
 * articles in id order.
 */
export async function bookCount(tx: Tx, booker: Booker, input: CountInput) {
  const errors: FieldErrors = {};
  const ledger = locationLedger();
  const places: Place[] = [];
  for (const line of input.lines) {
    places.push(await ledger.place(tx, booker.warehouseId, line.article_id, line.location_id));
  }
  const seen = new Set<string>();
  input.lines.forEach((line, i) => {
    const key = `${line.article_id}@${places[i]!.id}@${line.lot ?? ''}`;
    if (seen.has(key)) errors[`lines.${i}.article_id`] = [{ key: 'stock.duplicateLine' }];
    seen.add(key);
  });
  const ids = [...new Set(input.lines.map((line) => line.article_id))];
  const rows = await tx
    .select()
    .from(a)
    .where(and(eq(a.warehouseId, booker.warehouseId), inArray(a.id, ids)))
    .orderBy(asc(a.id))
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const changes: { article: ArticleRow; place: Place; delta: number; portions: Portion[] | null }[] = [];
  for (const [i, line] of input.lines.entries()) {
    const article = byId.get(line.article_id);
    // An id of another warehouse is as unknown here as everywhere else.
    if (!article) throw articleNotFound();
    if (article.archivedAt) errors[`lines.${i}.article_id`] ??= [{ key: 'stock.articleArchived' }];
    const counted = quantityField(errors, `lines.${i}.counted`, line.counted, article.unit);
    const before = Object.keys(errors).length;
    checkLotFields(errors, `lines.${i}.`, article, 'set', line, counted);
    if (Object.keys(errors).length > before) continue;
    if (article.tracking !== 'none') {
      const portions = await countLots(tx, article, places[i]!, counted, line, `lines.${i}.best_before`);
      const delta = portions.reduce((sum, p) => sum + p.delta, 0);
      if (portions.length) changes.push({ article, place: places[i]!, delta, portions });
      continue;
    }
    const there = await ledger.at(tx, article.id, places[i]!);
    if (counted !== there) changes.push({ article, place: places[i]!, delta: counted - there, portions: null });
  }
  if (Object.keys(errors).length) throw validationError(errors, lotErrorCode(errors));

  const note = clean(input.note);
  const booked: NewMovement[] = [];
  const latest = new Map<number, ArticleRow>();
  for (const change of changes) {
    let updated = latest.get(change.article.id) ?? change.article;
    let locationAfter: number;
    if (change.delta !== 0) {
      ({ updated, locationAfter } = await bookAt(tx, booker, change.article.id, change.place, change.delta, true));
    } else locationAfter = await ledger.at(tx, change.article.id, change.place);
    latest.set(updated.id, updated);
    const base = {
      articleId: updated.id,
      kind: 'correction',
      reason: 'count',
      note,
      locationId: change.place.id,
    };
    if (change.portions) {
      await applyLots(tx, updated, change.place, change.portions);
      booked.push(
        ...splitRows(
          updated,
          change.portions,
          { quantityAfter: updated.quantity, locationQuantityAfter: locationAfter },
          base,
        ),
      );
    } else {
      booked.push({
        ...base,
        delta: change.delta,
        quantityAfter: updated.quantity,
        locationQuantityAfter: locationAfter,
      });
    }
  }
  const movements = await journal(tx, booker, booked);
  const codes = new Map(places.map((place) => [place.id, place.code]));
  return {
    statusCode: 201,
    body: {
      movements: movements.map((row) =>
        movementJson(row, latest.get(row.articleId)!, null, codes.get(row.locationId ?? 0) ?? null),
      ),
      unchanged: input.lines.length - changes.length,
    },
  };
}

export type { MovementRow };

/**
 * The article's `on_order` changes by `delta` thousandths (purchasing: an order placed, received or
 * cancelled), never below 0, inside the caller's transaction. Returns the article afterwards.
 */
export async function addOnOrder(tx: Tx, warehouseId: number, articleId: number, delta: number) {
  const [row] = await tx
    .update(a)
    .set({ onOrder: sql`greatest(0, ${a.onOrder} + ${delta})`, updatedAt: sql`now()` })
    .where(and(eq(a.id, articleId), eq(a.warehouseId, warehouseId)))
    .returning();
  if (!row) throw articleNotFound();
  return row;
}

/** One goods-in of a purchase order receipt (stock-spec-3 §1); quantities in thousandths, > 0. */
export interface ReceiptBooking {
  articleId: number;
  quantity: number;
  /** A named location (404/409 as any booking's), else the article's default, else STANDARD. */
  locationId: number | null;
  receipt: ReceiptOf;
  reference: string;
  /** stock-spec-3 §2: the lot or serials and best-before of the line; `field` prefixes their 422s (`lines.0.`). */
  lots?: LotFields & { field: string };
}

/**
 * The goods-in of a whole receipt in a fixed number of statements, inside the caller's transaction:
 * named locations checked and share-locked, the articles locked in id order, one UPDATE of their
 * stock and `on_order` (`onOrder`: the change per article, never below 0), the stock per location
 * through the ledger's `addMany`, one journal INSERT (reason `purchase`, the order and its price on
 * each row). Each row's `quantity_after` and `location_quantity_after` is the stock after that row,
 * in the order given. Refusals as for a single booking (404 article, 409 archived, 409 above the cap).
 */
export async function bookReceipt(
  tx: Tx,
  booker: Booker,
  items: ReceiptBooking[],
  onOrder: Map<number, number>,
): Promise<MovementJson[]> {
  if (items.length === 0) return [];
  const ledger = locationLedger();
  const named = new Map<string, Place>();
  for (const item of items) {
    if (item.locationId == null) continue;
    const key = `${item.articleId}:${item.locationId}`;
    if (!named.has(key)) named.set(key, await ledger.place(tx, booker.warehouseId, item.articleId, item.locationId));
  }
  const ids = [...new Set([...items.map((i) => i.articleId), ...onOrder.keys()])].sort((x, y) => x - y);
  const locked = await tx
    .select()
    .from(a)
    .where(and(eq(a.warehouseId, booker.warehouseId), inArray(a.id, ids)))
    .orderBy(asc(a.id))
    .for('update');
  const byId = new Map(locked.map((row) => [row.id, row]));
  const delta = new Map<number, number>();
  for (const item of items) delta.set(item.articleId, (delta.get(item.articleId) ?? 0) + item.quantity);
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw articleNotFound();
    if (!delta.has(id)) continue;
    if (row.archivedAt) throw articleArchived();
    if (row.quantity + delta.get(id)! > MAX_STOCK_MILLI) throw aboveLimit(booker.lang, row);
  }
  // Lots and serials of tracked articles (stock-spec-3 §2), checked before anything is written.
  const lotErrors: FieldErrors = {};
  for (const item of items) {
    checkLotFields(lotErrors, item.lots?.field ?? '', byId.get(item.articleId)!, 'in', item.lots ?? {}, item.quantity);
  }
  if (Object.keys(lotErrors).length) throw validationError(lotErrors, lotErrorCode(lotErrors));
  const values = sql.join(
    ids.map((id) => sql`(${id}::integer, ${delta.get(id) ?? 0}::bigint, ${onOrder.get(id) ?? 0}::bigint)`),
    sql`, `,
  );
  const updated = (await tx.execute(sql`
    UPDATE stock_articles AS t SET quantity = t.quantity + v.delta,
      on_order = greatest(0, t.on_order + v.on_order), updated_at = now()
    FROM (VALUES ${values}) AS v(id, delta, on_order) WHERE t.id = v.id
    RETURNING t.id, t.quantity`)) as unknown as { rows: { id: number; quantity: string }[] };
  const after = new Map(updated.rows.map((r) => [Number(r.id), Number(r.quantity)]));

  // One addition per (article, location): the ledger's INSERT … ON CONFLICT takes each pair once.
  const pairs = new Map<string, { articleId: number; locationId: number | null; delta: number }>();
  const pairOf = (item: ReceiptBooking) => `${item.articleId}:${item.locationId ?? ''}`;
  for (const item of items) {
    const pair = pairs.get(pairOf(item));
    if (pair) pair.delta += item.quantity;
    else pairs.set(pairOf(item), { articleId: item.articleId, locationId: item.locationId, delta: item.quantity });
  }
  const added = await ledger.addMany(tx, booker.warehouseId, [...pairs.values()]);
  const atPlace = new Map([...pairs.keys()].map((key, i) => [key, added[i]!]));

  // Stock after each row, in order: the final stock less what the later rows of the same article added.
  const laterArticle = new Map<number, number>();
  const laterPair = new Map<string, number>();
  const rows: NewMovement[] = new Array(items.length);
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    const place = atPlace.get(pairOf(item))!;
    rows[i] = {
      articleId: item.articleId,
      kind: 'in',
      delta: item.quantity,
      quantityAfter: after.get(item.articleId)! - (laterArticle.get(item.articleId) ?? 0),
      reason: 'purchase',
      reference: item.reference,
      locationId: place.locationId,
      locationQuantityAfter: place.after - (laterPair.get(pairOf(item)) ?? 0),
      purchaseOrderId: item.receipt.purchaseOrderId,
      unitCost: item.receipt.unitCost,
    };
    laterArticle.set(item.articleId, (laterArticle.get(item.articleId) ?? 0) + item.quantity);
    laterPair.set(pairOf(item), (laterPair.get(pairOf(item)) ?? 0) + item.quantity);
  }
  // A tracked line: its lot (or each serial) at the place it went to, one journal row per lot or serial.
  const journalRows: NewMovement[] = [];
  for (const [i, item] of items.entries()) {
    const article = byId.get(item.articleId)!;
    if (article.tracking === 'none') {
      journalRows.push(rows[i]!);
      continue;
    }
    const place = { id: rows[i]!.locationId!, code: '' };
    const portions = await putLots(tx, article, item.quantity, item.lots ?? {}, {
      bestBeforeField: `${item.lots?.field ?? ''}best_before`,
    });
    await applyLots(tx, article, place, portions);
    journalRows.push(
      ...splitRows(
        article,
        portions,
        { quantityAfter: rows[i]!.quantityAfter!, locationQuantityAfter: rows[i]!.locationQuantityAfter! },
        rows[i]!,
      ),
    );
  }
  const written = await journal(tx, booker, journalRows);
  const codes = await ledger.codes(tx, [...new Set(written.map((m) => m.locationId!))]);
  return written.map((movement) =>
    movementJson(movement, byId.get(movement.articleId)!, null, codes.get(movement.locationId!) ?? null),
  );
}

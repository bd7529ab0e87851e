/**
 * Lots, serial numbers and best-before dates (stock-spec-3 §2): stock per article, location and lot.
 *
 * A lot article keeps its stock at a location split over `stock_lot_quantities` rows of its lots; a
 * serial article keeps each unit as a "lot" of quantity 1 whose code is the serial. Every function here
 * runs inside the caller's transaction **after the article row is locked** (FOR UPDATE or the booking's
 * conditional UPDATE): an article's lot rows are only changed under that lock, so what they read (FEFO
 * order, a serial in stock) is exact, and no lot goes negative under concurrency (a CHECK backs it up).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, type FieldErrors, validationError } from '../../platform/errors';
import type { Language } from '../../platform/i18n';
import type { Tx } from './idempotency';
import { isCalendarDate } from './iso-dates';
import type { Place } from './location-ledger';
import { formatQuantity } from './quantity';
import { type ArticleRow, stockLots as l, stockLotQuantities as lq } from './tables';

export const TRACKINGS = ['none', 'lot', 'serial'] as const;
export type Tracking = (typeof TRACKINGS)[number];

/** What a booking names about lots (every booking kind takes these fields). */
export interface LotFields {
  lot?: string | null;
  serials?: string[] | null;
  best_before?: string | null;
}

/** One lot's (or serial's) share of a booking: one journal row each. */
export interface Portion {
  lotId: number;
  code: string;
  bestBefore: string | null;
  /** Thousandths, signed. */
  delta: number;
}

export const LOT = /^[A-Za-z0-9\-./]{1,40}$/;
const ONE = 1000;

export const hasLotFields = (fields: LotFields) =>
  !!fields.lot || (fields.serials?.length ?? 0) > 0 || !!fields.best_before;

/** A real ISO calendar date `YYYY-MM-DD`. */
export function isIsoDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!match && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * Checks what a booking says about lots against the article's tracking, adding to `errors` under
 * `prefix` (`''` for a booking, `lines.3.` for a line). `direction`: `in` (goods-in: best-before needed
 * for an expiry article), `out` (a lot article may leave the lot out: FEFO), `set` (a count: the lot or
 * the serials counted). `amount` is the booking's quantity in thousandths.
 */
export function checkLotFields(
  errors: FieldErrors,
  prefix: string,
  article: Pick<ArticleRow, 'tracking' | 'expiry'>,
  direction: 'in' | 'out' | 'set',
  fields: LotFields,
  amount: number,
) {
  const put = (field: string, key: Parameters<typeof validationError>[0][string][number]['key']) => {
    errors[`${prefix}${field}`] ??= [{ key, vars: { field: field.replace(/_/g, ' ') } }];
  };
  const lot = fields.lot ?? null;
  const serials = fields.serials ?? null;
  const bestBefore = fields.best_before ?? null;
  if (article.tracking === 'none') {
    if (lot) put('lot', 'stock.notTracked');
    if (serials?.length) put('serials', 'stock.notTracked');
    if (bestBefore) put('best_before', 'stock.notTracked');
    return;
  }
  if (bestBefore && !isIsoDate(bestBefore)) put('best_before', 'stock.bestBeforeInvalid');
  if (article.tracking === 'lot') {
    if (serials?.length) put('serials', 'stock.serialsNotSerial');
    if (lot !== null && lot !== '' && !LOT.test(lot)) put('lot', 'stock.lotInvalid');
    if (!lot && direction !== 'out') put('lot', 'stock.lotRequired');
  } else {
    if (lot) put('lot', 'stock.lotNotLot');
    // A count may find none at a place: set to 0 without serials.
    if (!serials?.length) {
      if (direction !== 'set' || amount !== 0) put('serials', 'stock.serialsRequired');
    } else {
      const seen = new Set<string>();
      serials.forEach((serial, i) => {
        if (
          serial.trim() !== serial ||
          serial.length < 1 ||
          serial.length > 64 ||
          [...serial].some((c) => c.charCodeAt(0) < 32)
        ) {
          errors[`${prefix}serials.${i}`] ??= [{ key: 'stock.serialInvalid' }];
        } else if (seen.has(serial)) errors[`${prefix}serials.${i}`] ??= [{ key: 'stock.serialDuplicate' }];
        seen.add(serial);
      });
      if (amount !== serials.length * ONE) {
        errors[`${prefix}${direction === 'set' ? 'counted' : 'quantity'}`] ??= [
          { key: 'stock.serialCount', vars: { count: serials.length } },
        ];
      }
    }
  }
  if (direction === 'in' && article.expiry && !bestBefore) put('best_before', 'stock.bestBeforeRequired');
}

/** The stable code of a 422 from checkLotFields: the spec's `lot.required` / `serials.required` / `best_before.required`. */
export function lotErrorCode(errors: FieldErrors) {
  const keys = Object.values(errors).flatMap((list) => list.map((m) => m.key));
  if (keys.includes('stock.lotRequired')) return 'lot.required' as const;
  if (keys.includes('stock.serialsRequired')) return 'serials.required' as const;
  if (keys.includes('stock.bestBeforeRequired')) return 'best_before.required' as const;
  if (keys.includes('stock.bestBeforeMismatch')) return 'lot.best_before_mismatch' as const;
  if (keys.includes('stock.notTracked')) return 'lot.not_tracked' as const;
  return 'validation.failed' as const;
}

/** checkLotFields for one booking: 422 with the spec's code, or nothing. */
export function assertLotFields(
  article: Pick<ArticleRow, 'tracking' | 'expiry'>,
  direction: 'in' | 'out' | 'set',
  fields: LotFields,
  amount: number,
) {
  const errors: FieldErrors = {};
  checkLotFields(errors, '', article, direction, fields, amount);
  if (Object.keys(errors).length) throw validationError(errors, lotErrorCode(errors));
}

const lotShort = (lang: Language, article: Pick<ArticleRow, 'unit'>, code: string, place: Place, available: number) =>
  new AppError(409, 'stock.insufficientLot', 'stock.insufficient', {
    vars: { lot: code, location: place.code, available: formatQuantity(lang, available, article.unit) },
  });

const serialMissing = (serial: string, place: Place) =>
  new AppError(409, 'stock.serialNotInStock', 'stock.insufficient', { vars: { serial, location: place.code } });

const serialInStock = (serial: string) =>
  new AppError(409, 'stock.serialInStock', 'serial.in_stock', { vars: { serial } });

interface LotAt {
  lotId: number;
  code: string;
  bestBefore: string | null;
  quantity: number;
}

/** The article's lots at the place with their stock there, FEFO order: earliest best-before, then oldest receipt. */
async function lotsAt(tx: Tx, articleId: number, place: Place, codes?: string[]): Promise<LotAt[]> {
  return tx
    .select({ lotId: l.id, code: l.code, bestBefore: l.bestBefore, quantity: lq.quantity })
    .from(lq)
    .innerJoin(l, eq(l.id, lq.lotId))
    .where(
      and(
        eq(lq.articleId, articleId),
        eq(lq.locationId, place.id),
        sql`${lq.quantity} > 0`,
        codes ? inArray(l.code, codes) : undefined,
      ),
    )
    .orderBy(sql`${l.bestBefore} ASC NULLS LAST`, asc(l.createdAt), asc(l.id));
}

/**
 * What leaves the place: the named lot (409 naming it when short), the named serials (409 naming the
 * first one not there), or for a lot article without a lot FEFO over its lots there, split as needed
 * (409 like any booking at the place when they do not suffice). Negative portions.
 */
export async function takeLots(
  tx: Tx,
  lang: Language,
  article: ArticleRow,
  place: Place,
  amount: number,
  fields: LotFields,
  short: (available: number) => Error,
): Promise<Portion[]> {
  if (article.tracking === 'serial') {
    const serials = fields.serials ?? [];
    const there = new Map((await lotsAt(tx, article.id, place, serials)).map((row) => [row.code, row]));
    return serials.map((serial) => {
      const row = there.get(serial);
      if (!row) throw serialMissing(serial, place);
      return { lotId: row.lotId, code: serial, bestBefore: row.bestBefore, delta: -ONE };
    });
  }
  if (fields.lot) {
    const [row] = await lotsAt(tx, article.id, place, [fields.lot]);
    if (!row || row.quantity < amount) throw lotShort(lang, article, fields.lot, place, row?.quantity ?? 0);
    return [{ lotId: row.lotId, code: row.code, bestBefore: row.bestBefore, delta: -amount }];
  }
  const portions: Portion[] = [];
  let left = amount;
  const rows = await lotsAt(tx, article.id, place);
  for (const row of rows) {
    if (left <= 0) break;
    const taken = Math.min(left, row.quantity);
    portions.push({ lotId: row.lotId, code: row.code, bestBefore: row.bestBefore, delta: -taken });
    left -= taken;
  }
  if (left > 0) throw short(rows.reduce((sum, row) => sum + row.quantity, 0));
  return portions;
}

/**
 * The lot rows of the codes, made when new (INSERT … ON CONFLICT DO NOTHING, then read: parallel first
 * receipts of one lot share it). A lot keeps its first best-before: another one is 422 on `field`.
 */
async function ensureLots(
  tx: Tx,
  article: ArticleRow,
  codes: { code: string; bestBefore: string | null }[],
  field: string,
) {
  if (codes.length === 0) return new Map<string, LotAt>();
  await tx
    .insert(l)
    .values(
      codes.map((c) => ({
        warehouseId: article.warehouseId,
        articleId: article.id,
        code: c.code,
        bestBefore: c.bestBefore,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ lotId: l.id, code: l.code, bestBefore: l.bestBefore })
    .from(l)
    .where(
      and(
        eq(l.articleId, article.id),
        inArray(
          l.code,
          codes.map((c) => c.code),
        ),
      ),
    );
  const byCode = new Map(rows.map((row) => [row.code, { ...row, quantity: 0 }]));
  const missing: number[] = [];
  for (const wanted of codes) {
    const row = byCode.get(wanted.code)!;
    if (wanted.bestBefore && row.bestBefore && row.bestBefore !== wanted.bestBefore) {
      throw validationError(
        { [field]: [{ key: 'stock.bestBeforeMismatch', vars: { lot: wanted.code, date: row.bestBefore } }] },
        'lot.best_before_mismatch',
      );
    }
    if (wanted.bestBefore && !row.bestBefore) {
      row.bestBefore = wanted.bestBefore;
      missing.push(row.lotId);
    }
  }
  if (missing.length) {
    // A lot first booked without a date (a non-expiry article) takes the first one given.
    for (const row of byCode.values()) {
      if (missing.includes(row.lotId)) {
        await tx.update(l).set({ bestBefore: row.bestBefore }).where(eq(l.id, row.lotId));
      }
    }
  }
  return byCode;
}

/**
 * What comes in at the place: the named lot (made at its first receipt with its best-before), or the
 * named serials, none of which may be in stock anywhere (409 `serial.in_stock`; one that left may come
 * back). `bestBefore` overrides the request's date (a transfer carries the sending lot's). Positive portions.
 */
export async function putLots(
  tx: Tx,
  article: ArticleRow,
  amount: number,
  fields: LotFields,
  options: { bestBeforeField?: string; bestBefore?: Map<string, string | null> } = {},
): Promise<Portion[]> {
  const field = options.bestBeforeField ?? 'best_before';
  const dateOf = (code: string) =>
    options.bestBefore ? (options.bestBefore.get(code) ?? null) : (fields.best_before ?? null);
  if (article.tracking === 'serial') {
    const serials = fields.serials ?? [];
    const lots = await ensureLots(
      tx,
      article,
      serials.map((code) => ({ code, bestBefore: dateOf(code) })),
      field,
    );
    const ids = [...lots.values()].map((row) => row.lotId);
    const held = await tx
      .select({ lotId: lq.lotId })
      .from(lq)
      .where(and(inArray(lq.lotId, ids), sql`${lq.quantity} > 0`))
      .limit(1);
    if (held.length) throw serialInStock([...lots.values()].find((row) => row.lotId === held[0]!.lotId)!.code);
    return serials.map((code) => {
      const row = lots.get(code)!;
      return { lotId: row.lotId, code, bestBefore: row.bestBefore, delta: ONE };
    });
  }
  const code = fields.lot!;
  const row = (await ensureLots(tx, article, [{ code, bestBefore: dateOf(code) }], field)).get(code)!;
  return [{ lotId: row.lotId, code, bestBefore: row.bestBefore, delta: amount }];
}

/**
 * A count of a tracked article at the place (a correction, a stocktake line): the lot's stock there
 * becomes `amount`, or the serials there become exactly the ones named (the others leave, new ones come
 * in). Portions of the differences; empty when nothing changes.
 */
export async function countLots(
  tx: Tx,
  article: ArticleRow,
  place: Place,
  amount: number,
  fields: LotFields,
  bestBeforeField = 'best_before',
): Promise<Portion[]> {
  if (article.tracking === 'serial') {
    const counted = new Set(fields.serials ?? []);
    const there = await lotsAt(tx, article.id, place);
    const gone: Portion[] = there
      .filter((row) => !counted.has(row.code))
      .map((row) => ({ lotId: row.lotId, code: row.code, bestBefore: row.bestBefore, delta: -row.quantity }));
    const known = new Set(there.map((row) => row.code));
    const fresh = [...counted].filter((code) => !known.has(code));
    const added = fresh.length
      ? await putLots(tx, article, fresh.length * ONE, { ...fields, serials: fresh }, { bestBeforeField })
      : [];
    return [...gone, ...added];
  }
  const code = fields.lot!;
  const [row] = await lotsAt(tx, article.id, place, [code]);
  const current = row?.quantity ?? 0;
  const delta = amount - current;
  if (delta === 0) return [];
  if (delta < 0) return [{ lotId: row!.lotId, code, bestBefore: row!.bestBefore, delta }];
  const [exists] = await tx
    .select({ id: l.id })
    .from(l)
    .where(and(eq(l.articleId, article.id), eq(l.code, code)))
    .limit(1);
  // A lot new to the article comes in like a goods-in: an expiry article needs its best-before.
  if (!exists && article.expiry && !fields.best_before) {
    throw validationError(
      { [bestBeforeField]: [{ key: 'stock.bestBeforeRequired', vars: { field: 'best before' } }] },
      'best_before.required',
    );
  }
  return putLots(tx, article, delta, fields, { bestBeforeField });
}

/**
 * The portions at the place: additions in one INSERT … ON CONFLICT, takings in one UPDATE (a negative
 * row would fail the CHECK before the conflict is seen). The article row is locked; the CHECK is the last guard.
 */
export async function applyLots(
  tx: Tx,
  article: Pick<ArticleRow, 'id' | 'warehouseId'>,
  place: Place,
  portions: Portion[],
) {
  if (portions.length === 0) return;
  const merged = new Map<number, number>();
  for (const p of portions) merged.set(p.lotId, (merged.get(p.lotId) ?? 0) + p.delta);
  const added = [...merged].filter(([, delta]) => delta > 0);
  const taken = [...merged].filter(([, delta]) => delta < 0);
  if (added.length) {
    await tx
      .insert(lq)
      .values(
        added.map(([lotId, delta]) => ({
          lotId,
          locationId: place.id,
          articleId: article.id,
          warehouseId: article.warehouseId,
          quantity: delta,
        })),
      )
      .onConflictDoUpdate({
        target: [lq.lotId, lq.locationId],
        set: { quantity: sql`${lq.quantity} + excluded.quantity` },
      });
  }
  if (taken.length) {
    const values = sql.join(
      taken.map(([lotId, delta]) => sql`(${lotId}::integer, ${delta}::bigint)`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE stock_lot_quantities AS q SET quantity = q.quantity + v.delta
      FROM (VALUES ${values}) AS v(lot_id, delta) WHERE q.lot_id = v.lot_id AND q.location_id = ${place.id}`);
  }
}

/** The journal's lot columns of a portion: `lot` for a lot article, `serial` for a serial one. */
export const lotColumns = (article: Pick<ArticleRow, 'tracking'>, portion: Portion) => ({
  lot: article.tracking === 'lot' ? portion.code : null,
  serial: article.tracking === 'serial' ? portion.code : null,
  bestBefore: portion.bestBefore,
});

/**
 * One journal row per portion with the stock after each, in order: the final stock less what the later
 * portions changed (the article's total and the location's).
 */
export function splitRows<T extends object>(
  article: Pick<ArticleRow, 'tracking'>,
  portions: Portion[],
  finals: { quantityAfter: number; locationQuantityAfter: number },
  base: T,
) {
  let later = 0;
  const rows = new Array(portions.length);
  for (let i = portions.length - 1; i >= 0; i--) {
    const portion = portions[i]!;
    rows[i] = {
      ...base,
      ...lotColumns(article, portion),
      delta: portion.delta,
      quantityAfter: finals.quantityAfter - later,
      locationQuantityAfter: finals.locationQuantityAfter - later,
    };
    later += portion.delta;
  }
  return rows as (T &
    ReturnType<typeof lotColumns> & { delta: number; quantityAfter: number; locationQuantityAfter: number })[];
}

/** `lots: [{lot, quantity}]` of a booking's answer (quantities as decimals, positive). */
export const lotsTaken = (portions: Portion[]) =>
  portions.map((p) => ({ lot: p.code, quantity: Math.abs(p.delta) / ONE }));

/** Lot ids' best-before dates (a transfer or relocation carries them). */
export const datesOf = (portions: Portion[]) => new Map(portions.map((p) => [p.code, p.bestBefore]));

/**
 * The portion that reverses a journal row of a lot or serial (the article row locked): the same lot at
 * the same place, refused like any booking when that lot is short there, or when a serial that comes back
 * is in stock again meanwhile.
 */
export async function reverseLot(
  tx: Tx,
  lang: Language,
  article: ArticleRow,
  place: Place,
  original: { lot: string | null; serial: string | null; delta: number },
): Promise<Portion | null> {
  const code = original.lot ?? original.serial;
  if (!code) return null;
  const fields = original.serial ? { serials: [original.serial] } : { lot: code };
  if (original.delta > 0) {
    const [portion] = await takeLots(tx, lang, article, place, original.delta, fields, () =>
      lotShort(lang, article, code, place, 0),
    );
    return portion!;
  }
  const [portion] = await putLots(tx, article, -original.delta, fields, { bestBefore: new Map() });
  return portion!;
}

/**
 * A relocation of a tracked article (its row locked): the named lot or serials, or FEFO, leave `from`
 * and the same lots come in at `to`. Both applied; the portions of each side for the journal.
 */
export async function relocateLots(
  tx: Tx,
  lang: Language,
  article: ArticleRow,
  from: Place,
  to: Place,
  amount: number,
  fields: LotFields,
  short: (available: number) => Error,
) {
  assertLotFields(article, 'out', fields, amount);
  const out = await takeLots(tx, lang, article, from, amount, fields, short);
  const into = out.map((p) => ({ ...p, delta: -p.delta }));
  await applyLots(tx, article, from, out);
  await applyLots(tx, article, to, into);
  return { out, into };
}

/**
 * Lots in stock whose best-before is before `today + days` (expired ones included), earliest first: the
 * low-stock digest's "expiring within 14 days" part (stock-spec-3 §2). At most `limit`.
 */
export async function lotsExpiring(
  db: Tx | import('../../platform/db/client').Db,
  warehouseId: number,
  today: string,
  days = 14,
  limit = 50,
) {
  const result = await db.execute(sql`
    SELECT a.sku, a.name, a.unit, l.code AS lot, to_char(l.best_before, 'YYYY-MM-DD') AS best_before,
      sum(q.quantity)::text AS quantity
    FROM stock_lots l
    JOIN stock_articles a ON a.id = l.article_id
    JOIN stock_lot_quantities q ON q.lot_id = l.id AND q.quantity > 0
    WHERE l.warehouse_id = ${warehouseId} AND l.best_before < ${today}::date + ${days + 1}::integer
    GROUP BY a.sku, a.name, a.unit, l.id
    ORDER BY l.best_before, l.id
    LIMIT ${limit}`);
  return (
    result as unknown as {
      rows: { sku: string; name: string; unit: string; lot: string; best_before: string; quantity: string }[];
    }
  ).rows.map((row) => ({ ...row, quantity: Number(row.quantity) }));
}

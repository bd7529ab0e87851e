import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client';
import { pgErrorCode } from '../../platform/db/pg-errors';
import { executePrepared } from '../../platform/prepared';
import { articleJson } from './articles';
import { type BookingBody, type BookingInput, bookMovement, checkBooking } from './bookings';
import { IDEMPOTENCY_TTL_HOURS, idempotencyKeyOf, idempotencyMismatch, once, requestHash } from './idempotency';
import { movementJson } from './journal';
import { hasLotFields, isIsoDate } from './lots';
import { occurredAtOf } from './occurred-at';
import { fromMilli, MAX_STOCK_MILLI, WHOLE_UNITS } from './quantity';
import { stockArticles, stockMovements } from './tables';

/** What migration 0012's `stock_book` (and 0018's `stock_book_lot`) books: the raw rows, as `to_jsonb` wrote them. */
interface RawBooking {
  article: Record<string, unknown>;
  movement: Record<string, unknown> | null;
  location_code: string | null;
  /** `stock_book_lot`: every journal row (one per lot) and the lots taken, quantities in thousandths. */
  movements?: Record<string, unknown>[];
  lots?: { lot: string; quantity: number }[];
}

/** A row as drizzle would have read it, from `to_jsonb(row)` (column names, the driver's values). */
function rowOf<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return Object.fromEntries(
    columns.map(([field, column]) => {
      const value = json[column.name];
      return [field, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as T['$inferSelect'];
}

function bookingBody(raw: RawBooking): BookingBody {
  const article = rowOf(stockArticles, raw.article);
  if (!raw.movement) return { movement: null, article: articleJson(article), unchanged: true };
  const movement = rowOf(stockMovements, raw.movement);
  // The function read the article before its journal rows; the trigger of 0020 averaged after that.
  const last = raw.movements?.length ? rowOf(stockMovements, raw.movements[raw.movements.length - 1]!) : movement;
  const body: BookingBody = {
    movement: movementJson(movement, article, null, raw.location_code),
    article: articleJson({ ...article, averageCost: last.averageCostAfter }),
  };
  if (raw.movements) {
    body.lots = (raw.lots ?? []).map((l) => ({ lot: l.lot, quantity: fromMilli(l.quantity) }));
    body.movements = raw.movements.map((m) => movementJson(rowOf(stockMovements, m), article, null, raw.location_code));
  }
  return body;
}

/**
 * Which one-trip function an article's bookings try (issue 41): its tracking as the last answer about it said.
 * Only a hint — tracking changes only at stock 0, and each function re-checks it under the row lock and hands
 * back (LG000) what it does not book — so a stale entry costs one round trip, never a wrong booking.
 */
const trackingHint = new Map<number, string>();
const HINTS_KEPT = 10_000;
function remember(answer: Answer) {
  const { id, tracking } = answer.body.article;
  if (trackingHint.size >= HINTS_KEPT) trackingHint.clear();
  trackingHint.set(id, tracking);
}

/** A stored answer as the API sends it: `stock_book` keeps its raw rows (`{$booking}`), the others the body. */
function reviveBooking(stored: unknown): BookingBody {
  const raw = (stored as { $booking?: RawBooking } | null)?.$booking;
  return raw ? bookingBody(raw) : (stored as BookingBody);
}

/** `stock_book` left the booking to the statement-by-statement path (SQLSTATE LG000, nothing written). */
const handedBack = (error: unknown) => pgErrorCode(error) === 'LG000';

type Answer = { statusCode: number; body: BookingBody; replayed: boolean };

/**
 * The booking in one round trip (issue 28): `stock_book` claims the key, books and stores the answer
 * in one statement, its own transaction. Null when it is not the case for it — a body that fails the
 * checks, an `occurred_at` out of bounds (a replay must not fail on it), or any refusal the function
 * hands back — and the caller books on the statement-by-statement path, which answers exactly.
 */
async function bookInOneTrip(db: Db, request: FastifyRequest, input: BookingInput): Promise<Answer | null> {
  const key = idempotencyKeyOf(request);
  // Lots (stock-spec-3 §2): a lot article's goods-in/out in `stock_book_lot` (0018), serials statement by
  // statement; `stock_book` hands tracked articles back.
  const hint = trackingHint.get(input.article_id);
  // A priced goods-in (stock-spec-3 §3) is booked statement by statement, which passes the price to the journal.
  if (input.serials?.length || hint === 'serial' || input.unit_cost != null) return null;
  const lotTrip = hint === 'lot' || hasLotFields(input);
  // A correction, or a date PostgreSQL would refuse to cast: the statement path words the refusal.
  if (lotTrip && (input.kind === 'correction' || (input.best_before && !isIsoDate(input.best_before)))) return null;
  let checked: ReturnType<typeof checkBooking>;
  let occurredAt: Date | null;
  try {
    checked = checkBooking(input);
    occurredAt = occurredAtOf((request.body as { occurred_at?: string | null }).occurred_at);
  } catch {
    return null;
  }
  const user = request.user!;
  let result: { status?: number; booking?: RawBooking; replayed?: true; body?: unknown; mismatch?: true };
  try {
    const lot = sql`, ${input.lot ?? null}::varchar, ${input.best_before ?? null}::date`;
    const rows = await executePrepared(
      db,
      sql`SELECT ${sql.raw(lotTrip ? 'stock_book_lot' : 'stock_book')}(
      ${user.id}::integer, ${key}::uuid, ${requestHash(request)}::char(64), ${IDEMPOTENCY_TTL_HOURS}::integer,
      ${request.access!.warehouseId}::integer, ${input.article_id}::integer, ${input.kind}::varchar,
      ${checked.amount}::bigint, ${input.location_id ?? null}::integer, ${input.reason ?? null}::varchar,
      ${checked.note}::varchar, ${checked.reference}::varchar, ${user.name}::varchar,
      ${occurredAt?.toISOString() ?? null}::timestamptz, ${MAX_STOCK_MILLI}::bigint,
      ${`{${WHOLE_UNITS.join(',')}}`}::varchar[]${lotTrip ? lot : sql``}) AS answer`,
    );
    result = (rows as unknown as { rows: { answer: typeof result }[] }).rows[0]!.answer;
  } catch (error) {
    if (handedBack(error)) return null;
    throw error;
  }
  if (result.mismatch) throw idempotencyMismatch();
  if (result.replayed) return { statusCode: result.status!, body: reviveBooking(result.body), replayed: true };
  return { statusCode: result.status!, body: bookingBody(result.booking!), replayed: false };
}

/** POST api/stock/movements: once per Idempotency-Key, in one round trip where it can be. */
export async function bookMovementOnce(
  db: Db,
  request: FastifyRequest,
  input: BookingInput,
  booker: (request: FastifyRequest) => Parameters<typeof bookMovement>[1],
): Promise<Answer> {
  const answer =
    (await bookInOneTrip(db, request, input)) ??
    (await once(db, request, (tx) => bookMovement(tx, booker(request), input), reviveBooking));
  remember(answer);
  return answer;
}

import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { stockIdempotencyKeys } from './tables';

/**
 * Keys are kept this long; afterwards the same key counts as new. The offline spec asks for at
 * least 7 days (an outbox may send a booking a week later); one day more covers a device whose
 * clock or whose last try sits at the edge of the week.
 */
export const IDEMPOTENCY_TTL_HOURS = 8 * 24;

const expiredBefore = sql.raw(`now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`);

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The header's key, or 422 when it is missing or no UUID. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) throw new AppError(422, 'stock.idempotencyMissing', 'idempotency.missing');
  if (!UUID.test(key)) throw new AppError(422, 'stock.idempotencyInvalid', 'idempotency.invalid');
  return key.toLowerCase();
}

/** What makes two requests "the same": method, path and body (key order does not matter). */
export function requestHash(request: FastifyRequest): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url.split('?')[0], canonical(request.body ?? null)]))
    .digest('hex');
}

export interface StoredAnswer<T> {
  statusCode: number;
  body: T;
}

export const idempotencyMismatch = () => new AppError(422, 'stock.idempotencyMismatch', 'idempotency.mismatch');
const asIs = (stored: unknown) => stored;

/**
 * Runs `book` once per (user, key). The key row is claimed inside the booking's transaction:
 * - a new (or expired) key is inserted, the booking runs, and its answer is stored with it;
 * - a concurrent duplicate blocks on the key's unique index until the first commits, then
 *   finds the stored answer (or, if the first failed and rolled back, books itself);
 * - a known key with another body is refused with 422 `idempotency.mismatch`.
 * Failed bookings roll back the key too, so a retry after an error is evaluated afresh.
 * `revive` turns a stored answer into the body (a one-trip booking stores its raw rows).
 */
export async function once<T>(
  db: Db,
  request: FastifyRequest,
  book: (tx: Tx) => Promise<StoredAnswer<T>>,
  revive?: (stored: unknown) => T,
): Promise<StoredAnswer<T> & { replayed: boolean }> {
  const key = idempotencyKeyOf(request);
  const userId = request.user!.id;
  const hash = requestHash(request);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(stockIdempotencyKeys)
      .values({ userId, key, requestHash: hash })
      .onConflictDoUpdate({
        target: [stockIdempotencyKeys.userId, stockIdempotencyKeys.key],
        set: { requestHash: hash, statusCode: null, response: null, createdAt: sql`now()` },
        setWhere: lt(stockIdempotencyKeys.createdAt, expiredBefore),
      })
      .returning({ key: stockIdempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(stockIdempotencyKeys)
        .where(and(eq(stockIdempotencyKeys.userId, userId), eq(stockIdempotencyKeys.key, key)));
      if (!stored || stored.requestHash !== hash) throw idempotencyMismatch();
      return { statusCode: stored.statusCode ?? 201, body: (revive ?? asIs)(stored.response) as T, replayed: true };
    }
    const answer = await book(tx);
    await tx
      .update(stockIdempotencyKeys)
      .set({ statusCode: answer.statusCode, response: answer.body as object })
      .where(and(eq(stockIdempotencyKeys.userId, userId), eq(stockIdempotencyKeys.key, key)));
    return { ...answer, replayed: false };
  });
}

/**
 * Deletes keys older than the TTL; run now and then (the plugin does it hourly when jobs run). With `vacuum`
 * (PGlite: it has no autovacuum) the table is vacuumed and analyzed afterwards: every booking inserts a key and
 * sets its answer, so without it the table only ever grows dead rows and the planner never learns its size.
 */
export async function purgeIdempotencyKeys(db: Db, { vacuum = false } = {}): Promise<number> {
  const deleted = await db
    .delete(stockIdempotencyKeys)
    .where(lt(stockIdempotencyKeys.createdAt, expiredBefore))
    .returning({ key: stockIdempotencyKeys.key });
  if (vacuum) await db.execute(sql`VACUUM (ANALYZE) stock_idempotency_keys`);
  return deleted.length;
}

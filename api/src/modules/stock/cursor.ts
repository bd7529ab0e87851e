import { fieldError } from '../../platform/errors';
import { isCalendarDate } from './iso-dates';

/**
 * Keyset cursors: the sort key and id of the last row, as opaque base64url JSON. The key is
 * kept as the database printed it (timestamps to the microsecond), so pages never skip rows.
 */
export type CursorValue = [key: string | number, id: number];

export const encodeCursor = (value: CursorValue) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The cursor as sent, or 422 on `cursor` when it is not one this API made: not base64url JSON
 * `[key, id]`, or (`valid`) a key or id the query could not use — a made-up key must never reach
 * PostgreSQL, whose refusal would name no parameter.
 */
export function decodeCursor(
  cursor: string | undefined,
  valid: (key: string | number, id: number) => boolean = () => true,
): CursorValue | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'string' || typeof value[0] === 'number') &&
      Number.isSafeInteger(value[1]) &&
      valid(value[0], value[1])
    ) {
      return value as CursorValue;
    }
  } catch {
    // fall through: a cursor the client made up
  }
  throw fieldError('cursor', 'validation.invalid');
}

/** How PostgreSQL prints a timestamptz as text: `2026-03-05 10:11:12.123456+00` (offset maybe with minutes). */
const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-]\d{2}(?::\d{2}){0,2})?$/;

/** A timestamp key PostgreSQL will read back (a cursor of a list sorted by time). */
export function isTimestampText(key: string | number): boolean {
  const parts = typeof key === 'string' ? TIMESTAMP_TEXT.exec(key) : null;
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number);
  return isCalendarDate(year!, month!, day!, hour, minute, second);
}

const BIGINT_MAX = 2n ** 63n - 1n;
/** An integer key that fits PostgreSQL's bigint (a cursor of a list sorted by quantity). */
export function isBigintText(key: string | number): boolean {
  const text = String(key);
  return /^-?\d{1,19}$/.test(text) && BigInt(text) <= BIGINT_MAX && BigInt(text) >= -BIGINT_MAX - 1n;
}

import { fieldError } from '../../platform/errors';

/**
 * Keyset cursors: the sort key and id of the last row, as opaque base64url JSON. The key is
 * kept as the database printed it (timestamps to the microsecond), so pages never skip rows.
 */
export type CursorValue = [key: string | number, id: number];

export const encodeCursor = (value: CursorValue) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodeCursor(cursor: string | undefined): CursorValue | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'string' || typeof value[0] === 'number') &&
      Number.isSafeInteger(value[1])
    ) {
      return value as CursorValue;
    }
  } catch {
    // fall through: a cursor the client made up
  }
  throw fieldError('cursor', 'validation.invalid');
}

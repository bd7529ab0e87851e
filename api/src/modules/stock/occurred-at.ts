import { fieldError } from '../../platform/errors';
import { parseIsoInstant } from './iso-dates';

/** How far a device clock may run ahead of the server's before its time is refused. */
const FUTURE_MS = 5 * 60_000;
/** How old a booking sent later may be: the idempotency keys are kept longer than this. */
const PAST_MS = 7 * 24 * 60 * 60_000;

/** `Z` or a numeric offset at the end of an ISO date-time. */
const OFFSET = /(?:[Zz]|[+-]\d{2}:?\d{2})$/;

/**
 * The optional `occurred_at` of a booking (offline spec §2): when it happened on the device.
 * Checked inside the idempotent claim, so replaying a stored answer never fails on the bound.
 * It must say its time zone (issue 37): a local time without offset would be read in the
 * server's zone, shifting a phone's booking by hours, so it is refused (422) rather than guessed.
 */
export function occurredAtOf(value: string | null | undefined, now = Date.now()): Date | null {
  if (value === null || value === undefined) return null;
  // A real ISO date-time only: `Date.parse` would roll 2026-02-30 over into March.
  const time = parseIsoInstant(value)?.date.getTime();
  if (time === undefined) throw fieldError('occurred_at', 'validation.invalid');
  if (!OFFSET.test(value)) throw fieldError('occurred_at', 'stock.occurredOffset');
  if (time > now + FUTURE_MS) throw fieldError('occurred_at', 'stock.occurredFuture');
  if (time < now - PAST_MS) throw fieldError('occurred_at', 'stock.occurredPast');
  return new Date(time);
}

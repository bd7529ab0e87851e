/**
 * ISO 8601 dates and times as the stock API reads them, strictly: a real calendar date (no
 * 30 February, no month 13, no year 0), a real time of day (no 24:30), and only the years 0001–9999
 * that both PostgreSQL's timestamptz and a four-digit ISO string can hold. `new Date()` alone rolls
 * 2026-02-30 over into March and lets year 0 or 10000 reach the database, whose refusal names no
 * parameter (issue 27).
 */

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A real calendar date and time of day. */
export function isCalendarDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  const days = month === 2 && isLeap(year) ? 29 : DAYS[month - 1];
  return year >= 1 && !!days && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `2026-03-05T10:00`, seconds and fraction optional, `Z` or an offset optional (then local time, as JS reads it). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/;

const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
/** The first instant past 9999-12-31: no stored timestamp reaches it. */
export const END_OF_TIME = Date.parse('+010000-01-01T00:00:00Z');

/**
 * An ISO date (a whole UTC day, as its first instant) or date-time as an instant; null when it is
 * not a real date and time of the years 0001–9999.
 */
export function parseIsoInstant(value: string): { date: Date; dateOnly: boolean } | null {
  const dateOnly = DATE_ONLY.exec(value);
  const parts = dateOnly ?? DATE_TIME.exec(value);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
  if (!isCalendarDate(year!, month!, day!, hour, minute, second)) return null;
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  const time = date.getTime();
  if (Number.isNaN(time) || time < EARLIEST || time >= END_OF_TIME) return null;
  return { date, dateOnly: !!dateOnly };
}

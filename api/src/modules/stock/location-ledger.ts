import type { Db } from '../../platform/db/client';
import type { Tx } from './idempotency';

/** Where a booking lies: a storage location of the warehouse (stock-spec-2.md §1). */
export interface Place {
  id: number;
  code: string;
}

/**
 * Stock per article and location. The locations module builds on this one (it imports the stock
 * face), so the bookings here reach its tables through this port, which that module registers
 * when it is loaded (modules/index.ts loads every module before the app starts).
 *
 * Lock order, for every booking: the location rows (FOR SHARE, so archiving waits), then the
 * article rows (id order), then the article's per-location rows. An article's per-location rows
 * are only changed while its article row is locked, so they serialize on that lock.
 */
export interface LocationLedger {
  /**
   * The location a booking of the article goes to: the one named (404 when unknown or of another
   * warehouse, 409 when archived), else the article's default, else the warehouse's STANDARD
   * (made when missing). `standard` skips the article's default.
   */
  place(tx: Tx, warehouseId: number, articleId: number, locationId?: number | null, standard?: boolean): Promise<Place>;
  /** The article's stock at the place after adding `delta`, or null when it would go below 0. */
  add(tx: Tx, warehouseId: number, articleId: number, place: Place, delta: number): Promise<number | null>;
  /**
   * Many additions at once (the CSV import): each at its location, or (null) the article's default,
   * else STANDARD. Returns, in order, where each went and the stock there afterwards.
   */
  addMany(
    tx: Tx,
    warehouseId: number,
    rows: { articleId: number; locationId: number | null; delta: number }[],
  ): Promise<{ locationId: number; after: number }[]>;
  /** The article's stock at the place (0 when none). */
  at(tx: Tx, articleId: number, place: Place): Promise<number>;
  /** Codes of the given location ids (for the journal). */
  codes(db: Db | Tx, ids: number[]): Promise<Map<number, string>>;
  /** The location id of a code in the warehouse (case-insensitive), or null. */
  byCode(db: Db | Tx, warehouseId: number, code: string): Promise<Place | null>;
}

let registered: LocationLedger | null = null;

export function registerLocationLedger(ledger: LocationLedger) {
  registered = ledger;
}

export function locationLedger(): LocationLedger {
  if (!registered) throw new Error('No location ledger: the locations module is not loaded.');
  return registered;
}

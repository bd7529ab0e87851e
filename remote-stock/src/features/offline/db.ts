import type { ApiError } from '@lager/shared';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Reason, Unit } from '../../api/stock-api';

/** One article as the index keeps it (offline spec §2): what a scan needs to book. */
export interface IndexedArticle {
  warehouse_id: number;
  id: number;
  sku: string;
  /** The SKU lower-cased: SKUs are unique per warehouse ignoring case. */
  sku_key: string;
  name: string;
  unit: Unit;
  barcode: string | null;
  quantity: number;
  archived: boolean;
  updated_at: string;
}

interface IndexSchema extends DBSchema {
  articles: {
    key: [number, number];
    value: IndexedArticle;
    indexes: { barcode: [number, string]; sku: [number, string] };
  };
  /** Per warehouse: the newest `updated_at` seen (the next refresh asks for what changed since). */
  sync: { key: number; value: { warehouse_id: number; since: string; refreshed_at: number } };
}

/**
 * `sending` is written before the request goes out: after a crash it is sent again with the same
 * key (the server answers what it booked, or books it now).
 */
type OutboxStatus = 'waiting' | 'sending' | 'booked' | 'refused';

/** A booking made without a connection, waiting to be sent (offline spec §2). */
export interface OutboxEntry {
  /** Order of booking (auto-increment): sent in this order. */
  seq?: number;
  /** Made once when booked, sent with every retry: the server books it once. */
  key: string;
  user_id: number;
  warehouse_id: number;
  article: { id: number; sku: string; name: string; unit: Unit };
  kind: 'in' | 'out';
  quantity: number;
  reason: Reason;
  note?: string;
  /** The storage location chosen by a label scan (stock-spec-2.md §1); none: the server's default. */
  location?: { id: number; code: string };
  /** stock-spec-3 §2: the lot, serials and best-before date of a tracked article, sent as booked. */
  lot?: string;
  serials?: string[];
  best_before?: string;
  /** The device time of the booking (ISO). */
  occurred_at: string;
  status: OutboxStatus;
  attempts: number;
  /** Booked: the stock after it (the journal's `quantity_after`). */
  quantity_after?: number;
  /** Refused: the server's answer (code, available quantity), translated when shown. */
  error?: ApiError;
  /** Older than 7 days: sent only after the user confirmed it. */
  confirmed?: boolean;
  /** Booked and listed on /stock/book once: dropped when that page opens again (issue 38). */
  shown?: boolean;
}

interface OutboxSchema extends DBSchema {
  outbox: { key: number; value: OutboxEntry };
}

export type IndexDb = IDBPDatabase<IndexSchema>;
export type OutboxDb = IDBPDatabase<OutboxSchema>;

/**
 * One database per user (`lager-index-<id>`, `lager-outbox-<id>`): another user on this browser
 * never opens them, and the shell deletes them by name at logout. A connection closes when the
 * shell asks to delete its database, so the deletion is never blocked by an open page.
 */
export async function openIndex(userId: number): Promise<IndexDb> {
  const db: IndexDb = await openDB<IndexSchema>(`lager-index-${userId}`, 1, {
    upgrade(next) {
      const articles = next.createObjectStore('articles', { keyPath: ['warehouse_id', 'id'] });
      articles.createIndex('barcode', ['warehouse_id', 'barcode']);
      articles.createIndex('sku', ['warehouse_id', 'sku_key']);
      next.createObjectStore('sync', { keyPath: 'warehouse_id' });
    },
    blocking: () => db.close(),
  });
  return db;
}

export async function openOutbox(userId: number): Promise<OutboxDb> {
  const db: OutboxDb = await openDB<OutboxSchema>(`lager-outbox-${userId}`, 1, {
    upgrade(next) {
      next.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
    },
    blocking: () => db.close(),
  });
  return db;
}

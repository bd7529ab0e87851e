/** Stock (stock-spec.md): articles, bookings, transfers, stocktakes, the journal, CSV import/export. */
import type { LagerModule } from '../../platform/module';
// Its texts; `{available}` in them is a formatted quantity with its unit label ("3 Stk.", "2.5 kg").
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

export const stockModule: LagerModule = { name: 'stock', routes, messages: { de, en } };

/** For the locations module (stock-spec-2.md §1), which builds on this one. */
export { stockAccess } from './access';
export { articleJson, findArticle, quantityField } from './articles';
/** For purchasing (stock-spec-3 §1): receipts book goods-in here; on_order; the reorder list. */
export {
  addAtPlace,
  addOnOrder,
  type Booker,
  bookReceipt,
  insufficientAt as insufficientAtPlace,
  journal,
  type ReceiptBooking,
  type ReceiptOf,
} from './bookings';
export { decodeCursor, encodeCursor } from './cursor';
export { once, type Tx } from './idempotency';
export { type MovementJson, movementJson } from './journal';
export { type LocationLedger, type Place, registerLocationLedger } from './location-ledger';
/** For relocations (stock-spec-3 §2: they carry lots/serials like every booking). */
export { hasLotFields, type LotFields, lotsExpiring, relocateLots, splitRows } from './lots';
export { formatQuantity, fromMilli } from './quantity';
/** For the low-stock digest (modules/digests). */
export { articlesGoneLow, reorderList } from './reorder';
export { bookerOf } from './routes-movements';
export { loadScaleData } from './scale-data';
export { Flag, IdempotencyHeaders, isSet, Movement, responses } from './schemas';
export { seedStockDemo } from './seed';
export { stockArticles, stockMovements } from './tables';
/** Costs only for view_stock_value (stock-spec-3 §3): the locations plugin strips them too. */
export { hideCosts } from './value';

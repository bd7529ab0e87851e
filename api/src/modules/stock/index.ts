/** Stock (stock-spec.md): articles, bookings, transfers, stocktakes, the journal, CSV import/export. */
import type { LagerModule } from '../../platform/module';
import { messages } from './messages';
import routes from './routes';

export const stockModule: LagerModule = { name: 'stock', routes, messages };

export { seedStockDemo } from './seed';
/** For the low-stock digest (modules/digests). */
export { articlesGoneLow } from './reorder';
export { formatQuantity } from './quantity';
export { stockArticles, stockMovements } from './tables';
export { loadScaleData } from './scale-data';

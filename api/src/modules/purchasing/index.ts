/**
 * Purchasing (stock-spec-3.md §1): suppliers, supplier prices per article, purchase orders with
 * gap-free numbers, the order PDF and mail, receiving. Builds on the stock module and uses only its
 * face: receipts book goods-in through `bookMovement`, `on_order` moves through `addOnOrder`.
 */
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

export const purchasingModule: LagerModule = { name: 'purchasing', routes, messages: { de, en } };

export { seedPurchasingDemo } from './seed';

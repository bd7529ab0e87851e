/**
 * Lots, serial numbers and best-before dates (stock-spec-3 §2). What other screens use: the lot fields
 * of a booking form and the article page's lots panel. /stock/expiry and /stock/trace are lazy pages.
 */
import './i18n';

export { ArticleLotsPanel } from './ArticleLotsPanel';
export { LotFields, type LotValues, lotBody, NO_LOTS } from './LotFields';

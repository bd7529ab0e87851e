/**
 * Storage locations (stock-spec-2.md §1). What other screens use: the location picker for booking
 * forms, the article page's stock per location and the quick booking's location scan. The pages
 * are lazy chunks of StockRoutes.
 */
import './i18n';

export { ArticleLocationsPanel } from './ArticleLocationsPanel';
export { useListStockLocationsQuery } from './api';
export { LocationSelect, locationIdOf } from './LocationSelect';
/** The tree of locations: a count session's subtree as options (count-sessions). */
export { childrenOf, subtreeIds, treeOptions } from './tree';
export { useLocationScan } from './use-location-scan';
export { useStockAt } from './use-stock-at';

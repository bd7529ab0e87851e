import type { ErrorTable } from '@lager/shared';
import { stockApi } from '../../api/generated';
import { BOOKING_ERRORS } from '../../api/stock-api';

export type Location = import('../../api/generated').ListStockLocationsApiResponse['locations'][number];
export type LocationStock = import('../../api/generated').ListStockAtLocationApiResponse['items'][number];

/** Locations carry article counts: every booking (tagged StockArticle by the section) refreshes them. */
const LOCATION = 'StockLocation' as const;
const ARTICLE = 'StockArticle' as const;
const MOVEMENT = 'StockMovement' as const;
/** The tree list only: a deletion changes nothing else (a location with stock cannot be deleted). */
const TREE = 'StockLocationTree' as const;
const changed = [LOCATION, ARTICLE, MOVEMENT];

const enhanced = stockApi.enhanceEndpoints({
  addTagTypes: [LOCATION, ARTICLE, MOVEMENT, TREE],
  endpoints: {
    listStockLocations: { providesTags: [LOCATION, ARTICLE, TREE] },
    getStockLocation: { providesTags: [LOCATION, ARTICLE] },
    listStockAtLocation: { providesTags: [LOCATION, ARTICLE] },
    getStockArticleLocations: { providesTags: [LOCATION, ARTICLE] },
    createStockLocation: { invalidatesTags: [LOCATION] },
    updateStockLocation: { invalidatesTags: [LOCATION] },
    archiveStockLocation: { invalidatesTags: [LOCATION] },
    restoreStockLocation: { invalidatesTags: [LOCATION] },
    // Not the deleted location's own queries: the page showing it would ask again and get two 404s.
    deleteStockLocation: { invalidatesTags: [TREE] },
    setStockArticleDefaultLocation: { invalidatesTags: [LOCATION] },
    relocateStock: { invalidatesTags: changed },
  },
});

export const {
  useListStockLocationsQuery,
  useGetStockLocationQuery,
  useListStockAtLocationQuery,
  useGetStockArticleLocationsQuery,
  useCreateStockLocationMutation,
  useUpdateStockLocationMutation,
  useArchiveStockLocationMutation,
  useRestoreStockLocationMutation,
  useDeleteStockLocationMutation,
  useSetStockArticleDefaultLocationMutation,
  useRelocateStockMutation,
} = enhanced;

/** One page of what lies at a location, for a hook that reads them all (use-stock-at.ts). */
export const stockAtLocationEndpoint = enhanced.endpoints.listStockAtLocation;

/** Tree changes: codes naming a field, the refusals that name the stock. */
export const LOCATION_ERRORS: ErrorTable = {
  'location.code_taken': 'locations.errors.codeTaken',
  'location.has_stock': 'locations.errors.hasStock',
  'location.has_children': 'locations.errors.hasChildren',
  'location.has_movements': 'locations.errors.hasMovements',
  'location.standard': 'locations.errors.standard',
  'location.cycle': 'locations.errors.cycle',
  'location.too_deep': 'locations.errors.tooDeep',
  'location.too_many': 'locations.errors.tooMany',
  'location.not_found': 'locations.errors.notFound',
  'location.archived': 'locations.errors.archived',
  'validation.failed': 'errors.checkFields',
  'permission.missing': 'errors.forbidden',
  'auth.forbidden': 'errors.forbidden',
  network: 'errors.network',
  fallback: 'errors.saveFailed',
  fields: { code: 'locations.errors.codeInvalid' },
};

/** Relocations: the bookings' texts plus the location refusals. */
export const RELOCATION_ERRORS: ErrorTable = {
  ...BOOKING_ERRORS,
  'location.not_found': 'locations.errors.notFound',
  'location.archived': 'locations.errors.archived',
  'relocation.same_location': 'locations.errors.sameLocation',
};

/** Codes as the API keeps them: capitals, trimmed (a scanner or a hand may type `a-03-2`). */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
export const CODE_PATTERN = /^[A-Z0-9./-]{1,32}$/;

export type RelocateStockResult = import('../../api/generated').RelocateStockApiResponse;

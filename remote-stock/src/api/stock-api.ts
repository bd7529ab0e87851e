import { type ErrorTable, http, normalizeError } from '@lager/shared';
import { type ImportStockArticlesApiResponse, stockApi } from './generated';

export type {
  BookStockMovementApiArg,
  BookStockMovementApiResponse,
  CreateStockArticleApiArg,
  ImportStockArticlesApiResponse,
  ListStockArticlesApiArg,
  ListStockMovementsApiArg,
  TransferStockApiResponse,
} from './generated';

export type Article = import('./generated').GetStockArticleApiResponse['article'];
export type Movement = import('./generated').ListStockMovementsApiResponse['movements'][number];
export type Unit = Article['unit'];
export type Reason = NonNullable<Movement['reason']>;

/** Cache tags of the section: an article (by id and the list) and the journal. */
const ARTICLE = 'StockArticle' as const;
const MOVEMENT = 'StockMovement' as const;
const SUMMARY = 'StockSummary' as const;
/** Every booking changes stock levels, the journal and the low-stock count. */
const booked = [ARTICLE, MOVEMENT, SUMMARY];

const enhanced = stockApi.enhanceEndpoints({
  addTagTypes: [ARTICLE, MOVEMENT, SUMMARY],
  endpoints: {
    getStockSummary: { providesTags: [SUMMARY] },
    listStockArticles: { providesTags: [ARTICLE] },
    getStockArticle: { providesTags: [ARTICLE] },
    listStockMovements: { providesTags: [MOVEMENT] },
    // stock-spec-3 §2: lots change with every booking.
    listStockArticleLots: { providesTags: [MOVEMENT] },
    listStockLots: { providesTags: [MOVEMENT] },
    traceStockLot: { providesTags: [MOVEMENT] },
    createStockArticle: { invalidatesTags: [ARTICLE, SUMMARY] },
    updateStockArticle: { invalidatesTags: [ARTICLE, SUMMARY] },
    archiveStockArticle: { invalidatesTags: [ARTICLE, SUMMARY] },
    restoreStockArticle: { invalidatesTags: [ARTICLE, SUMMARY] },
    deleteStockArticle: { invalidatesTags: [ARTICLE, SUMMARY] },
    bookStockMovement: { invalidatesTags: booked },
    reverseStockMovement: { invalidatesTags: booked },
    transferStock: { invalidatesTags: booked },
    bookStockCount: { invalidatesTags: booked },
    importStockArticles: {
      // An invalid file is an answer, not a failure: its 422 carries the errors per line, which
      // the one error shape (field → texts) cannot hold. And the body is the file's text: without
      // its type axios would send it as a form.
      query: undefined,
      queryFn: async ({ body, dryRun }) => {
        try {
          const { data } = await http.post<ImportStockArticlesApiResponse>('api/stock/import', body, {
            params: { dry_run: dryRun },
            headers: { 'Content-Type': 'text/csv' },
          });
          return { data };
        } catch (error) {
          const answer = (error as { response?: { status: number; data?: ImportStockArticlesApiResponse } }).response;
          if (answer?.status === 422 && answer.data?.code === 'import.invalid') return { data: answer.data };
          return { error: normalizeError(error) };
        }
      },
      invalidatesTags: (result, _error, arg) => (arg.dryRun || !result || result.code ? [] : booked),
    },
  },
});

/** For one-off reads outside a component's subscription (a scan looks an article up once). */
export const stockEndpoints = enhanced.endpoints;

export const {
  useGetStockSummaryQuery,
  useListStockArticlesQuery,
  useGetStockArticleQuery,
  useListStockMovementsQuery,
  useCreateStockArticleMutation,
  useUpdateStockArticleMutation,
  useArchiveStockArticleMutation,
  useRestoreStockArticleMutation,
  useDeleteStockArticleMutation,
  useBookStockMovementMutation,
  useReverseStockMovementMutation,
  useTransferStockMutation,
  useBookStockCountMutation,
  useImportStockArticlesMutation,
  useListStockArticleLotsQuery,
  useListStockLotsQuery,
  useTraceStockLotQuery,
} = enhanced;

/** Article create/edit: codes naming a field, else the generic texts. */
export const ARTICLE_ERRORS: ErrorTable = {
  'article.sku_taken': 'errors.skuTaken',
  'article.barcode_taken': 'errors.barcodeTaken',
  'article.barcode_invalid': 'errors.barcodeInvalid',
  'article.tracking_locked': 'errors.trackingLocked',
  'article.not_found': 'errors.articleNotFound',
  'validation.failed': 'errors.checkFields',
  'permission.missing': 'errors.forbidden',
  'auth.forbidden': 'errors.forbidden',
  network: 'errors.network',
  fallback: 'errors.saveFailed',
};

/** Every booking (in, out, correction, transfer, count, reversal). */
export const BOOKING_ERRORS: ErrorTable = {
  'stock.insufficient': 'errors.insufficient',
  'stock.limit_exceeded': 'errors.limitExceeded',
  'article.archived': 'errors.archived',
  'article.not_found': 'errors.articleNotFound',
  'movement.already_reversed': 'errors.alreadyReversed',
  'movement.is_reversal': 'errors.isReversal',
  'movement.not_reversible': 'errors.notReversible',
  'transfer.same_warehouse': 'errors.sameWarehouse',
  'transfer.target_forbidden': 'errors.targetForbidden',
  'transfer.target_article_missing': 'errors.targetArticleMissing',
  'transfer.target_article_archived': 'errors.targetArticleArchived',
  'transfer.unit_mismatch': 'errors.unitMismatch',
  // stock-spec-3 §2: lots, serials, best-before (the server's text names the lot or serial).
  'lot.required': 'errors.lotRequired',
  'serials.required': 'errors.serialsRequired',
  'best_before.required': 'errors.bestBeforeRequired',
  'lot.best_before_mismatch': 'errors.bestBeforeMismatch',
  'lot.not_tracked': 'errors.notTracked',
  'serial.in_stock': 'errors.serialInStock',
  'transfer.tracking_mismatch': 'errors.unitMismatch',
  'idempotency.mismatch': 'errors.idempotencyMismatch',
  'validation.failed': 'errors.checkFields',
  'permission.missing': 'errors.forbidden',
  'auth.forbidden': 'errors.forbidden',
  network: 'errors.network',
  server_error: 'errors.network',
  fallback: 'errors.bookingFailed',
  fields: {
    quantity: 'errors.quantityInvalid',
    reason: 'errors.reasonRequired',
    note: 'errors.noteRequired',
    lot: 'errors.lotInvalid',
    best_before: 'errors.bestBeforeInvalid',
    serials: 'errors.serialsInvalid',
  },
};

export const ARCHIVE_ERRORS: ErrorTable = {
  'article.has_movements': 'errors.hasMovements',
  network: 'errors.network',
  fallback: 'errors.actionFailed',
};

export const IMPORT_ERRORS: ErrorTable = {
  'import.invalid': 'import.hasErrors',
  'request.too_large': 'errors.importTooLarge',
  'request.unsupported_media_type': 'errors.importNotCsv',
  network: 'errors.network',
  fallback: 'errors.importFailed',
};

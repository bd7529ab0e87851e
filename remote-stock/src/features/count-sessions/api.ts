import type { ErrorTable } from '@lager/shared';
import { type GetStockCountSessionApiResponse, stockApi } from '../../api/generated';

export type CountSession = GetStockCountSessionApiResponse['session'];
export type SessionSummary = import('../../api/generated').ListStockCountSessionsApiResponse['sessions'][number];
/** A line of a session; `expected` and `moved` (booked there since opening) are left out of a blind open session. */
export type CountLine = CountSession['lines'][number];

/**
 * Count sessions (stock-spec-3 §3). A session's lines change with every count and every booking
 * (`moved`): the session is tagged with the journal's tag too, so a booking refreshes it.
 */
const SESSION = 'StockCountSession' as const;
const ARTICLE = 'StockArticle' as const;
const MOVEMENT = 'StockMovement' as const;
const SUMMARY = 'StockSummary' as const;

const enhanced = stockApi.enhanceEndpoints({
  addTagTypes: [SESSION, ARTICLE, MOVEMENT, SUMMARY],
  endpoints: {
    listStockCountSessions: { providesTags: [SESSION] },
    getStockCountSession: { providesTags: [SESSION, MOVEMENT] },
    openStockCountSession: { invalidatesTags: [SESSION] },
    putStockCountLines: {
      invalidatesTags: [SESSION],
      // The answer is the session as saved: shown at once, before the refetch the tag asks for.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(stockApi.util.upsertQueryData('getStockCountSession', id, data));
        } catch {
          // A failure is the caller's to show; the cached session stays as it was.
        }
      },
    },
    // Closing books the corrections: stock, journal and the low-stock count change.
    closeStockCountSession: {
      invalidatesTags: [SESSION, ARTICLE, MOVEMENT, SUMMARY],
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(stockApi.util.upsertQueryData('getStockCountSession', id, { session: data.session }));
        } catch {
          // Not closed: the dialog says why.
        }
      },
    },
  },
});

export const {
  useListStockCountSessionsQuery,
  useGetStockCountSessionQuery,
  useOpenStockCountSessionMutation,
  usePutStockCountLinesMutation,
  useCloseStockCountSessionMutation,
} = enhanced;

/** Opening, counting and closing: the session's refusals, else the section's generic texts. */
export const COUNT_ERRORS: ErrorTable = {
  'stock.count_open': 'countSessions.errors.open',
  'stock.count_closed': 'countSessions.errors.closed',
  'stock.count_uncounted': 'countSessions.errors.uncounted',
  not_found: 'countSessions.errors.notFound',
  'location.not_found': 'countSessions.errors.locationNotFound',
  'idempotency.mismatch': 'errors.idempotencyMismatch',
  'validation.failed': 'countSessions.errors.invalid',
  'permission.missing': 'errors.forbidden',
  'auth.forbidden': 'errors.forbidden',
  network: 'countSessions.errors.network',
  server_error: 'countSessions.errors.network',
  fallback: 'countSessions.errors.failed',
};

/** A line's identity within its session (article, location, lot or serial). */
export const lineKey = (line: Pick<CountLine, 'article_id' | 'location_id' | 'lot' | 'serial'>) =>
  `${line.article_id}:${line.location_id}:${line.lot ?? line.serial ?? ''}`;

/** The lot or the serial of a line as PUT …/lines takes it (left out for an untracked article). */
export const trackedOf = (line: Pick<CountLine, 'lot' | 'serial'>) => ({
  ...(line.lot ? { lot: line.lot } : {}),
  ...(line.serial ? { serial: line.serial } : {}),
});

import { api } from '@lager/shared';
import type { ErrorBody } from '@lager/shared/api/schemas';

const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStockArticles: build.query<ListStockArticlesApiResponse, ListStockArticlesApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles`,
        params: {
          q: queryArg.q,
          low: queryArg.low,
          archived: queryArg.archived,
          sort: queryArg.sort,
          cursor: queryArg.cursor,
          limit: queryArg.limit,
          updated_since: queryArg.updatedSince,
        },
      }),
    }),
    createStockArticle: build.mutation<CreateStockArticleApiResponse, CreateStockArticleApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    deleteStockArticle: build.mutation<DeleteStockArticleApiResponse, DeleteStockArticleApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg))}`,
        method: 'DELETE',
      }),
    }),
    getStockArticle: build.query<GetStockArticleApiResponse, GetStockArticleApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg))}`,
      }),
    }),
    updateStockArticle: build.mutation<UpdateStockArticleApiResponse, UpdateStockArticleApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg.id))}`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
    archiveStockArticle: build.mutation<ArchiveStockArticleApiResponse, ArchiveStockArticleApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg))}/archive`,
        method: 'POST',
      }),
    }),
    setStockArticleDefaultLocation: build.mutation<
      SetStockArticleDefaultLocationApiResponse,
      SetStockArticleDefaultLocationApiArg
    >({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg.id))}/default-location`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
    getStockArticleHistory: build.query<GetStockArticleHistoryApiResponse, GetStockArticleHistoryApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg.id))}/history`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
          location_id: queryArg.locationId,
        },
      }),
    }),
    getStockArticleLocations: build.query<GetStockArticleLocationsApiResponse, GetStockArticleLocationsApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg))}/locations`,
      }),
    }),
    listStockArticleLots: build.query<ListStockArticleLotsApiResponse, ListStockArticleLotsApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg))}/lots`,
      }),
    }),
    restoreStockArticle: build.mutation<RestoreStockArticleApiResponse, RestoreStockArticleApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg))}/restore`,
        method: 'POST',
      }),
    }),
    listStockCountSessions: build.query<ListStockCountSessionsApiResponse, ListStockCountSessionsApiArg>({
      query: () => ({ url: `/api/stock/count-sessions` }),
    }),
    openStockCountSession: build.mutation<OpenStockCountSessionApiResponse, OpenStockCountSessionApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/count-sessions`,
        method: 'POST',
        body: queryArg.body,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getStockCountSession: build.query<GetStockCountSessionApiResponse, GetStockCountSessionApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/count-sessions/${encodeURIComponent(String(queryArg))}`,
      }),
    }),
    closeStockCountSession: build.mutation<CloseStockCountSessionApiResponse, CloseStockCountSessionApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/count-sessions/${encodeURIComponent(String(queryArg.id))}/close`,
        method: 'POST',
        body: queryArg.body,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    putStockCountLines: build.mutation<PutStockCountLinesApiResponse, PutStockCountLinesApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/count-sessions/${encodeURIComponent(String(queryArg.id))}/lines`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
    exportStockCountList: build.query<ExportStockCountListApiResponse, ExportStockCountListApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/count-sessions/${encodeURIComponent(String(queryArg))}/list.csv`,
      }),
    }),
    getStockCountListPdf: build.query<GetStockCountListPdfApiResponse, GetStockCountListPdfApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/count-sessions/${encodeURIComponent(String(queryArg))}/list.pdf`,
      }),
    }),
    getStockCountSheetsPdf: build.query<GetStockCountSheetsPdfApiResponse, GetStockCountSheetsPdfApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/count-sessions/${encodeURIComponent(String(queryArg))}/sheets.pdf`,
      }),
    }),
    bookStockCount: build.mutation<BookStockCountApiResponse, BookStockCountApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/counts`,
        method: 'POST',
        body: queryArg.body,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    importStockArticles: build.mutation<ImportStockArticlesApiResponse, ImportStockArticlesApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/import`,
        method: 'POST',
        body: queryArg.body,
        params: {
          dry_run: queryArg.dryRun,
        },
      }),
    }),
    listStockLocations: build.query<ListStockLocationsApiResponse, ListStockLocationsApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/locations`,
        params: {
          archived: queryArg,
        },
      }),
    }),
    createStockLocation: build.mutation<CreateStockLocationApiResponse, CreateStockLocationApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/locations`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    deleteStockLocation: build.mutation<DeleteStockLocationApiResponse, DeleteStockLocationApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/locations/${encodeURIComponent(String(queryArg))}`,
        method: 'DELETE',
      }),
    }),
    getStockLocation: build.query<GetStockLocationApiResponse, GetStockLocationApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/locations/${encodeURIComponent(String(queryArg))}`,
      }),
    }),
    updateStockLocation: build.mutation<UpdateStockLocationApiResponse, UpdateStockLocationApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/locations/${encodeURIComponent(String(queryArg.id))}`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
    archiveStockLocation: build.mutation<ArchiveStockLocationApiResponse, ArchiveStockLocationApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/locations/${encodeURIComponent(String(queryArg))}/archive`,
        method: 'POST',
      }),
    }),
    restoreStockLocation: build.mutation<RestoreStockLocationApiResponse, RestoreStockLocationApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/locations/${encodeURIComponent(String(queryArg))}/restore`,
        method: 'POST',
      }),
    }),
    listStockAtLocation: build.query<ListStockAtLocationApiResponse, ListStockAtLocationApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/locations/${encodeURIComponent(String(queryArg.id))}/stock`,
        params: {
          cursor: queryArg.cursor,
          limit: queryArg.limit,
        },
      }),
    }),
    listStockLots: build.query<ListStockLotsApiResponse, ListStockLotsApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/lots`,
        params: {
          expires_before: queryArg.expiresBefore,
          q: queryArg.q,
          cursor: queryArg.cursor,
          limit: queryArg.limit,
        },
      }),
    }),
    listStockMovements: build.query<ListStockMovementsApiResponse, ListStockMovementsApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/movements`,
        params: {
          article_id: queryArg.articleId,
          kind: queryArg.kind,
          user_id: queryArg.userId,
          location_id: queryArg.locationId,
          lot: queryArg.lot,
          from: queryArg['from'],
          to: queryArg.to,
          cursor: queryArg.cursor,
          limit: queryArg.limit,
        },
      }),
    }),
    bookStockMovement: build.mutation<BookStockMovementApiResponse, BookStockMovementApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/movements`,
        method: 'POST',
        body: queryArg.body,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    exportStockMovements: build.query<ExportStockMovementsApiResponse, ExportStockMovementsApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/movements.csv`,
        params: {
          article_id: queryArg.articleId,
          kind: queryArg.kind,
          user_id: queryArg.userId,
          location_id: queryArg.locationId,
          lot: queryArg.lot,
          from: queryArg['from'],
          to: queryArg.to,
        },
      }),
    }),
    reverseStockMovement: build.mutation<ReverseStockMovementApiResponse, ReverseStockMovementApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/movements/${encodeURIComponent(String(queryArg.id))}/reverse`,
        method: 'POST',
        body: queryArg.body,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    relocateStock: build.mutation<RelocateStockApiResponse, RelocateStockApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/relocations`,
        method: 'POST',
        body: queryArg.body,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    listStockReorder: build.query<ListStockReorderApiResponse, ListStockReorderApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/reorder`,
        params: {
          sort: queryArg.sort,
          order: queryArg.order,
        },
      }),
    }),
    exportStockReorder: build.query<ExportStockReorderApiResponse, ExportStockReorderApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/reorder.csv`,
        params: {
          sort: queryArg.sort,
          order: queryArg.order,
        },
      }),
    }),
    getStockSummary: build.query<GetStockSummaryApiResponse, GetStockSummaryApiArg>({
      query: () => ({ url: `/api/stock/summary` }),
    }),
    traceStockLot: build.query<TraceStockLotApiResponse, TraceStockLotApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/trace`,
        params: {
          article_id: queryArg.articleId,
          lot: queryArg.lot,
          serial: queryArg.serial,
        },
      }),
    }),
    exportStockTrace: build.query<ExportStockTraceApiResponse, ExportStockTraceApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/trace.csv`,
        params: {
          article_id: queryArg.articleId,
          lot: queryArg.lot,
          serial: queryArg.serial,
        },
      }),
    }),
    transferStock: build.mutation<TransferStockApiResponse, TransferStockApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/transfers`,
        method: 'POST',
        body: queryArg.body,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getStockValuation: build.query<GetStockValuationApiResponse, GetStockValuationApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/valuation`,
        params: {
          at: queryArg.at,
          group: queryArg.group,
          time_zone: queryArg.timeZone,
        },
      }),
    }),
    exportStockValuation: build.query<ExportStockValuationApiResponse, ExportStockValuationApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/valuation.csv`,
        params: {
          at: queryArg.at,
          group: queryArg.group,
          time_zone: queryArg.timeZone,
        },
      }),
    }),
    getStockValuationPdf: build.query<GetStockValuationPdfApiResponse, GetStockValuationPdfApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/valuation.pdf`,
        params: {
          at: queryArg.at,
          group: queryArg.group,
          time_zone: queryArg.timeZone,
        },
      }),
    }),
  }),
  overrideExisting: false,
});

export { injectedRtkApi as stockApi };
export type ListStockArticlesApiResponse = /** status 200 Default Response */ {
  articles: {
    archived_at: string | null;
    /** Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value. */
    average_cost?: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    /** Goods-in needs a best-before date. */
    expiry: boolean;
    id: number;
    low_stock: boolean;
    /** Order up to this; null: twice the reorder level. */
    max_stock: number | null;
    min_stock: number;
    name: string;
    /** Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1). */
    on_order: number;
    quantity: number;
    sku: string;
    /** none, lot or serial (stock-spec-3 §2). */
    tracking: 'none' | 'lot' | 'serial';
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
    /** quantity × average_cost, 2 places. Only with view_stock_value. */
    value?: string | null;
  }[];
  /** With updated_since: ids of articles deleted since then. */
  deleted_ids?: number[];
  next_cursor: string | null;
};
export type ListStockArticlesApiArg = {
  /** SKU, name or barcode, case-insensitive. */
  q?: string;
  /** Only articles at or below their reorder level. */
  low?: '1' | '0' | 'true' | 'false';
  /** Include archived articles. */
  archived?: '1' | '0' | 'true' | 'false';
  sort?: 'name' | 'sku' | 'quantity' | 'updated';
  cursor?: string;
  limit?: number;
  /** ISO date-time: only articles changed at or after it, archived ones included, oldest change first (sort is ignored); the answer adds deleted_ids, the articles deleted since. */
  updatedSince?: string;
};
export type CreateStockArticleApiResponse = /** status 201 Default Response */ {
  article: {
    archived_at: string | null;
    /** Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value. */
    average_cost?: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    /** Goods-in needs a best-before date. */
    expiry: boolean;
    id: number;
    low_stock: boolean;
    /** Order up to this; null: twice the reorder level. */
    max_stock: number | null;
    min_stock: number;
    name: string;
    /** Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1). */
    on_order: number;
    quantity: number;
    sku: string;
    /** none, lot or serial (stock-spec-3 §2). */
    tracking: 'none' | 'lot' | 'serial';
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
    /** quantity × average_cost, 2 places. Only with view_stock_value. */
    value?: string | null;
  };
};
export type CreateStockArticleApiArg = {
  barcode?: string | null;
  description?: string | null;
  /** Goods-in needs best_before. Changed only at stock 0 (409). */
  expiry?: boolean;
  /** Maximum stock, at least min_stock: reorder suggestions fill up to it. */
  max_stock?: number | null;
  /** Reorder level: at or below it the article counts as low stock. */
  min_stock: number;
  name: string;
  sku: string;
  /** none, lot or serial (stock-spec-3 §2). */
  tracking?: 'none' | 'lot' | 'serial';
  unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
};
export type DeleteStockArticleApiResponse = unknown;
export type DeleteStockArticleApiArg = number;
export type GetStockArticleApiResponse = /** status 200 Default Response */ {
  article: {
    archived_at: string | null;
    /** Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value. */
    average_cost?: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    /** Goods-in needs a best-before date. */
    expiry: boolean;
    id: number;
    low_stock: boolean;
    /** Order up to this; null: twice the reorder level. */
    max_stock: number | null;
    min_stock: number;
    name: string;
    /** Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1). */
    on_order: number;
    quantity: number;
    sku: string;
    /** none, lot or serial (stock-spec-3 §2). */
    tracking: 'none' | 'lot' | 'serial';
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
    /** quantity × average_cost, 2 places. Only with view_stock_value. */
    value?: string | null;
  };
};
export type GetStockArticleApiArg = number;
export type UpdateStockArticleApiResponse = /** status 200 Default Response */ {
  article: {
    archived_at: string | null;
    /** Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value. */
    average_cost?: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    /** Goods-in needs a best-before date. */
    expiry: boolean;
    id: number;
    low_stock: boolean;
    /** Order up to this; null: twice the reorder level. */
    max_stock: number | null;
    min_stock: number;
    name: string;
    /** Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1). */
    on_order: number;
    quantity: number;
    sku: string;
    /** none, lot or serial (stock-spec-3 §2). */
    tracking: 'none' | 'lot' | 'serial';
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
    /** quantity × average_cost, 2 places. Only with view_stock_value. */
    value?: string | null;
  };
};
export type UpdateStockArticleApiArg = {
  id: number;
  body: {
    barcode?: string | null;
    description?: string | null;
    /** Goods-in needs best_before. Changed only at stock 0 (409). */
    expiry?: boolean;
    /** Maximum stock, at least min_stock: reorder suggestions fill up to it. */
    max_stock?: number | null;
    /** Reorder level: at or below it the article counts as low stock. */
    min_stock: number;
    name: string;
    sku: string;
    /** none, lot or serial (stock-spec-3 §2). */
    tracking?: 'none' | 'lot' | 'serial';
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
  };
};
export type ArchiveStockArticleApiResponse = /** status 200 Default Response */ {
  article: {
    archived_at: string | null;
    /** Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value. */
    average_cost?: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    /** Goods-in needs a best-before date. */
    expiry: boolean;
    id: number;
    low_stock: boolean;
    /** Order up to this; null: twice the reorder level. */
    max_stock: number | null;
    min_stock: number;
    name: string;
    /** Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1). */
    on_order: number;
    quantity: number;
    sku: string;
    /** none, lot or serial (stock-spec-3 §2). */
    tracking: 'none' | 'lot' | 'serial';
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
    /** quantity × average_cost, 2 places. Only with view_stock_value. */
    value?: string | null;
  };
};
export type ArchiveStockArticleApiArg = number;
export type SetStockArticleDefaultLocationApiResponse = /** status 200 Default Response */ {
  default_location_id: number | null;
  locations: {
    code: string;
    location_id: number;
    name: string | null;
    quantity: number;
  }[];
};
export type SetStockArticleDefaultLocationApiArg = {
  id: number;
  body: {
    location_id: number | null;
  };
};
export type GetStockArticleHistoryApiResponse = /** status 200 Default Response */ {
  article_id: number;
  /** Width of one bucket; each point is the last movement in its bucket. */
  bucket_seconds: number;
  from: string;
  location_id: number | null;
  max_stock: number | null;
  min_stock: number;
  /** First the stock at `from`, then the last quantity_after of each bucket that had movements. */
  points: {
    at: string;
    quantity: number;
  }[];
  to: string;
  unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
};
export type GetStockArticleHistoryApiArg = {
  /** ISO date or date-time; default 30 days before `to`. */
  from?: string;
  /** ISO date (whole day included) or date-time; default now. */
  to?: string;
  locationId?: number;
  id: number;
};
export type GetStockArticleLocationsApiResponse = /** status 200 Default Response */ {
  default_location_id: number | null;
  locations: {
    code: string;
    location_id: number;
    name: string | null;
    quantity: number;
  }[];
};
export type GetStockArticleLocationsApiArg = number;
export type ListStockArticleLotsApiResponse = /** status 200 Default Response */ {
  lots: {
    best_before: string | null;
    locations: {
      location_code: string;
      location_id: number;
      quantity: number;
    }[];
    /** The lot, or the serial of a serial article. */
    lot: string;
    quantity: number;
  }[];
};
export type ListStockArticleLotsApiArg = number;
export type RestoreStockArticleApiResponse = /** status 200 Default Response */ {
  article: {
    archived_at: string | null;
    /** Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value. */
    average_cost?: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    /** Goods-in needs a best-before date. */
    expiry: boolean;
    id: number;
    low_stock: boolean;
    /** Order up to this; null: twice the reorder level. */
    max_stock: number | null;
    min_stock: number;
    name: string;
    /** Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1). */
    on_order: number;
    quantity: number;
    sku: string;
    /** none, lot or serial (stock-spec-3 §2). */
    tracking: 'none' | 'lot' | 'serial';
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
    /** quantity × average_cost, 2 places. Only with view_stock_value. */
    value?: string | null;
  };
};
export type RestoreStockArticleApiArg = number;
export type ListStockCountSessionsApiResponse = /** status 200 Default Response */ {
  sessions: {
    blind: boolean;
    closed_at: string | null;
    closed_by: string | null;
    id: number;
    location_id: number | null;
    opened_at: string;
    opened_by: string;
    status: 'open' | 'closed';
  }[];
};
export type ListStockCountSessionsApiArg = void;
export type OpenStockCountSessionApiResponse = /** status 201 Default Response */ {
  session: {
    blind: boolean;
    closed_at: string | null;
    closed_by: string | null;
    id: number;
    location_id: number | null;
    opened_at: string;
    opened_by: string;
    status: 'open' | 'closed';
  };
};
export type OpenStockCountSessionApiArg = {
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    blind?: boolean;
    location_id?: number | null;
  };
};
export type GetStockCountSessionApiResponse = /** status 200 Default Response */ {
  session: {
    blind: boolean;
    closed_at: string | null;
    closed_by: string | null;
    id: number;
    lines: {
      article_id: number;
      article_name: string;
      article_sku: string;
      /** Only with view_stock_value. */
      average_cost?: string | null;
      counted: number | null;
      counted_at: string | null;
      counted_by: string | null;
      /** counted − (expected + moved). Open: a preview of what closing would book (null while uncounted; always null in a blind session). Closed: as booked. */
      difference: number | null;
      /** Left out of a blind session until it is closed. */
      expected?: number;
      location_code: string;
      location_id: number;
      /** The lot of a lot article; null otherwise. */
      lot: string | null;
      /** Signed quantity booked at the line (article, location, lot) since opening, up to the count: what closing nets out. Left out of a blind session until it is closed; after closing as booked (null for a line kept uncounted). */
      moved?: number | null;
      /** The serial of a serial article (one line per unit); null otherwise. */
      serial: string | null;
      unit: string;
      /** counted × average_cost; only with view_stock_value. */
      value?: string | null;
    }[];
    location_id: number | null;
    opened_at: string;
    opened_by: string;
    status: 'open' | 'closed';
  };
};
export type GetStockCountSessionApiArg = number;
export type CloseStockCountSessionApiResponse = /** status 200 Default Response */ {
  movements: number;
  session: {
    blind: boolean;
    closed_at: string | null;
    closed_by: string | null;
    id: number;
    lines: {
      article_id: number;
      article_name: string;
      article_sku: string;
      /** Only with view_stock_value. */
      average_cost?: string | null;
      counted: number | null;
      counted_at: string | null;
      counted_by: string | null;
      /** counted − (expected + moved). Open: a preview of what closing would book (null while uncounted; always null in a blind session). Closed: as booked. */
      difference: number | null;
      /** Left out of a blind session until it is closed. */
      expected?: number;
      location_code: string;
      location_id: number;
      /** The lot of a lot article; null otherwise. */
      lot: string | null;
      /** Signed quantity booked at the line (article, location, lot) since opening, up to the count: what closing nets out. Left out of a blind session until it is closed; after closing as booked (null for a line kept uncounted). */
      moved?: number | null;
      /** The serial of a serial article (one line per unit); null otherwise. */
      serial: string | null;
      unit: string;
      /** counted × average_cost; only with view_stock_value. */
      value?: string | null;
    }[];
    location_id: number | null;
    opened_at: string;
    opened_by: string;
    status: 'open' | 'closed';
  };
};
export type CloseStockCountSessionApiArg = {
  id: number;
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    uncounted?: 'zero' | 'keep';
  };
};
export type PutStockCountLinesApiResponse = /** status 200 Default Response */ {
  session: {
    blind: boolean;
    closed_at: string | null;
    closed_by: string | null;
    id: number;
    lines: {
      article_id: number;
      article_name: string;
      article_sku: string;
      /** Only with view_stock_value. */
      average_cost?: string | null;
      counted: number | null;
      counted_at: string | null;
      counted_by: string | null;
      /** counted − (expected + moved). Open: a preview of what closing would book (null while uncounted; always null in a blind session). Closed: as booked. */
      difference: number | null;
      /** Left out of a blind session until it is closed. */
      expected?: number;
      location_code: string;
      location_id: number;
      /** The lot of a lot article; null otherwise. */
      lot: string | null;
      /** Signed quantity booked at the line (article, location, lot) since opening, up to the count: what closing nets out. Left out of a blind session until it is closed; after closing as booked (null for a line kept uncounted). */
      moved?: number | null;
      /** The serial of a serial article (one line per unit); null otherwise. */
      serial: string | null;
      unit: string;
      /** counted × average_cost; only with view_stock_value. */
      value?: string | null;
    }[];
    location_id: number | null;
    opened_at: string;
    opened_by: string;
    status: 'open' | 'closed';
  };
};
export type PutStockCountLinesApiArg = {
  id: number;
  body: {
    article_id: number;
    counted: number;
    location_id: number;
    lot?: string | null;
    /** Serial articles: the unit, counted 0 or 1. */
    serial?: string | null;
  }[];
};
export type ExportStockCountListApiResponse = unknown;
export type ExportStockCountListApiArg = number;
export type GetStockCountListPdfApiResponse = unknown;
export type GetStockCountListPdfApiArg = number;
export type GetStockCountSheetsPdfApiResponse = unknown;
export type GetStockCountSheetsPdfApiArg = number;
export type BookStockCountApiResponse = /** status 201 Default Response */ {
  message: string;
  movements: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  }[];
  /** Lines whose count equalled the stock (nothing booked). */
  unchanged: number;
};
export type BookStockCountApiArg = {
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    lines: {
      article_id: number;
      /** ISO date; required for goods-in of an expiry article (422 best_before.required). */
      best_before?: string | null;
      /** Counted stock. */
      counted: number;
      location_id?: number | null;
      /** Lot (1–40 of A-Z a-z 0-9 - . /) of a lot article: required (422 lot.required) except for goods-out, which without it takes FEFO. */
      lot?: string | null;
      /** Serial numbers of a serial article (422 serials.required); the quantity is their count. */
      serials?: string[] | null;
    }[];
    note?: string | null;
    /** ISO date-time with Z or an offset (a time without one is 422) the booking happened on the device (made offline, sent later): at most 5 minutes ahead of the server, at most 7 days back, else 422 on occurred_at. Stored and shown in the journal; the journal still sorts by created_at. */
    occurred_at?: string | null;
  };
};
export type ImportStockArticlesApiResponse = /** status 200 Default Response */ {
  code?: 'import.invalid';
  created: number;
  errors: {
    field: string;
    line: number;
    message: string;
  }[];
  message?: string;
  updated: number;
};
export type ImportStockArticlesApiArg = {
  /** Validate only; nothing is written. */
  dryRun?: '1' | '0' | 'true' | 'false';
  /** The CSV file. */
  body: string;
};
export type ListStockLocationsApiResponse = /** status 200 Default Response */ {
  locations: {
    archived_at: string | null;
    /** Articles with stock at this location (not below it). */
    article_count: number;
    code: string;
    id: number;
    name: string | null;
    parent_id: number | null;
    /** The warehouse's STANDARD location: bookings naming none go here. */
    standard: boolean;
  }[];
};
export type ListStockLocationsApiArg = /** Include archived locations. */ ('1' | '0' | 'true' | 'false') | undefined;
export type CreateStockLocationApiResponse = /** status 201 Default Response */ {
  location: {
    archived_at: string | null;
    /** Articles with stock at this location (not below it). */
    article_count: number;
    code: string;
    created_at: string;
    id: number;
    name: string | null;
    parent_id: number | null;
    /** The warehouse's STANDARD location: bookings naming none go here. */
    standard: boolean;
    updated_at: string;
  };
  /** From the root down to the location itself. */
  path: {
    code: string;
    id: number;
  }[];
};
export type CreateStockLocationApiArg = {
  /** 1–32 of A-Z 0-9 - . / (capitalised). */
  code: string;
  name?: string | null;
  parent_id?: number | null;
};
export type DeleteStockLocationApiResponse = unknown;
export type DeleteStockLocationApiArg = number;
export type GetStockLocationApiResponse = /** status 200 Default Response */ {
  location: {
    archived_at: string | null;
    /** Articles with stock at this location (not below it). */
    article_count: number;
    code: string;
    created_at: string;
    id: number;
    name: string | null;
    parent_id: number | null;
    /** The warehouse's STANDARD location: bookings naming none go here. */
    standard: boolean;
    updated_at: string;
  };
  /** From the root down to the location itself. */
  path: {
    code: string;
    id: number;
  }[];
};
export type GetStockLocationApiArg = number;
export type UpdateStockLocationApiResponse = /** status 200 Default Response */ {
  location: {
    archived_at: string | null;
    /** Articles with stock at this location (not below it). */
    article_count: number;
    code: string;
    created_at: string;
    id: number;
    name: string | null;
    parent_id: number | null;
    /** The warehouse's STANDARD location: bookings naming none go here. */
    standard: boolean;
    updated_at: string;
  };
  /** From the root down to the location itself. */
  path: {
    code: string;
    id: number;
  }[];
};
export type UpdateStockLocationApiArg = {
  id: number;
  body: {
    /** 1–32 of A-Z 0-9 - . / (capitalised). */
    code: string;
    name?: string | null;
    parent_id?: number | null;
  };
};
export type ArchiveStockLocationApiResponse = /** status 200 Default Response */ {
  location: {
    archived_at: string | null;
    /** Articles with stock at this location (not below it). */
    article_count: number;
    code: string;
    created_at: string;
    id: number;
    name: string | null;
    parent_id: number | null;
    /** The warehouse's STANDARD location: bookings naming none go here. */
    standard: boolean;
    updated_at: string;
  };
  /** From the root down to the location itself. */
  path: {
    code: string;
    id: number;
  }[];
};
export type ArchiveStockLocationApiArg = number;
export type RestoreStockLocationApiResponse = /** status 200 Default Response */ {
  location: {
    archived_at: string | null;
    /** Articles with stock at this location (not below it). */
    article_count: number;
    code: string;
    created_at: string;
    id: number;
    name: string | null;
    parent_id: number | null;
    /** The warehouse's STANDARD location: bookings naming none go here. */
    standard: boolean;
    updated_at: string;
  };
  /** From the root down to the location itself. */
  path: {
    code: string;
    id: number;
  }[];
};
export type RestoreStockLocationApiArg = number;
export type ListStockAtLocationApiResponse = /** status 200 Default Response */ {
  items: {
    archived: boolean;
    article_id: number;
    name: string;
    quantity: number;
    sku: string;
    unit: string;
  }[];
  next_cursor: string | null;
};
export type ListStockAtLocationApiArg = {
  cursor?: string;
  limit?: number;
  id: number;
};
export type ListStockLotsApiResponse = /** status 200 Default Response */ {
  lots: {
    article_id: number;
    article_name: string;
    article_sku: string;
    best_before: string | null;
    locations: {
      location_code: string;
      location_id: number;
      quantity: number;
    }[];
    /** The lot, or the serial of a serial article. */
    lot: string;
    quantity: number;
    tracking: string;
    unit: string;
  }[];
  next_cursor: string | null;
};
export type ListStockLotsApiArg = {
  /** ISO date: lots whose best-before is before it. */
  expiresBefore?: string;
  /** Lot, SKU or article name. */
  q?: string;
  cursor?: string;
  limit?: number;
};
export type ListStockMovementsApiResponse = /** status 200 Default Response */ {
  movements: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  }[];
  next_cursor: string | null;
};
export type ListStockMovementsApiArg = {
  articleId?: number;
  kind?: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
  userId?: number;
  locationId?: number;
  /** Rows of this lot or serial number. */
  lot?: string;
  /** ISO date or date-time, inclusive. */
  from?: string;
  /** ISO date (whole day included) or date-time. */
  to?: string;
  cursor?: string;
  limit?: number;
};
export type BookStockMovementApiResponse =
  | /** status 200 Default Response */ {
      article: {
        archived_at: string | null;
        /** Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value. */
        average_cost?: string | null;
        barcode: string | null;
        created_at: string;
        description: string | null;
        /** Goods-in needs a best-before date. */
        expiry: boolean;
        id: number;
        low_stock: boolean;
        /** Order up to this; null: twice the reorder level. */
        max_stock: number | null;
        min_stock: number;
        name: string;
        /** Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1). */
        on_order: number;
        quantity: number;
        sku: string;
        /** none, lot or serial (stock-spec-3 §2). */
        tracking: 'none' | 'lot' | 'serial';
        unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
        updated_at: string;
        /** quantity × average_cost, 2 places. Only with view_stock_value. */
        value?: string | null;
      };
      message: string;
      movement: null | null;
      unchanged: true;
    }
  | /** status 201 Default Response */ {
      article: {
        archived_at: string | null;
        /** Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value. */
        average_cost?: string | null;
        barcode: string | null;
        created_at: string;
        description: string | null;
        /** Goods-in needs a best-before date. */
        expiry: boolean;
        id: number;
        low_stock: boolean;
        /** Order up to this; null: twice the reorder level. */
        max_stock: number | null;
        min_stock: number;
        name: string;
        /** Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1). */
        on_order: number;
        quantity: number;
        sku: string;
        /** none, lot or serial (stock-spec-3 §2). */
        tracking: 'none' | 'lot' | 'serial';
        unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
        updated_at: string;
        /** quantity × average_cost, 2 places. Only with view_stock_value. */
        value?: string | null;
      };
      lots?: {
        lot: string;
        quantity: number;
      }[];
      movement: {
        article_id: number;
        article_name: string;
        article_sku: string;
        /** The article's moving average after the row. Only with view_stock_value. */
        average_cost_after?: string | null;
        /** The lot's best-before date. */
        best_before?: string | null;
        created_at: string;
        /** Signed change of the stock. */
        delta: number;
        id: number;
        kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
        location_code: string | null;
        /** Storage location booked; null on rows from before locations. */
        location_id: number | null;
        /** The article's stock at that location after it. */
        location_quantity_after: number | null;
        /** The lot booked (lot articles). */
        lot?: string | null;
        note: string | null;
        /** When it happened on the device, if the booking said so. */
        occurred_at: string | null;
        /** The purchase order a receipt booked (stock-spec-3 §1). */
        purchase_order_id?: number | null;
        quantity_after: number;
        reason:
          | (
              | 'purchase'
              | 'return'
              | 'production'
              | 'initial'
              | 'other'
              | 'sale'
              | 'consumption'
              | 'damage'
              | 'return_to_supplier'
              | 'count'
              | 'loss'
              | 'found'
            )
          | null;
        reference: string | null;
        reversed_by_id: number | null;
        reverses_id: number | null;
        /** The serial booked (serial articles; one row each). */
        serial?: string | null;
        transfer_id: string | null;
        unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
        /** The cost the row was valued at (decimal string). Only with view_stock_value. */
        unit_cost?: string | null;
        user_id: number | null;
        user_name: string;
      };
      /** Tracked articles: every journal row written, one per lot or serial. */
      movements?: {
        article_id: number;
        article_name: string;
        article_sku: string;
        /** The article's moving average after the row. Only with view_stock_value. */
        average_cost_after?: string | null;
        /** The lot's best-before date. */
        best_before?: string | null;
        created_at: string;
        /** Signed change of the stock. */
        delta: number;
        id: number;
        kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
        location_code: string | null;
        /** Storage location booked; null on rows from before locations. */
        location_id: number | null;
        /** The article's stock at that location after it. */
        location_quantity_after: number | null;
        /** The lot booked (lot articles). */
        lot?: string | null;
        note: string | null;
        /** When it happened on the device, if the booking said so. */
        occurred_at: string | null;
        /** The purchase order a receipt booked (stock-spec-3 §1). */
        purchase_order_id?: number | null;
        quantity_after: number;
        reason:
          | (
              | 'purchase'
              | 'return'
              | 'production'
              | 'initial'
              | 'other'
              | 'sale'
              | 'consumption'
              | 'damage'
              | 'return_to_supplier'
              | 'count'
              | 'loss'
              | 'found'
            )
          | null;
        reference: string | null;
        reversed_by_id: number | null;
        reverses_id: number | null;
        /** The serial booked (serial articles; one row each). */
        serial?: string | null;
        transfer_id: string | null;
        unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
        /** The cost the row was valued at (decimal string). Only with view_stock_value. */
        unit_cost?: string | null;
        user_id: number | null;
        user_name: string;
      }[];
      /** Serial articles: the serials booked. */
      serials?: string[];
    };
export type BookStockMovementApiArg = {
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    article_id: number;
    /** ISO date; required for goods-in of an expiry article (422 best_before.required). */
    best_before?: string | null;
    kind: 'in' | 'out' | 'correction';
    location_id?: number | null;
    /** Lot (1–40 of A-Z a-z 0-9 - . /) of a lot article: required (422 lot.required) except for goods-out, which without it takes FEFO. */
    lot?: string | null;
    note?: string | null;
    /** ISO date-time with Z or an offset (a time without one is 422) the booking happened on the device (made offline, sent later): at most 5 minutes ahead of the server, at most 7 days back, else 422 on occurred_at. Stored and shown in the journal; the journal still sorts by created_at. */
    occurred_at?: string | null;
    /** Amount for in/out; the counted stock for a correction. */
    quantity: number;
    reason?:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference?: string | null;
    /** Serial numbers of a serial article (422 serials.required); the quantity is their count. */
    serials?: string[] | null;
    /** Goods-in only: price per unit (decimal string, 4 places at most; stock-spec-3 §3). */
    unit_cost?: string | null;
  };
};
export type ExportStockMovementsApiResponse = unknown;
export type ExportStockMovementsApiArg = {
  articleId?: number;
  kind?: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
  userId?: number;
  locationId?: number;
  /** Rows of this lot or serial number. */
  lot?: string;
  /** ISO date or date-time, inclusive. */
  from?: string;
  /** ISO date (whole day included) or date-time. */
  to?: string;
};
export type ReverseStockMovementApiResponse = /** status 201 Default Response */ {
  article: {
    archived_at: string | null;
    /** Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value. */
    average_cost?: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    /** Goods-in needs a best-before date. */
    expiry: boolean;
    id: number;
    low_stock: boolean;
    /** Order up to this; null: twice the reorder level. */
    max_stock: number | null;
    min_stock: number;
    name: string;
    /** Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1). */
    on_order: number;
    quantity: number;
    sku: string;
    /** none, lot or serial (stock-spec-3 §2). */
    tracking: 'none' | 'lot' | 'serial';
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
    /** quantity × average_cost, 2 places. Only with view_stock_value. */
    value?: string | null;
  };
  lots?: {
    lot: string;
    quantity: number;
  }[];
  movement: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  };
  /** Tracked articles: every journal row written, one per lot or serial. */
  movements?: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  }[];
  /** Serial articles: the serials booked. */
  serials?: string[];
};
export type ReverseStockMovementApiArg = {
  id: number;
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    note?: string | null;
    /** ISO date-time with Z or an offset (a time without one is 422) the booking happened on the device (made offline, sent later): at most 5 minutes ahead of the server, at most 7 days back, else 422 on occurred_at. Stored and shown in the journal; the journal still sorts by created_at. */
    occurred_at?: string | null;
  };
};
export type RelocateStockApiResponse = /** status 201 Default Response */ {
  in: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  };
  /** Tracked articles: one row per lot or serial and side. */
  movements?: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  }[];
  out: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  };
};
export type RelocateStockApiArg = {
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    article_id: number;
    from_location_id: number;
    /** Lot to move (lot articles); without it FEFO. */
    lot?: string | null;
    note?: string | null;
    occurred_at?: string | null;
    /** Amount to move. */
    quantity: number;
    /** Serials to move (serial articles). */
    serials?: string[] | null;
    to_location_id: number;
  };
};
export type ListStockReorderApiResponse = /** status 200 Default Response */ {
  articles: {
    id: number;
    max_stock: number | null;
    min_stock: number;
    name: string;
    /** Open quantity of ordered purchase orders (stock-spec-3 §1). */
    on_order: number;
    quantity: number;
    sku: string;
    /** max_stock − quantity − on_order, else 2 × min_stock − quantity − on_order (never below 0); whole for whole units. */
    suggested: number;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
  }[];
};
export type ListStockReorderApiArg = {
  sort?: 'name' | 'sku' | 'quantity' | 'suggested';
  order?: 'asc' | 'desc';
};
export type ExportStockReorderApiResponse = unknown;
export type ExportStockReorderApiArg = {
  sort?: 'name' | 'sku' | 'quantity' | 'suggested';
  order?: 'asc' | 'desc';
};
export type GetStockSummaryApiResponse = /** status 200 Default Response */ {
  articles: number;
  low_stock: number;
  movements_today: number;
};
export type GetStockSummaryApiArg = void;
export type TraceStockLotApiResponse = /** status 200 Default Response */ {
  article_id: number;
  lot: string | null;
  movements: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    purchase_order_number: string | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    supplier_id: number | null;
    supplier_name: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  }[];
  serial: string | null;
};
export type TraceStockLotApiArg = {
  articleId: number;
  lot?: string;
  serial?: string;
};
export type ExportStockTraceApiResponse = unknown;
export type ExportStockTraceApiArg = {
  articleId: number;
  lot?: string;
  serial?: string;
};
export type TransferStockApiResponse = /** status 201 Default Response */ {
  in: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  };
  lots?: {
    lot: string;
    quantity: number;
  }[];
  /** Tracked articles: every journal row written, one per lot or serial. */
  movements?: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  }[];
  out: {
    article_id: number;
    article_name: string;
    article_sku: string;
    /** The article's moving average after the row. Only with view_stock_value. */
    average_cost_after?: string | null;
    /** The lot's best-before date. */
    best_before?: string | null;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal' | 'relocation';
    location_code: string | null;
    /** Storage location booked; null on rows from before locations. */
    location_id: number | null;
    /** The article's stock at that location after it. */
    location_quantity_after: number | null;
    /** The lot booked (lot articles). */
    lot?: string | null;
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
    /** The purchase order a receipt booked (stock-spec-3 §1). */
    purchase_order_id?: number | null;
    quantity_after: number;
    reason:
      | (
          | 'purchase'
          | 'return'
          | 'production'
          | 'initial'
          | 'other'
          | 'sale'
          | 'consumption'
          | 'damage'
          | 'return_to_supplier'
          | 'count'
          | 'loss'
          | 'found'
        )
      | null;
    reference: string | null;
    reversed_by_id: number | null;
    reverses_id: number | null;
    /** The serial booked (serial articles; one row each). */
    serial?: string | null;
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** The cost the row was valued at (decimal string). Only with view_stock_value. */
    unit_cost?: string | null;
    user_id: number | null;
    user_name: string;
  };
  /** Serial articles: the serials booked. */
  serials?: string[];
};
export type TransferStockApiArg = {
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    article_id: number;
    /** ISO date; required for goods-in of an expiry article (422 best_before.required). */
    best_before?: string | null;
    location_id?: number | null;
    /** Lot (1–40 of A-Z a-z 0-9 - . /) of a lot article: required (422 lot.required) except for goods-out, which without it takes FEFO. */
    lot?: string | null;
    note?: string | null;
    /** ISO date-time with Z or an offset (a time without one is 422) the booking happened on the device (made offline, sent later): at most 5 minutes ahead of the server, at most 7 days back, else 422 on occurred_at. Stored and shown in the journal; the journal still sorts by created_at. */
    occurred_at?: string | null;
    /** Amount to move. */
    quantity: number;
    /** Serial numbers of a serial article (422 serials.required); the quantity is their count. */
    serials?: string[] | null;
    to_warehouse_id: number;
  };
};
export type GetStockValuationApiResponse = /** status 200 Default Response */ {
  at: string;
  group: 'article' | 'location';
  lines: {
    article_id: number;
    /** Decimal string; null: never valued. */
    average_cost: string | null;
    /** The location (group=location). */
    location_code?: string | null;
    location_id?: number;
    name: string;
    quantity: number;
    sku: string;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    /** quantity × average_cost, half-up to 2 places. */
    value: string | null;
  }[];
  time_zone: string;
  /** Σ value of the lines (2 places). */
  total_value: string;
};
export type GetStockValuationApiArg = {
  /** YYYY-MM-DD: the state at the end of that day. */
  at: string;
  /** article (default) or article and location. */
  group?: 'article' | 'location';
  /** IANA zone the day ends in; default Europe/Berlin. */
  timeZone?: string;
};
export type ExportStockValuationApiResponse = unknown;
export type ExportStockValuationApiArg = {
  /** YYYY-MM-DD: the state at the end of that day. */
  at: string;
  /** article (default) or article and location. */
  group?: 'article' | 'location';
  /** IANA zone the day ends in; default Europe/Berlin. */
  timeZone?: string;
};
export type GetStockValuationPdfApiResponse = unknown;
export type GetStockValuationPdfApiArg = {
  /** YYYY-MM-DD: the state at the end of that day. */
  at: string;
  /** article (default) or article and location. */
  group?: 'article' | 'location';
  /** IANA zone the day ends in; default Europe/Berlin. */
  timeZone?: string;
};
export type { ErrorBody };
export const {
  useListStockArticlesQuery,
  useLazyListStockArticlesQuery,
  useCreateStockArticleMutation,
  useDeleteStockArticleMutation,
  useGetStockArticleQuery,
  useLazyGetStockArticleQuery,
  useUpdateStockArticleMutation,
  useArchiveStockArticleMutation,
  useSetStockArticleDefaultLocationMutation,
  useGetStockArticleHistoryQuery,
  useLazyGetStockArticleHistoryQuery,
  useGetStockArticleLocationsQuery,
  useLazyGetStockArticleLocationsQuery,
  useListStockArticleLotsQuery,
  useLazyListStockArticleLotsQuery,
  useRestoreStockArticleMutation,
  useListStockCountSessionsQuery,
  useLazyListStockCountSessionsQuery,
  useOpenStockCountSessionMutation,
  useGetStockCountSessionQuery,
  useLazyGetStockCountSessionQuery,
  useCloseStockCountSessionMutation,
  usePutStockCountLinesMutation,
  useExportStockCountListQuery,
  useLazyExportStockCountListQuery,
  useGetStockCountListPdfQuery,
  useLazyGetStockCountListPdfQuery,
  useGetStockCountSheetsPdfQuery,
  useLazyGetStockCountSheetsPdfQuery,
  useBookStockCountMutation,
  useImportStockArticlesMutation,
  useListStockLocationsQuery,
  useLazyListStockLocationsQuery,
  useCreateStockLocationMutation,
  useDeleteStockLocationMutation,
  useGetStockLocationQuery,
  useLazyGetStockLocationQuery,
  useUpdateStockLocationMutation,
  useArchiveStockLocationMutation,
  useRestoreStockLocationMutation,
  useListStockAtLocationQuery,
  useLazyListStockAtLocationQuery,
  useListStockLotsQuery,
  useLazyListStockLotsQuery,
  useListStockMovementsQuery,
  useLazyListStockMovementsQuery,
  useBookStockMovementMutation,
  useExportStockMovementsQuery,
  useLazyExportStockMovementsQuery,
  useReverseStockMovementMutation,
  useRelocateStockMutation,
  useListStockReorderQuery,
  useLazyListStockReorderQuery,
  useExportStockReorderQuery,
  useLazyExportStockReorderQuery,
  useGetStockSummaryQuery,
  useLazyGetStockSummaryQuery,
  useTraceStockLotQuery,
  useLazyTraceStockLotQuery,
  useExportStockTraceQuery,
  useLazyExportStockTraceQuery,
  useTransferStockMutation,
  useGetStockValuationQuery,
  useLazyGetStockValuationQuery,
  useExportStockValuationQuery,
  useLazyExportStockValuationQuery,
  useGetStockValuationPdfQuery,
  useLazyGetStockValuationPdfQuery,
} = injectedRtkApi;

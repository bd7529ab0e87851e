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
    restoreStockArticle: build.mutation<RestoreStockArticleApiResponse, RestoreStockArticleApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg))}/restore`,
        method: 'POST',
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
    listStockMovements: build.query<ListStockMovementsApiResponse, ListStockMovementsApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/movements`,
        params: {
          article_id: queryArg.articleId,
          kind: queryArg.kind,
          user_id: queryArg.userId,
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
    getStockSummary: build.query<GetStockSummaryApiResponse, GetStockSummaryApiArg>({
      query: () => ({ url: `/api/stock/summary` }),
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
  }),
  overrideExisting: false,
});

export { injectedRtkApi as stockApi };
export type ListStockArticlesApiResponse = /** status 200 Default Response */ {
  articles: {
    archived_at: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    id: number;
    low_stock: boolean;
    min_stock: number;
    name: string;
    quantity: number;
    sku: string;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
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
    barcode: string | null;
    created_at: string;
    description: string | null;
    id: number;
    low_stock: boolean;
    min_stock: number;
    name: string;
    quantity: number;
    sku: string;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
  };
};
export type CreateStockArticleApiArg = {
  barcode?: string | null;
  description?: string | null;
  /** Reorder level: at or below it the article counts as low stock. */
  min_stock: number;
  name: string;
  sku: string;
  unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
};
export type DeleteStockArticleApiResponse = unknown;
export type DeleteStockArticleApiArg = number;
export type GetStockArticleApiResponse = /** status 200 Default Response */ {
  article: {
    archived_at: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    id: number;
    low_stock: boolean;
    min_stock: number;
    name: string;
    quantity: number;
    sku: string;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
  };
};
export type GetStockArticleApiArg = number;
export type UpdateStockArticleApiResponse = /** status 200 Default Response */ {
  article: {
    archived_at: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    id: number;
    low_stock: boolean;
    min_stock: number;
    name: string;
    quantity: number;
    sku: string;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
  };
};
export type UpdateStockArticleApiArg = {
  id: number;
  body: {
    barcode?: string | null;
    description?: string | null;
    /** Reorder level: at or below it the article counts as low stock. */
    min_stock: number;
    name: string;
    sku: string;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
  };
};
export type ArchiveStockArticleApiResponse = /** status 200 Default Response */ {
  article: {
    archived_at: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    id: number;
    low_stock: boolean;
    min_stock: number;
    name: string;
    quantity: number;
    sku: string;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
  };
};
export type ArchiveStockArticleApiArg = number;
export type RestoreStockArticleApiResponse = /** status 200 Default Response */ {
  article: {
    archived_at: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    id: number;
    low_stock: boolean;
    min_stock: number;
    name: string;
    quantity: number;
    sku: string;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
  };
};
export type RestoreStockArticleApiArg = number;
export type BookStockCountApiResponse = /** status 201 Default Response */ {
  message: string;
  movements: {
    article_id: number;
    article_name: string;
    article_sku: string;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal';
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
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
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
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
      /** Counted stock. */
      counted: number;
    }[];
    note?: string | null;
    /** ISO date-time the booking happened on the device (made offline, sent later): at most 5 minutes ahead of the server, at most 7 days back, else 422 on occurred_at. Stored and shown in the journal; the journal still sorts by created_at. */
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
export type ListStockMovementsApiResponse = /** status 200 Default Response */ {
  movements: {
    article_id: number;
    article_name: string;
    article_sku: string;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal';
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
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
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    user_id: number | null;
    user_name: string;
  }[];
  next_cursor: string | null;
};
export type ListStockMovementsApiArg = {
  articleId?: number;
  kind?: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal';
  userId?: number;
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
        barcode: string | null;
        created_at: string;
        description: string | null;
        id: number;
        low_stock: boolean;
        min_stock: number;
        name: string;
        quantity: number;
        sku: string;
        unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
        updated_at: string;
      };
      message: string;
      movement: null | null;
      unchanged: true;
    }
  | /** status 201 Default Response */ {
      article: {
        archived_at: string | null;
        barcode: string | null;
        created_at: string;
        description: string | null;
        id: number;
        low_stock: boolean;
        min_stock: number;
        name: string;
        quantity: number;
        sku: string;
        unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
        updated_at: string;
      };
      movement: {
        article_id: number;
        article_name: string;
        article_sku: string;
        created_at: string;
        /** Signed change of the stock. */
        delta: number;
        id: number;
        kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal';
        note: string | null;
        /** When it happened on the device, if the booking said so. */
        occurred_at: string | null;
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
        transfer_id: string | null;
        unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
        user_id: number | null;
        user_name: string;
      };
    };
export type BookStockMovementApiArg = {
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    article_id: number;
    kind: 'in' | 'out' | 'correction';
    note?: string | null;
    /** ISO date-time the booking happened on the device (made offline, sent later): at most 5 minutes ahead of the server, at most 7 days back, else 422 on occurred_at. Stored and shown in the journal; the journal still sorts by created_at. */
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
  };
};
export type ExportStockMovementsApiResponse = unknown;
export type ExportStockMovementsApiArg = {
  articleId?: number;
  kind?: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal';
  userId?: number;
  /** ISO date or date-time, inclusive. */
  from?: string;
  /** ISO date (whole day included) or date-time. */
  to?: string;
};
export type ReverseStockMovementApiResponse = /** status 201 Default Response */ {
  article: {
    archived_at: string | null;
    barcode: string | null;
    created_at: string;
    description: string | null;
    id: number;
    low_stock: boolean;
    min_stock: number;
    name: string;
    quantity: number;
    sku: string;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    updated_at: string;
  };
  movement: {
    article_id: number;
    article_name: string;
    article_sku: string;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal';
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
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
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    user_id: number | null;
    user_name: string;
  };
};
export type ReverseStockMovementApiArg = {
  id: number;
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    note?: string | null;
    /** ISO date-time the booking happened on the device (made offline, sent later): at most 5 minutes ahead of the server, at most 7 days back, else 422 on occurred_at. Stored and shown in the journal; the journal still sorts by created_at. */
    occurred_at?: string | null;
  };
};
export type GetStockSummaryApiResponse = /** status 200 Default Response */ {
  articles: number;
  low_stock: number;
  movements_today: number;
};
export type GetStockSummaryApiArg = void;
export type TransferStockApiResponse = /** status 201 Default Response */ {
  in: {
    article_id: number;
    article_name: string;
    article_sku: string;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal';
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
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
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    user_id: number | null;
    user_name: string;
  };
  out: {
    article_id: number;
    article_name: string;
    article_sku: string;
    created_at: string;
    /** Signed change of the stock. */
    delta: number;
    id: number;
    kind: 'in' | 'out' | 'correction' | 'transfer_out' | 'transfer_in' | 'reversal';
    note: string | null;
    /** When it happened on the device, if the booking said so. */
    occurred_at: string | null;
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
    transfer_id: string | null;
    unit: 'pcs' | 'box' | 'pack' | 'pallet' | 'kg' | 'g' | 'l' | 'ml' | 'm' | 'cm' | 'm2' | 'm3';
    user_id: number | null;
    user_name: string;
  };
};
export type TransferStockApiArg = {
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    article_id: number;
    note?: string | null;
    /** ISO date-time the booking happened on the device (made offline, sent later): at most 5 minutes ahead of the server, at most 7 days back, else 422 on occurred_at. Stored and shown in the journal; the journal still sorts by created_at. */
    occurred_at?: string | null;
    /** Amount to move. */
    quantity: number;
    to_warehouse_id: number;
  };
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
  useRestoreStockArticleMutation,
  useBookStockCountMutation,
  useImportStockArticlesMutation,
  useListStockMovementsQuery,
  useLazyListStockMovementsQuery,
  useBookStockMovementMutation,
  useExportStockMovementsQuery,
  useLazyExportStockMovementsQuery,
  useReverseStockMovementMutation,
  useGetStockSummaryQuery,
  useLazyGetStockSummaryQuery,
  useTransferStockMutation,
} = injectedRtkApi;

import { api, type ErrorTable } from '@lager/shared';
import { purchasingApi } from './generated';

export type Order = import('./generated').GetPurchaseOrderApiResponse['order'];
export type OrderLine = Order['lines'][number];
export type OrderSummary = import('./generated').ListPurchaseOrdersApiResponse['orders'][number];
export type OrderStatus = Order['status'];
export type Supplier = import('./generated').GetSupplierApiResponse['supplier'];

export const ORDER_STATUSES: OrderStatus[] = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'];

/** Cache tags of the section; a receipt changes stock too, so the stock section's tags go with it. */
const ORDER = 'PurchaseOrder' as const;
const SUPPLIER = 'Supplier' as const;
const PRICE = 'SupplierPrice' as const;
const STOCK = ['StockArticle', 'StockMovement', 'StockSummary'] as const;

const enhanced = purchasingApi.enhanceEndpoints({
  addTagTypes: [ORDER, SUPPLIER, PRICE, ...STOCK],
  endpoints: {
    listPurchaseOrders: { providesTags: [ORDER] },
    getPurchaseOrder: { providesTags: [ORDER] },
    createPurchaseOrder: { invalidatesTags: [ORDER] },
    updatePurchaseOrder: { invalidatesTags: [ORDER] },
    deletePurchaseOrder: { invalidatesTags: [ORDER] },
    placePurchaseOrder: { invalidatesTags: [ORDER, 'StockArticle'] },
    cancelPurchaseOrder: { invalidatesTags: [ORDER, 'StockArticle'] },
    draftPurchaseOrdersFromReorder: { invalidatesTags: [ORDER] },
    receivePurchaseOrder: { invalidatesTags: [ORDER, ...STOCK] },
    listSuppliers: { providesTags: [SUPPLIER] },
    getSupplier: { providesTags: [SUPPLIER] },
    createSupplier: { invalidatesTags: [SUPPLIER] },
    updateSupplier: { invalidatesTags: [SUPPLIER, ORDER, PRICE] },
    archiveSupplier: { invalidatesTags: [SUPPLIER, PRICE] },
    restoreSupplier: { invalidatesTags: [SUPPLIER, PRICE] },
    deleteSupplier: { invalidatesTags: [SUPPLIER] },
    getArticleSuppliers: { providesTags: [PRICE] },
    setArticleSuppliers: { invalidatesTags: [PRICE] },
  },
});

/** The article's name and unit for the price page: the stock API's answer, asked by this section itself. */
const articles = api.injectEndpoints({
  endpoints: (build) => ({
    /** Where goods can go (receiving, for users who see stock): the stock API's location list. */
    listPurchasingLocations: build.query<
      { locations: { id: number; code: string; name: string | null; archived_at: string | null }[] },
      void
    >({
      query: () => ({ url: '/api/stock/locations' }),
    }),
    /** Articles to add to a draft: the stock API's search (needs view_stock; else 403, said on the page). */
    searchPurchasingArticles: build.query<
      { articles: { id: number; sku: string; name: string; unit: string; barcode: string | null }[] },
      string
    >({
      query: (q) => ({ url: '/api/stock/articles', params: { q, limit: 10 } }),
    }),
    getPurchasingArticle: build.query<
      { article: { id: number; sku: string; name: string; unit: string; on_order: number; quantity: number } },
      number
    >({
      query: (id) => ({ url: `/api/stock/articles/${encodeURIComponent(String(id))}` }),
    }),
  }),
});

export const {
  useListPurchaseOrdersQuery,
  useGetPurchaseOrderQuery,
  useCreatePurchaseOrderMutation,
  useUpdatePurchaseOrderMutation,
  useDeletePurchaseOrderMutation,
  usePlacePurchaseOrderMutation,
  useCancelPurchaseOrderMutation,
  useDraftPurchaseOrdersFromReorderMutation,
  useReceivePurchaseOrderMutation,
  useListSuppliersQuery,
  useCreateSupplierMutation,
  useUpdateSupplierMutation,
  useArchiveSupplierMutation,
  useRestoreSupplierMutation,
  useGetArticleSuppliersQuery,
  useSetArticleSuppliersMutation,
} = enhanced;
export const { useGetPurchasingArticleQuery, useListPurchasingLocationsQuery, useSearchPurchasingArticlesQuery } =
  articles;

/** What a failed call means, per screen (catalogue keys of this section). */
export const ORDER_ERRORS: ErrorTable = {
  fallback: 'errors.generic',
  network: 'errors.network',
  'purchase_order.not_found': 'errors.orderNotFound',
  'purchase_order.wrong_status': 'errors.wrongStatus',
  'purchase_order.empty': 'errors.empty',
  'purchase_order.no_email': 'errors.noEmail',
  'purchasing.over_receipt': 'errors.overReceipt',
  'auth.forbidden': 'errors.forbidden',
  'location.not_found': 'errors.locationNotFound',
  'article.archived': 'errors.articleArchived',
};
/** Saving a draft: a refused line is named by its field; the form says to check quantities and prices. */
export const DRAFT_ERRORS: ErrorTable = {
  ...ORDER_ERRORS,
  fallback: 'errors.draftInvalid',
  network: 'errors.network',
  'supplier.not_found': 'errors.supplierNotFound',
  'article.not_found': 'errors.articleNotFound',
};
export const SUPPLIER_ERRORS: ErrorTable = {
  fallback: 'errors.generic',
  network: 'errors.network',
  'supplier.name_taken': 'errors.nameTaken',
  'supplier.has_orders': 'errors.hasOrders',
  'supplier.not_found': 'errors.supplierNotFound',
  'auth.forbidden': 'errors.forbidden',
  fields: { email: 'errors.email', name: 'errors.name', lead_time_days: 'errors.leadTime' },
};

import { api } from '@lager/shared';
import type { ErrorBody } from '@lager/shared/api/schemas';

const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPurchaseOrders: build.query<ListPurchaseOrdersApiResponse, ListPurchaseOrdersApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/orders`,
        params: {
          status: queryArg.status,
          supplier_id: queryArg.supplierId,
          cursor: queryArg.cursor,
          limit: queryArg.limit,
        },
      }),
    }),
    createPurchaseOrder: build.mutation<CreatePurchaseOrderApiResponse, CreatePurchaseOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/orders`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    draftPurchaseOrdersFromReorder: build.mutation<
      DraftPurchaseOrdersFromReorderApiResponse,
      DraftPurchaseOrdersFromReorderApiArg
    >({
      query: (queryArg) => ({
        url: `/api/purchasing/orders/from-reorder`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    deletePurchaseOrder: build.mutation<DeletePurchaseOrderApiResponse, DeletePurchaseOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/orders/${encodeURIComponent(String(queryArg))}`,
        method: 'DELETE',
      }),
    }),
    getPurchaseOrder: build.query<GetPurchaseOrderApiResponse, GetPurchaseOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/orders/${encodeURIComponent(String(queryArg))}`,
      }),
    }),
    updatePurchaseOrder: build.mutation<UpdatePurchaseOrderApiResponse, UpdatePurchaseOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/orders/${encodeURIComponent(String(queryArg.id))}`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
    cancelPurchaseOrder: build.mutation<CancelPurchaseOrderApiResponse, CancelPurchaseOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/orders/${encodeURIComponent(String(queryArg))}/cancel`,
        method: 'POST',
      }),
    }),
    placePurchaseOrder: build.mutation<PlacePurchaseOrderApiResponse, PlacePurchaseOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/orders/${encodeURIComponent(String(queryArg.id))}/order`,
        method: 'POST',
        body: queryArg.body,
      }),
    }),
    getPurchaseOrderPdf: build.query<GetPurchaseOrderPdfApiResponse, GetPurchaseOrderPdfApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/orders/${encodeURIComponent(String(queryArg))}/pdf`,
      }),
    }),
    receivePurchaseOrder: build.mutation<ReceivePurchaseOrderApiResponse, ReceivePurchaseOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/orders/${encodeURIComponent(String(queryArg.id))}/receipts`,
        method: 'POST',
        body: queryArg.body,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    listSuppliers: build.query<ListSuppliersApiResponse, ListSuppliersApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/suppliers`,
        params: {
          archived: queryArg,
        },
      }),
    }),
    createSupplier: build.mutation<CreateSupplierApiResponse, CreateSupplierApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/suppliers`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    deleteSupplier: build.mutation<DeleteSupplierApiResponse, DeleteSupplierApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/suppliers/${encodeURIComponent(String(queryArg))}`,
        method: 'DELETE',
      }),
    }),
    getSupplier: build.query<GetSupplierApiResponse, GetSupplierApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/suppliers/${encodeURIComponent(String(queryArg))}`,
      }),
    }),
    updateSupplier: build.mutation<UpdateSupplierApiResponse, UpdateSupplierApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/suppliers/${encodeURIComponent(String(queryArg.id))}`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
    archiveSupplier: build.mutation<ArchiveSupplierApiResponse, ArchiveSupplierApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/suppliers/${encodeURIComponent(String(queryArg))}/archive`,
        method: 'POST',
      }),
    }),
    restoreSupplier: build.mutation<RestoreSupplierApiResponse, RestoreSupplierApiArg>({
      query: (queryArg) => ({
        url: `/api/purchasing/suppliers/${encodeURIComponent(String(queryArg))}/restore`,
        method: 'POST',
      }),
    }),
    getArticleSuppliers: build.query<GetArticleSuppliersApiResponse, GetArticleSuppliersApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg))}/suppliers`,
      }),
    }),
    setArticleSuppliers: build.mutation<SetArticleSuppliersApiResponse, SetArticleSuppliersApiArg>({
      query: (queryArg) => ({
        url: `/api/stock/articles/${encodeURIComponent(String(queryArg.id))}/suppliers`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
  }),
  overrideExisting: false,
});

export { injectedRtkApi as purchasingApi };
export type ListPurchaseOrdersApiResponse = /** status 200 Default Response */ {
  next_cursor: string | null;
  orders: {
    created_at: string;
    /** ISO 4217. */
    currency: string;
    emailed_at: string | null;
    /** YYYY-MM-DD */
    expected_at: string | null;
    id: number;
    line_count: number;
    note: string | null;
    /** PO-<year>-<4 digits>, gap-free per warehouse and year. */
    number: string;
    ordered_at: string | null;
    status: 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';
    supplier_id: number;
    supplier_name: string;
    /** Σ quantity × unit_price (decimal string). */
    total: string;
    updated_at: string;
  }[];
};
export type ListPurchaseOrdersApiArg = {
  status?: 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';
  supplierId?: number;
  cursor?: string;
  limit?: number;
};
export type CreatePurchaseOrderApiResponse = /** status 201 Default Response */ {
  order: {
    created_at: string;
    /** ISO 4217. */
    currency: string;
    emailed_at: string | null;
    /** YYYY-MM-DD */
    expected_at: string | null;
    id: number;
    lines: {
      /** What a scan of the article reads (receiving). */
      article_barcode: string | null;
      article_id: number;
      article_name: string;
      article_sku: string;
      id: number;
      /** quantity − received_quantity, never below 0. */
      open_quantity: number;
      quantity: number;
      received_quantity: number;
      supplier_sku: string | null;
      /** quantity × unit_price, rounded half-up to 4 places. */
      total: string;
      unit: string;
      /** Decimal string. */
      unit_price: string;
    }[];
    note: string | null;
    /** PO-<year>-<4 digits>, gap-free per warehouse and year. */
    number: string;
    ordered_at: string | null;
    status: 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';
    supplier_id: number;
    supplier_name: string;
    /** Σ quantity × unit_price (decimal string). */
    total: string;
    updated_at: string;
  };
};
export type CreatePurchaseOrderApiArg = {
  /** When the goods are expected. YYYY-MM-DD. */
  expected_at?: string | null;
  lines: {
    article_id: number;
    /** How much to order (> 0; whole for whole-number units). */
    quantity: number;
    /** Default: the supplier's price of the article. Decimal string, at most 4 places, 0–999999999.9999. */
    unit_price?: string;
  }[];
  note?: string | null;
  supplier_id: number;
};
export type DraftPurchaseOrdersFromReorderApiResponse = /** status 201 Default Response */ {
  orders: {
    created_at: string;
    /** ISO 4217. */
    currency: string;
    emailed_at: string | null;
    /** YYYY-MM-DD */
    expected_at: string | null;
    id: number;
    lines: {
      /** What a scan of the article reads (receiving). */
      article_barcode: string | null;
      article_id: number;
      article_name: string;
      article_sku: string;
      id: number;
      /** quantity − received_quantity, never below 0. */
      open_quantity: number;
      quantity: number;
      received_quantity: number;
      supplier_sku: string | null;
      /** quantity × unit_price, rounded half-up to 4 places. */
      total: string;
      unit: string;
      /** Decimal string. */
      unit_price: string;
    }[];
    note: string | null;
    /** PO-<year>-<4 digits>, gap-free per warehouse and year. */
    number: string;
    ordered_at: string | null;
    status: 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';
    supplier_id: number;
    supplier_name: string;
    /** Σ quantity × unit_price (decimal string). */
    total: string;
    updated_at: string;
  }[];
  skipped: {
    article_id: number;
    /** no_supplier: no preferred supplier; not_low: not on the reorder list (nothing to order). */
    reason: 'no_supplier' | 'not_low';
  }[];
};
export type DraftPurchaseOrdersFromReorderApiArg = {
  article_ids?: number[];
};
export type DeletePurchaseOrderApiResponse = unknown;
export type DeletePurchaseOrderApiArg = number;
export type GetPurchaseOrderApiResponse = /** status 200 Default Response */ {
  order: {
    created_at: string;
    /** ISO 4217. */
    currency: string;
    emailed_at: string | null;
    /** YYYY-MM-DD */
    expected_at: string | null;
    id: number;
    lines: {
      /** What a scan of the article reads (receiving). */
      article_barcode: string | null;
      article_id: number;
      article_name: string;
      article_sku: string;
      id: number;
      /** quantity − received_quantity, never below 0. */
      open_quantity: number;
      quantity: number;
      received_quantity: number;
      supplier_sku: string | null;
      /** quantity × unit_price, rounded half-up to 4 places. */
      total: string;
      unit: string;
      /** Decimal string. */
      unit_price: string;
    }[];
    note: string | null;
    /** PO-<year>-<4 digits>, gap-free per warehouse and year. */
    number: string;
    ordered_at: string | null;
    status: 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';
    supplier_id: number;
    supplier_name: string;
    /** Σ quantity × unit_price (decimal string). */
    total: string;
    updated_at: string;
  };
};
export type GetPurchaseOrderApiArg = number;
export type UpdatePurchaseOrderApiResponse = /** status 200 Default Response */ {
  order: {
    created_at: string;
    /** ISO 4217. */
    currency: string;
    emailed_at: string | null;
    /** YYYY-MM-DD */
    expected_at: string | null;
    id: number;
    lines: {
      /** What a scan of the article reads (receiving). */
      article_barcode: string | null;
      article_id: number;
      article_name: string;
      article_sku: string;
      id: number;
      /** quantity − received_quantity, never below 0. */
      open_quantity: number;
      quantity: number;
      received_quantity: number;
      supplier_sku: string | null;
      /** quantity × unit_price, rounded half-up to 4 places. */
      total: string;
      unit: string;
      /** Decimal string. */
      unit_price: string;
    }[];
    note: string | null;
    /** PO-<year>-<4 digits>, gap-free per warehouse and year. */
    number: string;
    ordered_at: string | null;
    status: 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';
    supplier_id: number;
    supplier_name: string;
    /** Σ quantity × unit_price (decimal string). */
    total: string;
    updated_at: string;
  };
};
export type UpdatePurchaseOrderApiArg = {
  id: number;
  body: {
    /** When the goods are expected. YYYY-MM-DD. */
    expected_at?: string | null;
    lines: {
      article_id: number;
      /** How much to order (> 0; whole for whole-number units). */
      quantity: number;
      /** Default: the supplier's price of the article. Decimal string, at most 4 places, 0–999999999.9999. */
      unit_price?: string;
    }[];
    note?: string | null;
    supplier_id: number;
  };
};
export type CancelPurchaseOrderApiResponse = /** status 200 Default Response */ {
  order: {
    created_at: string;
    /** ISO 4217. */
    currency: string;
    emailed_at: string | null;
    /** YYYY-MM-DD */
    expected_at: string | null;
    id: number;
    lines: {
      /** What a scan of the article reads (receiving). */
      article_barcode: string | null;
      article_id: number;
      article_name: string;
      article_sku: string;
      id: number;
      /** quantity − received_quantity, never below 0. */
      open_quantity: number;
      quantity: number;
      received_quantity: number;
      supplier_sku: string | null;
      /** quantity × unit_price, rounded half-up to 4 places. */
      total: string;
      unit: string;
      /** Decimal string. */
      unit_price: string;
    }[];
    note: string | null;
    /** PO-<year>-<4 digits>, gap-free per warehouse and year. */
    number: string;
    ordered_at: string | null;
    status: 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';
    supplier_id: number;
    supplier_name: string;
    /** Σ quantity × unit_price (decimal string). */
    total: string;
    updated_at: string;
  };
};
export type CancelPurchaseOrderApiArg = number;
export type PlacePurchaseOrderApiResponse = /** status 200 Default Response */ {
  email_sent: boolean;
  order: {
    created_at: string;
    /** ISO 4217. */
    currency: string;
    emailed_at: string | null;
    /** YYYY-MM-DD */
    expected_at: string | null;
    id: number;
    lines: {
      /** What a scan of the article reads (receiving). */
      article_barcode: string | null;
      article_id: number;
      article_name: string;
      article_sku: string;
      id: number;
      /** quantity − received_quantity, never below 0. */
      open_quantity: number;
      quantity: number;
      received_quantity: number;
      supplier_sku: string | null;
      /** quantity × unit_price, rounded half-up to 4 places. */
      total: string;
      unit: string;
      /** Decimal string. */
      unit_price: string;
    }[];
    note: string | null;
    /** PO-<year>-<4 digits>, gap-free per warehouse and year. */
    number: string;
    ordered_at: string | null;
    status: 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';
    supplier_id: number;
    supplier_name: string;
    /** Σ quantity × unit_price (decimal string). */
    total: string;
    updated_at: string;
  };
};
export type PlacePurchaseOrderApiArg = {
  id: number;
  body: {
    /** Mail the supplier the order as PDF. */
    send_email?: boolean;
  };
};
export type GetPurchaseOrderPdfApiResponse = /** status 200 Default Response */ Blob;
export type GetPurchaseOrderPdfApiArg = number;
export type ReceivePurchaseOrderApiResponse = /** status 201 Default Response */ {
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
  order: {
    created_at: string;
    /** ISO 4217. */
    currency: string;
    emailed_at: string | null;
    /** YYYY-MM-DD */
    expected_at: string | null;
    id: number;
    lines: {
      /** What a scan of the article reads (receiving). */
      article_barcode: string | null;
      article_id: number;
      article_name: string;
      article_sku: string;
      id: number;
      /** quantity − received_quantity, never below 0. */
      open_quantity: number;
      quantity: number;
      received_quantity: number;
      supplier_sku: string | null;
      /** quantity × unit_price, rounded half-up to 4 places. */
      total: string;
      unit: string;
      /** Decimal string. */
      unit_price: string;
    }[];
    note: string | null;
    /** PO-<year>-<4 digits>, gap-free per warehouse and year. */
    number: string;
    ordered_at: string | null;
    status: 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';
    supplier_id: number;
    supplier_name: string;
    /** Σ quantity × unit_price (decimal string). */
    total: string;
    updated_at: string;
  };
};
export type ReceivePurchaseOrderApiArg = {
  id: number;
  /** A UUID per form submission; a retry with the same key books nothing twice. */
  'idempotency-key'?: string;
  body: {
    /** Take more than the open quantity of a line. */
    allow_over?: boolean;
    lines: {
      /** Not recorded yet. */
      best_before?: string | null;
      line_id: number;
      location_id?: number | null;
      /** Not recorded yet: 422 when set. */
      lot?: string | null;
      /** Received now (> 0). */
      quantity: number;
      serials?: string[] | null;
    }[];
  };
};
export type ListSuppliersApiResponse = /** status 200 Default Response */ {
  suppliers: {
    address: string | null;
    archived_at: string | null;
    created_at: string;
    /** Our customer number at the supplier. */
    customer_number: string | null;
    email: string | null;
    id: number;
    lead_time_days: number;
    name: string;
    phone: string | null;
    updated_at: string;
  }[];
};
export type ListSuppliersApiArg = /** Include archived suppliers. */ ('1' | '0' | 'true' | 'false') | undefined;
export type CreateSupplierApiResponse = /** status 201 Default Response */ {
  supplier: {
    address: string | null;
    archived_at: string | null;
    created_at: string;
    /** Our customer number at the supplier. */
    customer_number: string | null;
    email: string | null;
    id: number;
    lead_time_days: number;
    name: string;
    phone: string | null;
    updated_at: string;
  };
};
export type CreateSupplierApiArg = {
  address?: string | null;
  customer_number?: string | null;
  /** Where orders are mailed. */
  email?: string | null;
  lead_time_days?: number;
  name: string;
  phone?: string | null;
};
export type DeleteSupplierApiResponse = unknown;
export type DeleteSupplierApiArg = number;
export type GetSupplierApiResponse = /** status 200 Default Response */ {
  supplier: {
    address: string | null;
    archived_at: string | null;
    created_at: string;
    /** Our customer number at the supplier. */
    customer_number: string | null;
    email: string | null;
    id: number;
    lead_time_days: number;
    name: string;
    phone: string | null;
    updated_at: string;
  };
};
export type GetSupplierApiArg = number;
export type UpdateSupplierApiResponse = /** status 200 Default Response */ {
  supplier: {
    address: string | null;
    archived_at: string | null;
    created_at: string;
    /** Our customer number at the supplier. */
    customer_number: string | null;
    email: string | null;
    id: number;
    lead_time_days: number;
    name: string;
    phone: string | null;
    updated_at: string;
  };
};
export type UpdateSupplierApiArg = {
  id: number;
  body: {
    address?: string | null;
    customer_number?: string | null;
    /** Where orders are mailed. */
    email?: string | null;
    lead_time_days?: number;
    name: string;
    phone?: string | null;
  };
};
export type ArchiveSupplierApiResponse = /** status 200 Default Response */ {
  supplier: {
    address: string | null;
    archived_at: string | null;
    created_at: string;
    /** Our customer number at the supplier. */
    customer_number: string | null;
    email: string | null;
    id: number;
    lead_time_days: number;
    name: string;
    phone: string | null;
    updated_at: string;
  };
};
export type ArchiveSupplierApiArg = number;
export type RestoreSupplierApiResponse = /** status 200 Default Response */ {
  supplier: {
    address: string | null;
    archived_at: string | null;
    created_at: string;
    /** Our customer number at the supplier. */
    customer_number: string | null;
    email: string | null;
    id: number;
    lead_time_days: number;
    name: string;
    phone: string | null;
    updated_at: string;
  };
};
export type RestoreSupplierApiArg = number;
export type GetArticleSuppliersApiResponse = /** status 200 Default Response */ {
  /** Order multiple. */
  pack_size: number;
  preferred: boolean;
  supplier_archived: boolean;
  supplier_id: number;
  supplier_name: string;
  supplier_sku: string | null;
  /** Decimal string. */
  unit_price: string;
}[];
export type GetArticleSuppliersApiArg = number;
export type SetArticleSuppliersApiResponse = /** status 200 Default Response */ {
  /** Order multiple. */
  pack_size: number;
  preferred: boolean;
  supplier_archived: boolean;
  supplier_id: number;
  supplier_name: string;
  supplier_sku: string | null;
  /** Decimal string. */
  unit_price: string;
}[];
export type SetArticleSuppliersApiArg = {
  id: number;
  /** The whole list; at most one preferred. */
  body: {
    pack_size?: number;
    preferred?: boolean;
    supplier_id: number;
    supplier_sku?: string | null;
    /** Price per unit. Decimal string, at most 4 places, 0–999999999.9999. */
    unit_price: string;
  }[];
};
export type { ErrorBody };
export const {
  useListPurchaseOrdersQuery,
  useLazyListPurchaseOrdersQuery,
  useCreatePurchaseOrderMutation,
  useDraftPurchaseOrdersFromReorderMutation,
  useDeletePurchaseOrderMutation,
  useGetPurchaseOrderQuery,
  useLazyGetPurchaseOrderQuery,
  useUpdatePurchaseOrderMutation,
  useCancelPurchaseOrderMutation,
  usePlacePurchaseOrderMutation,
  useGetPurchaseOrderPdfQuery,
  useLazyGetPurchaseOrderPdfQuery,
  useReceivePurchaseOrderMutation,
  useListSuppliersQuery,
  useLazyListSuppliersQuery,
  useCreateSupplierMutation,
  useDeleteSupplierMutation,
  useGetSupplierQuery,
  useLazyGetSupplierQuery,
  useUpdateSupplierMutation,
  useArchiveSupplierMutation,
  useRestoreSupplierMutation,
  useGetArticleSuppliersQuery,
  useLazyGetArticleSuppliersQuery,
  useSetArticleSuppliersMutation,
} = injectedRtkApi;

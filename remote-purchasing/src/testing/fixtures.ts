import type { Order, OrderLine, OrderSummary, Supplier } from '../api/purchasing-api';

export const line = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  id: 11,
  article_id: 101,
  article_sku: 'A-1',
  article_name: 'Anker',
  article_barcode: '4006381333931',
  unit: 'pcs',
  supplier_sku: 'NW-1',
  quantity: 10,
  received_quantity: 0,
  open_quantity: 10,
  unit_price: '0.0345',
  total: '0.345',
  ...overrides,
});

export const order = (overrides: Partial<Order> = {}): Order => ({
  id: 7,
  number: 'PO-2026-0007',
  supplier_id: 3,
  supplier_name: 'Nordwerk',
  status: 'draft',
  expected_at: '2026-12-24',
  note: null,
  total: '1234.5',
  currency: 'EUR',
  ordered_at: null,
  emailed_at: null,
  created_at: '2026-11-28T08:00:00Z',
  updated_at: '2026-11-28T08:00:00Z',
  lines: [line()],
  ...overrides,
});

export const summary = (overrides: Partial<OrderSummary> = {}): OrderSummary => {
  const { lines, ...rest } = order();
  return { ...rest, line_count: lines.length, ...overrides };
};

export const supplier = (overrides: Partial<Supplier> = {}): Supplier => ({
  id: 3,
  name: 'Nordwerk',
  email: 'orders@nordwerk.example',
  phone: null,
  address: null,
  customer_number: 'K-1',
  lead_time_days: 5,
  archived_at: null,
  created_at: '2026-11-28T08:00:00Z',
  updated_at: '2026-11-28T08:00:00Z',
  ...overrides,
});

export const ALL_PURCHASING = ['view_purchasing', 'manage_suppliers', 'manage_purchase_orders', 'receive_goods'];

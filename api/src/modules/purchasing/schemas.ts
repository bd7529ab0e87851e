import { type Static, type TSchema, Type } from '@fastify/type-provider-typebox';
import { Id, StringEnum } from '../../platform/http/schemas';
import { Flag, Movement } from '../stock';
import { ORDER_STATUSES } from './tables';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalText = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));
/** Write bodies take only their own fields (as the stock module's): an unknown one is 422 naming it. */
const Closed = { additionalProperties: false } as const;
const Money = (description: string) =>
  Type.String({ maxLength: 20, description: `${description} Decimal string, at most 4 places, 0–999999999.9999.` });
const IsoDate = (description: string) => Type.String({ maxLength: 10, description: `${description} YYYY-MM-DD.` });
const Quantity = (description: string) => Type.Number({ minimum: 0, maximum: 99_999_999_999, description });

const Supplier = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    address: Nullable(Type.String()),
    customer_number: Nullable(Type.String({ description: 'Our customer number at the supplier.' })),
    lead_time_days: Type.Integer(),
    archived_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'PurchasingSupplier' },
);

export const SupplierInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.Optional(Nullable(Type.String({ maxLength: 254, description: 'Where orders are mailed.' }))),
    phone: OptionalText(50),
    address: OptionalText(500),
    customer_number: OptionalText(64),
    lead_time_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365, default: 7 })),
  },
  Closed,
);
export const SupplierQuery = Type.Object({ archived: Flag('Include archived suppliers.') });
export const SupplierAnswer = Type.Object({ supplier: Supplier });
export const SupplierList = Type.Object({ suppliers: Type.Array(Supplier) });

const SupplierPrice = Type.Object(
  {
    supplier_id: Type.Integer(),
    supplier_name: Type.String(),
    supplier_archived: Type.Boolean(),
    supplier_sku: Nullable(Type.String()),
    unit_price: Type.String({ description: 'Decimal string.' }),
    pack_size: Type.Integer({ description: 'Order multiple.' }),
    preferred: Type.Boolean(),
  },
  { title: 'PurchasingSupplierPrice' },
);
export const SupplierPriceList = Type.Array(SupplierPrice);
export const SupplierPricesInput = Type.Array(
  Type.Object(
    {
      supplier_id: Id(),
      supplier_sku: OptionalText(64),
      unit_price: Money('Price per unit.'),
      pack_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
      preferred: Type.Optional(Type.Boolean({ default: false })),
    },
    Closed,
  ),
  { maxItems: 100, description: 'The whole list; at most one preferred.' },
);

const OrderLine = Type.Object(
  {
    id: Type.Integer(),
    article_id: Type.Integer(),
    article_sku: Type.String(),
    article_name: Type.String(),
    article_barcode: Nullable(Type.String({ description: 'What a scan of the article reads (receiving).' })),
    unit: Type.String(),
    supplier_sku: Nullable(Type.String()),
    quantity: Type.Number(),
    received_quantity: Type.Number(),
    open_quantity: Type.Number({ description: 'quantity − received_quantity, never below 0.' }),
    unit_price: Type.String({ description: 'Decimal string.' }),
    total: Type.String({ description: 'quantity × unit_price, rounded half-up to 4 places.' }),
  },
  { title: 'PurchaseOrderLine' },
);

const orderFields = {
  id: Type.Integer(),
  number: Type.String({ description: 'PO-<year>-<4 digits>, gap-free per warehouse and year.' }),
  supplier_id: Type.Integer(),
  supplier_name: Type.String(),
  status: StringEnum(ORDER_STATUSES),
  expected_at: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  note: Nullable(Type.String()),
  total: Type.String({ description: 'Σ quantity × unit_price (decimal string).' }),
  currency: Type.String({ description: 'ISO 4217.' }),
  ordered_at: Nullable(Type.String({ format: 'date-time' })),
  emailed_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};
const Order = Type.Object({ ...orderFields, lines: Type.Array(OrderLine) }, { title: 'PurchaseOrder' });
const OrderSummary = Type.Object({ ...orderFields, line_count: Type.Integer() }, { title: 'PurchaseOrderSummary' });

export const OrderInput = Type.Object(
  {
    supplier_id: Id(),
    expected_at: Type.Optional(Nullable(IsoDate('When the goods are expected.'))),
    note: OptionalText(1000),
    lines: Type.Array(
      Type.Object(
        {
          article_id: Id(),
          quantity: Quantity('How much to order (> 0; whole for whole-number units).'),
          unit_price: Type.Optional(Money("Default: the supplier's price of the article.")),
        },
        Closed,
      ),
      { maxItems: 500 },
    ),
  },
  Closed,
);
export const OrderQuery = Type.Object({
  status: Type.Optional(StringEnum(ORDER_STATUSES)),
  supplier_id: Type.Optional(Id()),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export const OrderAnswer = Type.Object({ order: Order });
export const OrderPage = Type.Object({ orders: Type.Array(OrderSummary), next_cursor: Nullable(Type.String()) });
export const PlaceOrderInput = Type.Object(
  { send_email: Type.Optional(Type.Boolean({ description: 'Mail the supplier the order as PDF.' })) },
  Closed,
);
export const PlaceOrderAnswer = Type.Object({
  order: Order,
  email_sent: Type.Boolean(),
});

export const ReceiptInput = Type.Object(
  {
    lines: Type.Array(
      Type.Object(
        {
          line_id: Id(),
          quantity: Quantity('Received now (> 0).'),
          location_id: Type.Optional(Nullable(Id())),
          lot: Type.Optional(Nullable(Type.String({ maxLength: 40, description: 'Not recorded yet: 422 when set.' }))),
          best_before: Type.Optional(Nullable(Type.String({ maxLength: 10, description: 'Not recorded yet.' }))),
          serials: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 }))),
        },
        Closed,
      ),
      { minItems: 1, maxItems: 500 },
    ),
    allow_over: Type.Optional(Type.Boolean({ description: 'Take more than the open quantity of a line.' })),
  },
  Closed,
);
export const ReceiptAnswer = Type.Object({ order: Order, movements: Type.Array(Movement) });

export const FromReorderInput = Type.Object(
  { article_ids: Type.Optional(Type.Array(Id(), { maxItems: 1000 })) },
  Closed,
);
export const FromReorderAnswer = Type.Object({
  orders: Type.Array(Order),
  skipped: Type.Array(
    Type.Object({
      article_id: Type.Integer(),
      reason: StringEnum(['no_supplier', 'not_low'] as const, {
        description: 'no_supplier: no preferred supplier; not_low: not on the reorder list (nothing to order).',
      }),
    }),
  ),
});

export type SupplierInput = Static<typeof SupplierInput>;
export type SupplierPricesInput = Static<typeof SupplierPricesInput>;
export type OrderInput = Static<typeof OrderInput>;

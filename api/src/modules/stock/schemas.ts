import { type TSchema, Type } from '@fastify/type-provider-typebox';
import { Id, Required, StringEnum } from '../../platform/http/schemas';
import { ARTICLE_SORTS } from './articles';
import { ALL_REASONS, BOOKING_KINDS } from './bookings';
import { MOVEMENT_KINDS } from './journal';
import { TRACKINGS } from './lots';
import { MAX_QUANTITY, UNITS } from './quantity';

/** A decimal amount with at most three places (checked per unit by the handlers). */
const Amount = (description: string) => Type.Number({ minimum: 0, maximum: MAX_QUANTITY, description });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalText = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));
/** Offline spec §2: when the booking happened on the device, if it was sent later. */
const OccurredAt = Type.Optional(
  Nullable(
    Type.String({
      maxLength: 40,
      description:
        'ISO date-time with Z or an offset (a time without one is 422) the booking happened on the device (made offline, sent later): at most 5 minutes ahead of the server, at most 7 days back, else 422 on occurred_at. Stored and shown in the journal; the journal still sorts by created_at.',
    }),
  ),
);
/** stock-spec-3 §2: the lot, serials and best-before date a booking of a tracked article names. */
const LotField = Type.Optional(
  Nullable(
    Type.String({
      maxLength: 40,
      description:
        'Lot (1–40 of A-Z a-z 0-9 - . /) of a lot article: required (422 lot.required) except for goods-out, which without it takes FEFO.',
    }),
  ),
);
const SerialsField = Type.Optional(
  Nullable(
    Type.Array(Type.String({ maxLength: 64 }), {
      maxItems: 1000,
      description: 'Serial numbers of a serial article (422 serials.required); the quantity is their count.',
    }),
  ),
);
const BestBeforeField = Type.Optional(
  Nullable(
    Type.String({
      maxLength: 10,
      description: 'ISO date; required for goods-in of an expiry article (422 best_before.required).',
    }),
  ),
);
const LotFields = { lot: LotField, serials: SerialsField, best_before: BestBeforeField };
export const TrackingSchema = StringEnum(TRACKINGS, { description: 'none, lot or serial (stock-spec-3 §2).' });
/** stock-spec-2.md §1: where a booking goes; default the article's default location, else STANDARD. */
const LocationId = Type.Optional(Nullable(Id()));
/**
 * Write bodies take only their own fields: an unknown one (`warehouse_id` in a booking) would
 * suggest a choice that is not made, so it is refused with 422 naming it (issue 27).
 */
const Closed = { additionalProperties: false } as const;
/** `low=1` as the spec writes it; `true`/`0`/`false` too. */
export const Flag = (description: string) =>
  Type.Optional(StringEnum(['1', '0', 'true', 'false'] as const, { description }));
export const isSet = (flag: string | undefined) => flag === '1' || flag === 'true';

export const Article = Type.Object(
  {
    id: Type.Integer(),
    sku: Type.String(),
    name: Type.String(),
    unit: StringEnum(UNITS),
    description: Nullable(Type.String()),
    barcode: Nullable(Type.String()),
    min_stock: Type.Number(),
    max_stock: Nullable(Type.Number({ description: 'Order up to this; null: twice the reorder level.' })),
    quantity: Type.Number(),
    low_stock: Type.Boolean(),
    on_order: Type.Number({
      description: 'Open quantity of `ordered`/`partially_received` purchase order lines (stock-spec-3 §1).',
    }),
    tracking: TrackingSchema,
    expiry: Type.Boolean({ description: 'Goods-in needs a best-before date.' }),
    average_cost: Type.Optional(
      Nullable(
        Type.String({
          description:
            'Moving average cost (decimal string, 4 places at most; stock-spec-3 §3). Only with view_stock_value.',
        }),
      ),
    ),
    value: Type.Optional(
      Nullable(Type.String({ description: 'quantity × average_cost, 2 places. Only with view_stock_value.' })),
    ),
    archived_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'StockArticle' },
);

export const Movement = Type.Object(
  {
    id: Type.Integer(),
    article_id: Type.Integer(),
    article_sku: Type.String(),
    article_name: Type.String(),
    unit: StringEnum(UNITS),
    kind: StringEnum(MOVEMENT_KINDS),
    delta: Type.Number({ description: 'Signed change of the stock.' }),
    quantity_after: Type.Number(),
    reason: Nullable(StringEnum(ALL_REASONS)),
    note: Nullable(Type.String()),
    reference: Nullable(Type.String()),
    user_id: Nullable(Type.Integer()),
    user_name: Type.String(),
    transfer_id: Nullable(Type.String()),
    reverses_id: Nullable(Type.Integer()),
    reversed_by_id: Nullable(Type.Integer()),
    created_at: Type.String({ format: 'date-time' }),
    occurred_at: Nullable(
      Type.String({ format: 'date-time', description: 'When it happened on the device, if the booking said so.' }),
    ),
    location_id: Nullable(
      Type.Integer({ description: 'Storage location booked; null on rows from before locations.' }),
    ),
    location_code: Nullable(Type.String()),
    location_quantity_after: Nullable(Type.Number({ description: "The article's stock at that location after it." })),
    purchase_order_id: Type.Optional(
      Nullable(Type.Integer({ description: 'The purchase order a receipt booked (stock-spec-3 §1).' })),
    ),
    lot: Type.Optional(Nullable(Type.String({ description: 'The lot booked (lot articles).' }))),
    serial: Type.Optional(Nullable(Type.String({ description: 'The serial booked (serial articles; one row each).' }))),
    best_before: Type.Optional(Nullable(Type.String({ format: 'date', description: "The lot's best-before date." }))),
    unit_cost: Type.Optional(
      Nullable(
        Type.String({ description: 'The cost the row was valued at (decimal string). Only with view_stock_value.' }),
      ),
    ),
    average_cost_after: Type.Optional(
      Nullable(Type.String({ description: "The article's moving average after the row. Only with view_stock_value." })),
    ),
  },
  { title: 'StockMovement' },
);

// Inlined rather than $ref'd: the routes live in an encapsulated plugin.
const ArticleRef = Article;
const MovementRef = Movement;

export const ArticleInput = Type.Object(
  {
    sku: Required(64),
    name: Required(255),
    unit: StringEnum(UNITS),
    min_stock: Amount('Reorder level: at or below it the article counts as low stock.'),
    max_stock: Type.Optional(Nullable(Amount('Maximum stock, at least min_stock: reorder suggestions fill up to it.'))),
    barcode: OptionalText(64),
    description: OptionalText(2000),
    tracking: Type.Optional(TrackingSchema),
    expiry: Type.Optional(Type.Boolean({ description: 'Goods-in needs best_before. Changed only at stock 0 (409).' })),
  },
  Closed,
);

export const ArticleQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 255, description: 'SKU, name or barcode, case-insensitive.' })),
  low: Flag('Only articles at or below their reorder level.'),
  archived: Flag('Include archived articles.'),
  sort: Type.Optional(StringEnum(ARTICLE_SORTS)),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  updated_since: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'ISO date-time: only articles changed at or after it, archived ones included, oldest change first (sort is ignored); the answer adds deleted_ids, the articles deleted since.',
    }),
  ),
});

export const JournalQuery = Type.Object({
  article_id: Type.Optional(Id()),
  kind: Type.Optional(StringEnum(MOVEMENT_KINDS)),
  user_id: Type.Optional(Id()),
  location_id: Type.Optional(Id()),
  lot: Type.Optional(Type.String({ maxLength: 64, description: 'Rows of this lot or serial number.' })),
  from: Type.Optional(Type.String({ maxLength: 40, description: 'ISO date or date-time, inclusive.' })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'ISO date (whole day included) or date-time.' })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});

export const BookingInput = Type.Object(
  {
    article_id: Id(),
    kind: StringEnum(BOOKING_KINDS),
    quantity: Amount('Amount for in/out; the counted stock for a correction.'),
    reason: Type.Optional(Nullable(StringEnum(ALL_REASONS))),
    note: OptionalText(500),
    reference: OptionalText(100),
    occurred_at: OccurredAt,
    location_id: LocationId,
    ...LotFields,
    unit_cost: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description: 'Goods-in only: price per unit (decimal string, 4 places at most; stock-spec-3 §3).',
        }),
      ),
    ),
  },
  Closed,
);

export const ReverseInput = Type.Object({ note: OptionalText(500), occurred_at: OccurredAt }, Closed);

export const TransferInput = Type.Object(
  {
    article_id: Id(),
    to_warehouse_id: Id(),
    quantity: Amount('Amount to move.'),
    note: OptionalText(500),
    occurred_at: OccurredAt,
    location_id: LocationId,
    ...LotFields,
  },
  Closed,
);

export const CountInput = Type.Object(
  {
    lines: Type.Array(
      Type.Object(
        { article_id: Id(), counted: Amount('Counted stock.'), location_id: LocationId, ...LotFields },
        Closed,
      ),
      {
        minItems: 1,
        maxItems: 1000,
      },
    ),
    note: OptionalText(500),
    occurred_at: OccurredAt,
  },
  Closed,
);

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ description: 'A UUID per form submission; a retry with the same key books nothing twice.' }),
  ),
});

export const ArticleAnswer = Type.Object({ article: ArticleRef });
export const ArticlePage = Type.Object({
  articles: Type.Array(ArticleRef),
  next_cursor: Nullable(Type.String()),
  deleted_ids: Type.Optional(
    Type.Array(Type.Integer(), { description: 'With updated_since: ids of articles deleted since then.' }),
  ),
});
export const MovementPage = Type.Object({ movements: Type.Array(MovementRef), next_cursor: Nullable(Type.String()) });
/** stock-spec-3 §2: the lots a booking of a lot article took (FEFO may split a goods-out over several). */
export const LotsTaken = Type.Array(Type.Object({ lot: Type.String(), quantity: Type.Number() }));
const TrackedParts = {
  lots: Type.Optional(LotsTaken),
  serials: Type.Optional(Type.Array(Type.String(), { description: 'Serial articles: the serials booked.' })),
  movements: Type.Optional(
    Type.Array(MovementRef, { description: 'Tracked articles: every journal row written, one per lot or serial.' }),
  ),
};
export const BookingAnswer = Type.Object({ movement: MovementRef, article: ArticleRef, ...TrackedParts });
export const UnchangedAnswer = Type.Object({
  movement: Type.Null(),
  article: ArticleRef,
  unchanged: Type.Literal(true),
  message: Type.String(),
});
export const TransferAnswer = Type.Object({ out: MovementRef, in: MovementRef, ...TrackedParts });
export const CountAnswer = Type.Object({
  movements: Type.Array(MovementRef),
  unchanged: Type.Integer({ description: 'Lines whose count equalled the stock (nothing booked).' }),
  message: Type.String(),
});
export const Summary = Type.Object({
  articles: Type.Integer(),
  low_stock: Type.Integer(),
  movements_today: Type.Integer(),
});
export const ImportAnswer = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  errors: Type.Array(Type.Object({ line: Type.Integer(), field: Type.String(), message: Type.String() })),
  message: Type.Optional(Type.String()),
  code: Type.Optional(StringEnum(['import.invalid'] as const)),
});

const errorRef = Type.Ref('ErrorBody');
type Status = 401 | 403 | 404 | 409 | 413 | 415 | 419 | 422;

/** Success bodies plus the listed error statuses (the common helper has no 409). */
export function responses(success: Record<number, TSchema>, ...errors: Status[]) {
  const out: Record<number, TSchema> = { ...success };
  for (const status of errors) out[status] = errorRef;
  return out;
}

import { type TSchema, Type } from '@fastify/type-provider-typebox';
import { Id } from '../../platform/http/schemas';
import { Flag, Movement } from '../stock';
import type { LocationRow } from './tables';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Closed = { additionalProperties: false } as const;

/** A node of the tree as the list answers it: what the tree needs, no timestamps (half the bytes). */
const nodeFields = {
  id: Type.Integer(),
  code: Type.String(),
  name: Nullable(Type.String()),
  parent_id: Nullable(Type.Integer()),
  archived_at: Nullable(Type.String({ format: 'date-time' })),
  standard: Type.Boolean({ description: "The warehouse's STANDARD location: bookings naming none go here." }),
  article_count: Type.Integer({ description: 'Articles with stock at this location (not below it).' }),
};
const LocationNode = Type.Object(nodeFields, { title: 'StockLocationNode' });

const Location = Type.Object(
  {
    ...nodeFields,
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'StockLocation' },
);

export function locationJson(row: LocationRow, articleCount = 0) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    parent_id: row.parentId,
    archived_at: row.archivedAt?.toISOString() ?? null,
    standard: row.code.toUpperCase() === 'STANDARD',
    article_count: Number(articleCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const LocationInput = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 40, description: '1–32 of A-Z 0-9 - . / (capitalised).' }),
    name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    parent_id: Type.Optional(Nullable(Id())),
  },
  Closed,
);

export const LocationQuery = Type.Object({ archived: Flag('Include archived locations.') });
export const LocationList = Type.Object({ locations: Type.Array(LocationNode) });
export const LocationAnswer = Type.Object({
  location: Location,
  path: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String() }), {
    description: 'From the root down to the location itself.',
  }),
});
export const LocationStockQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export const LocationStockPage = Type.Object({
  items: Type.Array(
    Type.Object({
      article_id: Type.Integer(),
      sku: Type.String(),
      name: Type.String(),
      unit: Type.String(),
      quantity: Type.Number(),
      archived: Type.Boolean(),
    }),
  ),
  next_cursor: Nullable(Type.String()),
});
export const ArticleLocations = Type.Object({
  default_location_id: Nullable(Type.Integer()),
  locations: Type.Array(
    Type.Object({
      location_id: Type.Integer(),
      code: Type.String(),
      name: Nullable(Type.String()),
      quantity: Type.Number(),
    }),
  ),
});
export const DefaultLocationInput = Type.Object({ location_id: Nullable(Id()) }, Closed);

export const RelocationInput = Type.Object(
  {
    article_id: Id(),
    from_location_id: Id(),
    to_location_id: Id(),
    quantity: Type.Number({ minimum: 0, maximum: 99_999_999_999, description: 'Amount to move.' }),
    note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    occurred_at: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    lot: Type.Optional(
      Nullable(Type.String({ maxLength: 40, description: 'Lot to move (lot articles); without it FEFO.' })),
    ),
    serials: Type.Optional(
      Nullable(
        Type.Array(Type.String({ maxLength: 64 }), {
          maxItems: 1000,
          description: 'Serials to move (serial articles).',
        }),
      ),
    ),
  },
  Closed,
);
export const RelocationAnswer = Type.Object({
  out: Movement,
  in: Movement,
  movements: Type.Optional(
    Type.Array(Movement, { description: 'Tracked articles: one row per lot or serial and side.' }),
  ),
});

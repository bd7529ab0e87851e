import { Type } from '@fastify/type-provider-typebox';

const DigestWarehouse = Type.Object(
  {
    warehouse_id: Type.Integer(),
    name: Type.String(),
    subscribed: Type.Boolean(),
    hour: Type.Union([Type.Integer({ minimum: 0, maximum: 23 }), Type.Null()]),
    time_zone: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'DigestSubscription' },
);

export const DigestList = Type.Object({ warehouses: Type.Array(DigestWarehouse) });
export const DigestAnswer = Type.Object({ subscription: DigestWarehouse });

export const DigestInput = Type.Object(
  {
    hour: Type.Integer({ minimum: 0, maximum: 23, description: 'Local hour the digest is sent at.' }),
    time_zone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Berlin.' }),
  },
  { additionalProperties: false },
);

export const WarehouseParam = Type.Object({ warehouse_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const TokenQuery = Type.Object({ token: Type.String({ maxLength: 100 }) });

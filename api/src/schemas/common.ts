import { type TInteger, type TSchema, Type } from '@fastify/type-provider-typebox';
import type { UserRow } from '../context';

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { $id: 'ErrorBody' },
);

export const MessageBody = Type.Object({ message: Type.String() });

export const UserBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  email_verified_at: Type.Union([Type.String(), Type.Null()]),
  current_warehouse_id: Type.Union([Type.Integer(), Type.Null()]),
});

export const WarehouseBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  industry_id: Type.Integer(),
  usage_id: Type.Integer(),
});

export const NamedOption = Type.Object({ id: Type.Integer(), name: Type.String() });

export const PermissionBody = Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.String() });

export const RoleBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
});

export const RoleDetailBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  permissions: Type.Array(PermissionBody),
});

/** A required, non-blank string (blank counts as missing, as in Laravel). */
export const Required = (max = 255) => Type.String({ minLength: 1, maxLength: max });
export const Email = () => Type.String({ minLength: 1, maxLength: 255, format: 'email' });
export const Password = () => Type.String({ minLength: 8, maxLength: 255 });
export const Id = () => Type.Integer({ minimum: 1 });
export const IdParam = <K extends string>(name: K) =>
  Type.Object({ [name]: Type.Integer({ minimum: 1 }) } as Record<K, TInteger>);

const errorRef = Type.Ref('ErrorBody');
type Status = 400 | 401 | 403 | 404 | 419 | 422 | 429;

/** Response schemas: the success bodies plus the listed error statuses. */
export function responses(success: Record<number, TSchema>, ...errors: Status[]) {
  const out: Record<number, TSchema> = { ...success };
  for (const status of errors) out[status] = errorRef;
  return out;
}

/** The user as the web app reads it (dates as ISO strings). */
export function userJson(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: user.emailVerifiedAt ? user.emailVerifiedAt.toISOString() : null,
    current_warehouse_id: user.currentWarehouseId,
  };
}

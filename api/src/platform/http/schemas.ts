import { type Static, type TInteger, type TSchema, Type } from '@fastify/type-provider-typebox';
import { ALL_PERMISSION_NAMES, ERROR_CODES, LIMITS } from '@lager/contract';

/**
 * A string that must be one of `values`, written as `{type: string, enum: [...]}` so the
 * OpenAPI document (and the client generated from it) carries the literal union.
 */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

const ErrorCodeSchema = StringEnum(ERROR_CODES, { description: 'Stable, language-independent error code.' });
export const PermissionNameSchema = StringEnum(ALL_PERMISSION_NAMES);

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: ErrorCodeSchema,
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { $id: 'ErrorBody' },
);

/**
 * A schema registered once under `$id` (so the OpenAPI document names it in `components` and the
 * generated client has one type for it) and referenced from every route that uses it.
 */
const shared: TSchema[] = [];
function named<T extends TSchema>(id: string, schema: T) {
  shared.push({ ...schema, $id: id });
  return Type.Unsafe<Static<T>>(Type.Ref(id));
}
/** Every named schema; registered on the app before the routes. */
export const sharedSchemas = () => shared;

export const MessageBody = named('Message', Type.Object({ message: Type.String() }));

export const UserBody = named(
  'User',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    email_verified_at: Type.Union([Type.String(), Type.Null()]),
    current_warehouse_id: Type.Union([Type.Integer(), Type.Null()]),
    is_operator: Type.Optional(
      Type.Boolean({
        description:
          'GET /api/user only: a verified user whose e-mail is in OPERATOR_EMAILS (shows the Releases section).',
      }),
    ),
  }),
);

export const WarehouseFields = {
  id: Type.Integer(),
  name: Type.String(),
  industry_id: Type.Integer(),
  usage_id: Type.Integer(),
};
export const WarehouseBody = named('Warehouse', Type.Object(WarehouseFields));

export const NamedOption = named('NamedOption', Type.Object({ id: Type.Integer(), name: Type.String() }));

export const PermissionBody = named(
  'Permission',
  Type.Object({ id: Type.Integer(), name: PermissionNameSchema, description: Type.String() }),
);

export const RoleBody = named(
  'Role',
  Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.Union([Type.String(), Type.Null()]) }),
);

export const RoleDetailBody = named(
  'RoleDetail',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    permissions: Type.Array(PermissionBody),
  }),
);

/** A required, non-blank string (blank counts as missing, as in Laravel). */
export const Required = (max: number = LIMITS.nameMax) => Type.String({ minLength: 1, maxLength: max });
export const Email = () => Type.String({ minLength: 1, maxLength: LIMITS.emailMax, format: 'email' });
export const Password = () => Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax });
/** A database id: PostgreSQL's integer, so a larger number can never reach a query. */
const MAX_ID = 2_147_483_647;
export const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID });
export const IdParam = <K extends string>(name: K) => Type.Object({ [name]: Id() } as Record<K, TInteger>);

const errorRef = Type.Ref('ErrorBody');
type Status = 400 | 401 | 403 | 404 | 419 | 422 | 429;

/** Response schemas: the success bodies plus the listed error statuses. */
export function responses(success: Record<number, TSchema>, ...errors: Status[]) {
  const out: Record<number, TSchema> = { ...success };
  for (const status of errors) out[status] = errorRef;
  return out;
}

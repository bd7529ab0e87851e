import type { ErrorCode } from '@lager/contract';
import type { MessageKey, Vars } from './i18n';

export interface FieldMessage {
  key: MessageKey;
  vars?: Vars;
}

export type FieldErrors = Record<string, FieldMessage[]>;

/**
 * A failure the client should see. Handlers throw it; the one error handler translates it
 * into `{message, code, errors}` in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly code: ErrorCode,
    readonly options: { vars?: Vars; errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', 'auth.unauthenticated');
export const forbidden = (key: MessageKey = 'forbidden', code: ErrorCode = 'auth.forbidden') =>
  new AppError(403, key, code);
export const notFound = (key: MessageKey = 'notFound', code: ErrorCode = 'not_found') => new AppError(404, key, code);

/** 422 in Laravel's shape for one or more fields; the message is the first field's text. */
export function validationError(errors: FieldErrors, code: ErrorCode = 'validation.failed'): AppError {
  const first = Object.values(errors)[0]?.[0];
  return new AppError(422, first?.key ?? 'validation.invalid', code, { vars: first?.vars, errors });
}

export const fieldError = (field: string, key: MessageKey, code?: ErrorCode, vars: Vars = {}) =>
  validationError({ [field]: [{ key, vars: { field: field.replace(/_/g, ' '), ...vars } }] }, code);

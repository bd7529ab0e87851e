import { type ErrorMessage, type ErrorTable, errorMessage, normalizeError } from '@lager/shared';

/**
 * errorMessage, also right on a shell older than this section. The error codes are known to the
 * `@lager/shared` the shell provides: a shell built before purchasing existed turns `purchasing.*`
 * and `purchase_order.*` into what their status says (409 unknown, 422 validation.failed), so what the
 * table cannot name is told from the status and the fields the server named.
 */
export function purchasingError(error: unknown, table: ErrorTable): ErrorMessage {
  const message = errorMessage(error, table);
  if (message.key !== table.fallback) return message;
  const { status, errors } = normalizeError(error);
  const fields = Object.keys(errors ?? {});
  if (status === 409) return { key: 'errors.wrongStatus' };
  if (status === 404) return { key: 'errors.notFound' };
  if (status === 422 && fields.includes('send_email')) return { key: 'errors.noEmail' };
  if (status === 422 && fields.some((field) => /^lines\.\d+\.quantity$/.test(field))) {
    return { key: 'errors.quantityRefused' };
  }
  return message;
}

import { AppError, type FieldErrors, fieldError, notFound, validationError } from '../errors';

/** What PostgreSQL (and PGlite) attach to a failed statement; drizzle wraps it as `cause`. */
interface PgError {
  code: string;
  detail?: string;
  table?: string;
  constraint?: string;
  message: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended|terminating connection|the database system is (starting up|shutting down)|Client was closed/i;

/** The driver error somewhere in the cause chain (drizzle's DrizzleQueryError → pg DatabaseError). */
function driverErrorOf(error: unknown): (Error & { code?: string }) | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as Error & { code?: string };
    if (typeof candidate.code === 'string') return candidate;
    if (CONNECTION_MESSAGES.test(candidate.message ?? ''))
      return { ...candidate, message: candidate.message, code: '' };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** `Key (owner_id, name)=(3, x) already exists.` → ['owner_id', 'name']. */
const keyColumns = (detail = '') =>
  (/Key \(([^)]*)\)/.exec(detail)?.[1] ?? '')
    .split(',')
    .map((c) => c.trim().replace(/"/g, ''))
    .filter(Boolean);

/** `... is not present in table "warehouses".` → 'warehouses'. */
const referencedTable = (detail = '') => /not present in table "([^"]+)"/.exec(detail)?.[1];

/**
 * What a module's table means to a client when a statement collides with it: `unique`, the 422 a
 * route's own check would have given (two requests raced past it), on the field the user typed
 * (null: no special answer); `missing`, the answer when a row the statement refers to was deleted meanwhile.
 * Each module declares them for its tables (`tableErrors` of its face); app.ts registers them here.
 */
export interface TableErrors {
  [table: string]: { unique?: (columns: string[]) => AppError | null; missing?: () => AppError };
}

const tableErrors: TableErrors = {};

export function registerTableErrors(errors: TableErrors): void {
  Object.assign(tableErrors, errors);
}

function uniqueViolation(error: PgError): AppError {
  const columns = keyColumns(error.detail);
  const known = tableErrors[error.table ?? '']?.unique?.(columns);
  if (known) return known;
  const field = columns.find((c) => c !== 'id' && !c.endsWith('_id')) ?? columns.at(-1) ?? 'body';
  return fieldError(field === 'permission_id' ? 'permissions' : field, 'validation.invalid', 'validation.failed');
}

/** A row the statement refers to was deleted meanwhile (e.g. create role ‖ delete warehouse). */
function foreignKeyViolation(error: PgError): AppError {
  const table = referencedTable(error.detail);
  const [column] = keyColumns(error.detail);
  const missing = table ? tableErrors[table]?.missing : undefined;
  if (missing) return missing();
  if (column && table && ['industries', 'usages', 'permissions'].includes(table)) {
    const field = table === 'permissions' ? 'permissions' : column;
    const errors: FieldErrors = { [field]: [{ key: 'validation.exists', vars: { field: field.replace(/_/g, ' ') } }] };
    return validationError(errors);
  }
  return notFound();
}

const databaseUnavailable = () =>
  new AppError(503, 'serviceUnavailable', 'service.unavailable', { headers: { 'retry-after': '5' } });

/**
 * Maps what the database refused to the contract's answers instead of a 500: unique keys → 422 on the
 * field, vanished rows → 404/422, values PostgreSQL cannot store → 422, an unreachable database → 503.
 * Returns null for real bugs (those stay 500 and are logged).
 */
export function mapDatabaseError(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  const driver = driverErrorOf(error);
  if (!driver) return null;
  const code = driver.code ?? '';
  if (CONNECTION_CODES.has(code) || CONNECTION_MESSAGES.test(driver.message)) return databaseUnavailable();
  if ((error as Error).name === 'DatabaseUnavailableError') return databaseUnavailable();
  if (!SQLSTATE.test(code)) return null;
  const pg = driver as PgError;
  if (code === '23505') return uniqueViolation(pg);
  if (code === '23503') return foreignKeyViolation(pg);
  // 08 connection exception, 57P0x admin/crash shutdown, 53 insufficient resources.
  if (/^(08|57P|53)/.test(code)) return databaseUnavailable();
  // 40001 serialization failure, 40P01 deadlock: the client may simply try again.
  if (code.startsWith('40')) return databaseUnavailable();
  // 22 data exception (out of range, invalid text, NUL byte, too long), 23502/23514 not null / check.
  if (code.startsWith('22') || code === '23502' || code === '23514') {
    return validationError({ body: [{ key: 'validation.invalid', vars: { field: 'body' } }] });
  }
  return null;
}

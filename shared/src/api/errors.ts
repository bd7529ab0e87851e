import { ERROR_CODES, type ErrorCode } from '@lager/contract';
import { isAxiosError } from 'axios';

/**
 * Codes the web app gives failures the API did not name: no answer at all (`network`),
 * or an answer this app cannot place (`unknown`).
 */
export type AppErrorCode = ErrorCode | 'network' | 'unknown';

/** The one error shape every screen sees, whatever went wrong on the wire. */
export interface ApiError {
  /** HTTP status, or 0 when no answer arrived (network down, CORS, timeout). */
  status: number;
  /** Stable and language-independent: what screens map to their texts (never `message`). */
  code: AppErrorCode;
  /** The server's text, for logs only: screens show catalogue texts. */
  message: string;
  /** Laravel's `errors` per field. */
  errors?: Record<string, string[]>;
  /** Seconds from `Retry-After` on a 429. */
  retryAfter?: number;
}

/**
 * One endpoint's failures as catalogue keys (spec §8): its codes, for a validation failure
 * the first field it names, else `fallback`. Every endpoint file exports its table.
 */
export type ErrorTable = { [C in AppErrorCode]?: string } & {
  fallback: string;
  /** A validation failure (`validation.failed`) naming one of these fields. */
  fields?: Record<string, string>;
};

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

interface Answer {
  status: number;
  path: string;
  texts: string[];
  fields: Record<string, string[]>;
}

const says = (answer: Answer, ...snippets: string[]) =>
  answer.texts.some((text) => snippets.some((snippet) => text.includes(snippet)));
const fieldSays = (answer: Answer, field: string, ...snippets: string[]) =>
  (answer.fields[field] ?? []).some((text) => snippets.some((snippet) => text.includes(snippet)));
const names = (answer: Answer, field: string) => !!answer.fields[field]?.length;

/**
 * A backend without codes (the Laravel original): the texts, fields and statuses that
 * ../shared/spec/api-contract.md quotes, in English and German, mapped to the codes our
 * API sends. This is the only place in the web app that reads a server text.
 */
const LEGACY_RULES: ReadonlyArray<readonly [ErrorCode, (answer: Answer) => boolean]> = [
  ['auth.failed', (a) => says(a, 'These credentials do not match our records.', 'Diese Kombination aus Zugangsdaten')],
  [
    'password.current_incorrect',
    (a) =>
      a.status === 422 &&
      (names(a, 'current_password') ||
        says(a, 'Das aktuelle Passwort ist nicht korrekt.', 'The current password is incorrect.')),
  ],
  ['password.incorrect', (a) => a.status === 403 && says(a, 'Incorrect password', 'Falsches Passwort')],
  [
    'email.taken',
    (a) =>
      a.status === 422 &&
      fieldSays(a, 'email', 'already taken', 'already been taken', 'validation.unique', 'bereits vergeben'),
  ],
  ['reset.invalid_token', (a) => says(a, 'Invalid or expired token.')],
  ['auth.unverified', (a) => a.status === 403 && says(a, 'Your email address is not verified.')],
  [
    'invite.not_registered',
    (a) =>
      says(
        a,
        'This email is not associated with a registered user.',
        'Diese E-Mail-Adresse gehört zu keinem registrierten Benutzer.',
      ),
  ],
  ['invite.self', (a) => says(a, 'You cannot invite yourself.', 'Sie können sich nicht selbst einladen.')],
  [
    'invite.already_member',
    (a) =>
      says(a, 'The user is already a member of this warehouse.', 'Der Benutzer ist bereits Mitglied dieses Lagers.'),
  ],
  [
    'invite.exists',
    (a) =>
      says(a, 'An invitation for this user already exists.', 'Für diesen Benutzer existiert bereits eine Einladung.'),
  ],
  // A processed invitation is the only 400 of the contract.
  [
    'invitation.processed',
    (a) =>
      says(a, 'This invitation has already been processed.', 'Diese Einladung wurde bereits bearbeitet.') ||
      (a.status === 400 && a.path.includes('invitations/')),
  ],
  // "duplicate warehouse name: 422 errors.name"; the same for roles.
  [
    'warehouse.name_taken',
    (a) => a.status === 422 && names(a, 'name') && /admin\/warehouse$|warehouses\/edit\//.test(a.path),
  ],
  ['role.name_taken', (a) => a.status === 422 && names(a, 'name') && /createrole|updaterole/.test(a.path)],
];

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'request.invalid',
  401: 'auth.unauthenticated',
  403: 'auth.forbidden',
  404: 'not_found',
  419: 'csrf.mismatch',
  422: 'validation.failed',
  429: 'auth.throttled',
};

function inferCode(answer: Answer): AppErrorCode {
  if (answer.status === 0) return 'network';
  const rule = LEGACY_RULES.find(([, matches]) => matches(answer));
  if (rule) return rule[0];
  if (answer.status >= 500) return 'server_error';
  return CODE_BY_STATUS[answer.status] ?? 'unknown';
}

function asFieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(value)) {
    out[field] = Array.isArray(list) ? list.map(String) : [String(list)];
  }
  return out;
}

function retryAfterSeconds(header: unknown): number | undefined {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** Every failure (axios, RTK Query, thrown) as an ApiError with a stable code. */
export function normalizeError(error: unknown): ApiError {
  // Axios errors first: they too carry a numeric `status` and a string `code` ('ERR_BAD_REQUEST').
  if (!isAxiosError(error)) {
    if (isApiError(error)) return error;
    return { status: 0, code: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
  const status = error.response?.status ?? 0;
  const body = (error.response?.data ?? {}) as { message?: unknown; code?: unknown; errors?: unknown };
  const message = typeof body.message === 'string' ? body.message : error.message;
  const errors = asFieldErrors(body.errors);
  const sent = typeof body.code === 'string' && KNOWN_CODES.has(body.code) ? (body.code as ErrorCode) : undefined;
  const code =
    sent ??
    inferCode({
      status,
      path: error.config?.url ?? '',
      texts: [message, ...Object.values(errors ?? {}).flat()],
      fields: errors ?? {},
    });
  const retryAfter = status === 429 ? retryAfterSeconds(error.response?.headers?.['retry-after']) : undefined;
  return { status, code, message, ...(errors && { errors }), ...(retryAfter !== undefined && { retryAfter }) };
}

export function isApiError(value: unknown): value is ApiError {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).code === 'string' &&
    typeof (value as ApiError).message === 'string'
  );
}

/** The catalogue key for a failure, by the endpoint's table (see ErrorTable). */
export function errorKey(error: unknown, table: ErrorTable): string {
  const { code, errors } = normalizeError(error);
  if (code !== 'validation.failed') return table[code] ?? table.fallback;
  const field = Object.keys(errors ?? {}).find((name) => table.fields?.[name]);
  return (field && table.fields?.[field]) || table['validation.failed'] || table.fallback;
}

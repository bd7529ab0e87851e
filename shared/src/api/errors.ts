import { ERROR_CODES, type ErrorCode } from '@lager/contract';
import { isAxiosError } from 'axios';
import type { Language } from '../constants';
import { currentLanguage } from '../i18n/i18n';

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
  /** Fields a 422 called too long, with the limit it named (read from the field texts here only). */
  tooLong?: Record<string, number>;
  /** Values the server's text names (`available` of `stock.insufficient`), and that text's language. */
  details?: { language: Language; values: Record<string, string>; context?: string };
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

/**
 * "must not be greater than 255 characters" (our API, Laravel), "may not be greater than 255",
 * "darf maximal 255 Zeichen": the fields a 422 refused as too long, with the limit.
 */
const TOO_LONG = /(?:greater than|at most|maximal|höchstens)\s+(\d+)\s+(?:characters|Zeichen)/i;
function tooLongFields(errors: Record<string, string[]>): Record<string, number> | undefined {
  const found = Object.entries(errors).flatMap(([field, texts]) => {
    const limit = texts.map((text) => TOO_LONG.exec(text)?.[1]).find(Boolean);
    return limit ? [[field, Number(limit)] as const] : [];
  });
  return found.length ? Object.fromEntries(found) : undefined;
}

/**
 * Codes whose text names a value the wire has no field for, as api/src messages word it:
 * stock-spec.md wants the available quantity ("12 Stk.", formatted by the API) in the refusal.
 */
const TEXT_VALUES: { [C in ErrorCode]?: { context?: string; patterns: Record<Language, RegExp> }[] } = {
  'stock.insufficient': [
    {
      patterns: {
        de: /^Nicht genug Bestand: (?<available>.+) verfügbar\.$/,
        en: /^Not enough stock: (?<available>.+) available\.$/,
      },
    },
    // stock-spec-2.md §1: per storage location, naming it (the catalogue's `<key>_location`).
    {
      context: 'location',
      patterns: {
        de: /^Nicht genug Bestand am Lagerplatz (?<location>[^:]+): (?<available>.+) verfügbar\.$/,
        en: /^Not enough stock at location (?<location>[^:]+): (?<available>.+) available\.$/,
      },
    },
  ],
  // A location that still holds stock names it: "A-03-2: 5 × SKU-1, …".
  'location.has_stock': [
    {
      patterns: {
        de: /^Dort liegt noch Bestand: (?<stock>.+)\. Lagern Sie ihn zuerst um oder buchen Sie ihn aus\.$/,
        en: /^Stock still lies there: (?<stock>.+)\. Relocate or book it out first\.$/,
      },
    },
  ],
};
function textDetails(code: AppErrorCode, message: string): ApiError['details'] {
  for (const { context, patterns } of TEXT_VALUES[code as ErrorCode] ?? []) {
    for (const [language, pattern] of Object.entries(patterns)) {
      const values = pattern.exec(message)?.groups;
      if (values) return { language: language as Language, values: { ...values }, ...(context && { context }) };
    }
  }
  return undefined;
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
  const tooLong = status === 422 && errors ? tooLongFields(errors) : undefined;
  const details = textDetails(code, message);
  return {
    status,
    code,
    message,
    ...(errors && { errors }),
    ...(retryAfter !== undefined && { retryAfter }),
    ...(tooLong && { tooLong }),
    ...(details && { details }),
  };
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

/** A catalogue key and the values it interpolates. */
export interface ErrorMessage {
  key: string;
  values?: Record<string, unknown>;
}

const THROTTLED: ReadonlySet<AppErrorCode> = new Set(['auth.throttled', 'throttle']);

/**
 * What a form says about a failure: `errorKey`'s key, except that a throttled request (429) says
 * so with the seconds of `Retry-After` unless the table names its own key. Values the server's
 * text named (in the screen's language) go with i18next's context `detail`: the catalogue's
 * `<key>_detail` says them, the plain key stays the sentence for an answer without them. Any other
 * 429 (`mail.too_many`) hands its Retry-After on as whole `minutes` with context `wait`: the
 * catalogue's `<key>_wait` says them.
 */
export function errorMessage(error: unknown, table: ErrorTable): ErrorMessage {
  const failure = normalizeError(error);
  if (THROTTLED.has(failure.code) && !table[failure.code]) {
    return failure.retryAfter
      ? { key: 'common:errors.throttled', values: { count: failure.retryAfter } }
      : { key: 'common:errors.throttledRetryLater' };
  }
  const key = errorKey(failure, table);
  const { details } = failure;
  if (details && details.language === currentLanguage()) {
    return { key, values: { ...details.values, context: details.context ?? 'detail' } };
  }
  if (failure.status === 429 && failure.retryAfter !== undefined && !THROTTLED.has(failure.code)) {
    return { key, values: { minutes: Math.max(1, Math.ceil(failure.retryAfter / 60)), context: 'wait' } };
  }
  return { key };
}

export const isThrottled = (error: unknown): boolean => THROTTLED.has(normalizeError(error).code);

/**
 * A 422's messages per field, for the fields a form has (`known`): a code that names the field
 * (`warehouse.name_taken` on `name`, the first field named) its table key, a field the server called too long
 * `common:errors.tooLong` with the limit, else the table's `fields` key or
 * `common:errors.fieldRejected`. Never the server's text.
 */
export function fieldErrorMessages(
  error: unknown,
  table: ErrorTable,
  known: readonly string[],
): Record<string, ErrorMessage> {
  const { status, code, errors, tooLong } = normalizeError(error);
  if (status !== 422 || !errors) return {};
  const out: Record<string, ErrorMessage> = {};
  // A specific code is about the first field the answer names (the API lists that one first).
  const [first] = Object.keys(errors);
  for (const field of Object.keys(errors).filter((name) => known.includes(name))) {
    const limit = tooLong?.[field];
    const byCode = code !== 'validation.failed' && field === first ? table[code] : undefined;
    out[field] = limit
      ? { key: 'common:errors.tooLong', values: { max: limit } }
      : { key: byCode ?? table.fields?.[field] ?? 'common:errors.fieldRejected' };
  }
  return out;
}

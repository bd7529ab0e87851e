import { isAxiosError } from 'axios';

/** The one error shape every screen sees, whatever went wrong on the wire. */
export interface ApiError {
  /** HTTP status, or 0 when no answer arrived (network down, CORS, timeout). */
  status: number;
  code?: string;
  message: string;
  errors?: Record<string, string[]>;
}

interface ServerErrorBody {
  message?: unknown;
  code?: unknown;
  errors?: unknown;
}

function asFieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(value)) {
    out[field] = Array.isArray(list) ? list.map(String) : [String(list)];
  }
  return out;
}

export function normalizeError(error: unknown): ApiError {
  if (isAxiosError(error)) {
    const status = error.response?.status ?? 0;
    const body = (error.response?.data ?? {}) as ServerErrorBody;
    return {
      status,
      code: typeof body.code === 'string' ? body.code : undefined,
      message: typeof body.message === 'string' ? body.message : error.message,
      errors: asFieldErrors(body.errors),
    };
  }
  if (isApiError(error)) return error;
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

export function isApiError(value: unknown): value is ApiError {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).message === 'string'
  );
}

/** True when the error names this field (Laravel-style `errors.{field}`). */
export function hasFieldError(error: ApiError, field: string): boolean {
  return !!error.errors?.[field]?.length;
}

export function messageIncludes(error: ApiError, text: string): boolean {
  return (
    error.message.includes(text) ||
    Object.values(error.errors ?? {})
      .flat()
      .some((m) => m.includes(text))
  );
}

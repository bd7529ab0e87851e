import { type ApiError, i18n, LANGUAGES } from '@lager/shared';
import { NS } from './namespace';

/**
 * The API contract: map the stable `code` first, then fall back to the server's
 * message text in either language (a backend without codes still maps). The
 * catalogue texts are the server texts, so both languages are read from there.
 */
export function matchesServerText(error: ApiError, codes: readonly string[], key: string): boolean {
  if (error.code && codes.includes(error.code)) return true;
  const message = error.message.trim();
  return LANGUAGES.some((lng) => i18n.getFixedT(lng, NS)(key) === message);
}

// axios's own wording when the answer carried no message: not a text for users.
const AXIOS_FALLBACK = /^Request failed with status code \d+$/;

/** The server's own text for a failed call, when an answer with a message arrived. */
export function serverMessage(error: ApiError): string | undefined {
  const message = error.message.trim();
  return error.status > 0 && message && !AXIOS_FALLBACK.test(message) ? message : undefined;
}

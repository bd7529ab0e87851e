import { routePatterns } from './routes';

/** The login page's query parameter that names where to continue after login. */
export const NEXT_PARAM = 'next';
/** `reason=session-ended`: the login page says that the session ended (spec: defect 9 of issue 16). */
export const REASON_PARAM = 'reason';
export const SESSION_ENDED = 'session-ended';

const ORIGIN = 'https://lager.invalid';
const LOGGED_OUT_PAGES: readonly string[] = [
  routePatterns.login,
  routePatterns.register,
  routePatterns.forgotpassword,
  routePatterns.resetpassword,
];

/**
 * `value` as a path of this app (path, query and hash), or null: only a same-origin path may be
 * a place to continue after login. Rejected: anything with a scheme (`https:`, `javascript:`),
 * protocol-relative `//host`, backslashes (`/\host`, which browsers read as `//host`), control
 * characters and whitespace, and the logged-out pages themselves (they would loop).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  if (/[\\\u0000-\u0020\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || !url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
  if (LOGGED_OUT_PAGES.includes(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return url.pathname + url.search + url.hash;
}

/** `/login`, remembering where to continue (when that is a safe path) and why the user is there. */
export function loginPath(next?: string | null, reason?: typeof SESSION_ENDED): string {
  const params = new URLSearchParams();
  const path = safeReturnPath(next);
  if (path && path !== '/') params.set(NEXT_PARAM, path);
  if (reason) params.set(REASON_PARAM, reason);
  const query = params.toString();
  return query ? `${routePatterns.login}?${query}` : routePatterns.login;
}

/** The safe place to continue named by a login page's query string, or null. */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(NEXT_PARAM));
}

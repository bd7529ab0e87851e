import axios, { type InternalAxiosRequestConfig } from 'axios';
import { getRuntimeConfig } from '../config/runtime-config';
import { currentLanguage } from '../i18n/i18n';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const CSRF_COOKIE_PATH = 'sanctum/csrf-cookie';
const SAFE_METHODS = new Set(['get', 'head', 'options']);

export function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** The one HTTP client of the app: cookies, XSRF and language on every call. */
export const http = axios.create({
  withCredentials: true,
  headers: { Accept: 'application/json' },
});

/**
 * Fetches the anti-forgery cookie. Resolves to whether our API says a user is signed in
 * (`X-Lager-Signed-In`), or `undefined` when the backend does not say (the Laravel original).
 */
export async function fetchCsrfCookie(): Promise<boolean | undefined> {
  const response = await http.get(CSRF_COOKIE_PATH);
  const signedIn = response.headers?.['x-lager-signed-in'];
  return signedIn === '1' ? true : signedIn === '0' ? false : undefined;
}

async function prepare(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  // Same origin ('') must still mean the site root: a relative 'api/user' would otherwise
  // resolve against the page path (/admin/user/roles → /admin/user/api/user).
  config.baseURL = getRuntimeConfig().apiBaseUrl || '/';
  config.headers.set('Accept-Language', currentLanguage());
  const method = (config.method ?? 'get').toLowerCase();
  if (!SAFE_METHODS.has(method)) {
    // Sanctum's double-submit check: make sure a token exists before the write.
    if (!readCookie(XSRF_COOKIE)) await fetchCsrfCookie();
    const token = readCookie(XSRF_COOKIE);
    if (token) config.headers.set(XSRF_HEADER, token);
  }
  return config;
}

http.interceptors.request.use(prepare);

// An expired session answers 419 once: get a fresh token and repeat the write once.
http.interceptors.response.use(undefined, async (error) => {
  const config = error?.config as (InternalAxiosRequestConfig & { csrfRetried?: boolean }) | undefined;
  if (error?.response?.status === 419 && config && !config.csrfRetried) {
    config.csrfRetried = true;
    await fetchCsrfCookie();
    return http.request(config);
  }
  return Promise.reject(error);
});

import type { User } from '@lager/shared';
import {
  API,
  HttpResponse,
  renderWithProviders,
  rest,
  sessionHandlers,
  setupApiServer,
  stubReload,
} from '@lager/shared/testing';
import AccountRoutes from '../app/AccountRoutes';

/** The whole section as the shell mounts it (at /*), so links and redirects behave as in the app. */
export const mountAccount = (route: string, language: 'de' | 'en' = 'en') =>
  renderWithProviders(<AccountRoutes />, { route, path: '/*', language });

/**
 * One test file's API double with the session of `user` (null: logged out) and the recorder that
 * stands in for browser.reload (see stubReload).
 */
export function setupAccountTest(user: User | null) {
  return { server: setupApiServer(...sessionHandlers(user)), reload: stubReload() };
}

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * An MSW handler that records what was sent (JSON body, or the query for GETs) and answers
 * with the given status and body; `hold` keeps the answer back until released.
 */
export function answer(method: Method, path: string, status: number, body: unknown = {}) {
  const sent: unknown[] = [];
  let release: () => void = () => {};
  let held: Promise<void> | undefined;
  const handler = rest[method](`${API}/${path}`, async ({ request }) => {
    const url = new URL(request.url);
    sent.push(method === 'get' ? Object.fromEntries(url.searchParams) : await request.json().catch(() => null));
    if (held) await held;
    return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json(body as object, { status });
  });
  return {
    handler,
    sent,
    hold() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
  };
}

/** Everything stored in localStorage, to prove no password ever lands there. */
export const storedText = () =>
  Object.keys(window.localStorage)
    .map((k) => `${k}=${window.localStorage.getItem(k)}`)
    .join('\n');

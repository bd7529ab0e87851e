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
import { fireEvent, screen } from '@testing-library/react';
import AccountRoutes from '../app/AccountRoutes';

/** The whole section as the shell mounts it (at /*), so links and redirects behave as in the app. */
export const mountAccount = (route: string, language: 'de' | 'en' = 'en') =>
  renderWithProviders(<AccountRoutes />, { route, path: '/*', language });

/** /user (my account) in `language`, once its heading is there. */
export async function openUserScreen(language: 'de' | 'en' = 'en') {
  const view = mountAccount('/user', language);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/**
 * One test file's API double with the session of `user` (null: logged out) and the recorder that
 * stands in for browser.reload (see stubReload).
 */
export function setupAccountTest(user: User | null) {
  return { server: setupApiServer(...sessionHandlers(user), noDigests), reload: stubReload() };
}

/** The profile page's low-stock digest card: no warehouse to subscribe to (the card stays away). */
const noDigests = rest.get(`${API}/api/digests`, () => HttpResponse.json({ warehouses: [] }));

/**
 * A test file's API double (`handlers`, logged out unless they say otherwise) for a browser whose
 * XSRF cookie exists already: a write goes straight out, with no sanctum/csrf-cookie call first.
 * Real timers come back after each test.
 */
export function setupWithXsrfCookie(...handlers: Parameters<typeof setupApiServer>) {
  const server = setupApiServer(...handlers, answer('get', 'sanctum/csrf-cookie', 204).handler, noDigests);
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => jest.useRealTimers());
  return server;
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

/**
 * Types `fields` (label → text) into the form at `route`, then unmounts it and mounts it again, as
 * leaving the page and coming back does: what the form kept is on screen afterwards.
 */
export async function remountAfterTyping(route: string, fields: Record<string, string>) {
  const first = mountAccount(route);
  for (const [label, text] of Object.entries(fields)) await first.user.type(screen.getByLabelText(label), text);
  first.unmount();
  return mountAccount(route);
}

/** An `answer` in front of the test file's other handlers, for the rest of this test. */
export function answerOn(
  server: ReturnType<typeof setupApiServer>,
  method: Method,
  path: string,
  status: number,
  body: unknown = {},
) {
  const answered = answer(method, path, status, body);
  server.use(answered.handler);
  return answered;
}

/** The form stopped itself: `text` in its alert, and nothing reached the endpoint. */
export async function expectNotSent(endpoint: { sent: unknown[] }, text: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(endpoint.sent).toEqual([]);
}

/** Sends the form of `button` twice in a row, as a double click or a double Enter does. */
export function submitTwice(button: HTMLElement) {
  const form = button.closest('form')!;
  fireEvent.submit(form);
  fireEvent.submit(form);
}

/** Everything stored in localStorage, to prove no password ever lands there. */
export const storedText = () =>
  Object.keys(window.localStorage)
    .map((k) => `${k}=${window.localStorage.getItem(k)}`)
    .join('\n');

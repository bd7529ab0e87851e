/**
 * Test helpers shared by every package: a fresh store, router and i18n per test,
 * and MSW at the network edge (unhandled requests fail the test).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type DefaultBodyType,
  HttpResponse,
  type HttpResponseResolver,
  http as mswHttp,
  type PathParams,
  type RequestHandler,
} from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type {
  ErrorBody,
  GetUserApiResponse,
  GetUserPermissionsApiResponse,
  ListIndustriesApiResponse,
  ListUsagesApiResponse,
} from '../api/generated/shell';
import { browser } from '../browser';
import { setRuntimeConfig } from '../config/runtime-config';
import type { Language } from '../constants';
import { i18n, initI18n } from '../i18n/i18n';
import { createAppStore } from '../store';

/** The shell endpoints' generated wire types, for typing test answers (`answer.get<ListMyWarehousesApiResponse>`). */
export type * from '../api/generated/shell';
export { HttpResponse, mswHttp as rest };
export const API = 'http://localhost';

type Resolver<Response extends DefaultBodyType, Body extends DefaultBodyType> = HttpResponseResolver<
  PathParams,
  Body,
  Response | ErrorBody
>;

/**
 * MSW handlers typed from the generated contract: `answer.get<GetUserApiResponse>('/api/user', …)`
 * only compiles when the JSON it answers with is what the API declares for that call (or the
 * API's error body), so a test double cannot drift from the API. Paths are the API's, from `/api`.
 */
const typed =
  (handler: typeof mswHttp.get) =>
  <Response extends DefaultBodyType, Body extends DefaultBodyType = DefaultBodyType>(
    path: string,
    resolve: Resolver<Response, Body>,
  ) =>
    handler(`${API}${path}`, resolve);

export const answer = {
  get: typed(mswHttp.get),
  post: typed(mswHttp.post),
  put: typed(mswHttp.put),
  patch: typed(mswHttp.patch),
  delete: typed(mswHttp.delete),
};

/** The API's error body, typed: `code` must be one the API declares. */
export const apiError = (status: number, body: ErrorBody) => HttpResponse.json<ErrorBody>(body, { status });

/**
 * POST /api/login refused by the API's login throttle: 429 with `message` (also as the e-mail
 * field's error) and the wait in Retry-After.
 */
export const throttledLogin = (message: string) =>
  mswHttp.post(`${API}/api/login`, () =>
    HttpResponse.json<ErrorBody>(
      { message, code: 'auth.throttled', errors: { email: [message] } },
      { status: 429, headers: { 'Retry-After': '42' } },
    ),
  );

/** Starts MSW for the calling test file; `onUnhandledRequest: 'error'` keeps tests honest. */
export function setupApiServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/**
 * For every test of the calling file: `browser.reload` (a form's delayed reload) is replaced by a
 * recorder; after each test real timers and every spy come back. Returns the recorder
 * (cleared before each test) for `expect(reload)…`.
 */
export function stubReload(): jest.Mock<void, []> {
  const reload = jest.fn<void, []>();
  beforeEach(() => {
    reload.mockClear();
    jest.spyOn(browser, 'reload').mockImplementation(reload);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  return reload;
}

/**
 * Something a screen does `delay` ms after an action, checked at the edge (fake timers): `before`
 * still holds 1 ms ahead of it, `after` holds at it.
 */
function atDelay(delay: number, before: () => void, after: () => void) {
  act(() => jest.advanceTimersByTime(delay - 1));
  before();
  act(() => jest.advanceTimersByTime(1));
  after();
}

/** A redirect `delay` ms after an action: still at `from` 1 ms before, at `to` then (the LocationProbe). */
export function expectRedirectAfter(delay: number, from: string | RegExp, to: string | RegExp) {
  const location = () => screen.getByTestId('location');
  atDelay(
    delay,
    () => expect(location()).toHaveTextContent(from),
    () => expect(location()).toHaveTextContent(to),
  );
}

/**
 * GET /api/industries and /api/usages: a few entries of each fixed list (the seed's names), in an
 * order that differs between German and English once sorted.
 */
export const fixedListHandlers = Object.entries({
  industries: ['gastronomy', 'retail', 'automotive', 'other', 'textile'],
  usages: ['private', 'business', 'other', 'rental'],
}).map(([list, names]) =>
  answer.get<ListIndustriesApiResponse | ListUsagesApiResponse>(`/api/${list}`, () =>
    HttpResponse.json(names.map((name, index) => ({ id: index + 1, name }))),
  ),
);

/** A reload `delay` ms after an action: none 1 ms before, exactly one then (`reload` from stubReload). */
export function expectReloadAfter(reload: jest.Mock | jest.SpyInstance, delay: number) {
  atDelay(
    delay,
    () => expect(reload).not.toHaveBeenCalled(),
    () => expect(reload).toHaveBeenCalledTimes(1),
  );
}

export const verifiedUser: GetUserApiResponse = {
  id: 1,
  name: 'Olivia Owner',
  email: 'owner@example.com',
  email_verified_at: '2026-01-01T00:00:00Z',
  current_warehouse_id: 10,
};

/** Logged in, e-mail not yet verified. */
export const unverifiedUser: GetUserApiResponse = {
  ...verifiedUser,
  id: 2,
  email: 'new@example.com',
  email_verified_at: null,
};

/**
 * Collects every translation key a test renders that exists in no catalogue
 * (`namespace:key (language)`). Call at the top of a test file; the list is emptied before each test.
 */
export function trackMissingTranslations(): string[] {
  const missing: string[] = [];
  const options = i18n.options as typeof i18n.options & { saveMissing?: boolean };
  let before: Pick<typeof options, 'saveMissing' | 'missingKeyHandler'> = {};
  beforeEach(() => {
    initI18n();
    missing.length = 0;
    before = { saveMissing: options.saveMissing, missingKeyHandler: options.missingKeyHandler };
    options.saveMissing = true;
    options.missingKeyHandler = (lngs, ns, key) => {
      missing.push(`${ns}:${key} (${[lngs].flat().join(',')})`);
    };
  });
  afterEach(() => {
    options.saveMissing = before.saveMissing;
    options.missingKeyHandler = before.missingKeyHandler;
  });
  return missing;
}

/** Handlers for a signed-in session (user + permissions + csrf cookie). */
export function sessionHandlers(
  user: GetUserApiResponse | null = verifiedUser,
  permissions: GetUserPermissionsApiResponse['permissions'] | string[] = [],
) {
  return [
    mswHttp.get(`${API}/sanctum/csrf-cookie`, () => {
      document.cookie = 'XSRF-TOKEN=test-xsrf-token; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    answer.get<GetUserApiResponse>('/api/user', () =>
      user ? HttpResponse.json(user) : apiError(401, { message: 'Unauthenticated.', code: 'auth.unauthenticated' }),
    ),
    answer.get<GetUserPermissionsApiResponse>('/api/user/permissions', () =>
      HttpResponse.json({ permissions: permissions as GetUserPermissionsApiResponse['permissions'] }),
    ),
  ];
}

/** Shows the current location so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

interface RenderOptions {
  route?: string;
  /** Route pattern the element is mounted under (default: '*'). */
  path?: string;
  language?: Language;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', language = 'de' }: RenderOptions = {},
) {
  setRuntimeConfig({ apiBaseUrl: API });
  initI18n(language);
  void i18n.changeLanguage(language);
  const store = createAppStore();
  // With fake timers, user-event must move the clock itself or it waits forever.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if ('clock' in setTimeout) jest.advanceTimersByTime(ms);
    },
  });
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store, user };
}

/** jsdom has no layout: make `matchMedia('(max-width: N px)')` answer as a screen of this width would. */
export function setViewportWidth(px: number) {
  window.innerWidth = px;
  window.matchMedia = ((query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
    return { matches: px <= max, media: query, addEventListener: () => {}, removeEventListener: () => {} };
  }) as unknown as typeof window.matchMedia;
}

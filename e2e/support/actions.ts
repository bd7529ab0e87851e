import http from 'node:http';
import type { Page } from 'playwright-core';
import { linkFromMail, type Stack } from './stack';

/**
 * Set-up steps of the journeys done the way a second device would: over the API's HTTP
 * interface and the mail outbox, never by touching the database.
 */

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

let clients = 0;

/**
 * A cookie-keeping client that talks to the API through the shell's origin, exactly like the
 * browser (CSRF cookie first, then X-XSRF-TOKEN on every write).
 *
 * Every client connects from its own loopback address (127.0.0.2, .3, …): the API throttles
 * registrations per IP (10 a minute, Laravel's default), and the journeys register many more
 * people than that within a minute, as many different people at different computers would.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  private readonly localAddress: string;

  constructor(
    private readonly base: string,
    private readonly language: 'de' | 'en' = 'en',
  ) {
    clients += 1;
    this.localAddress = `127.0.${Math.floor(clients / 250) + 1}.${(clients % 250) + 2}`;
  }

  get<T = unknown>(path: string): Promise<ApiAnswer<T>> {
    return this.request<T>('GET', path);
  }

  async send<T = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/sanctum/csrf-cookie');
    return this.request<T>(method, path, body);
  }

  /** The session cookies, for handing a logged-in session to a browser profile. */
  cookieList(): { name: string; value: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }

  private request<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const url = new URL(path, this.base);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': this.language };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, localAddress: this.localAddress, agent: false }, (res) => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          const name = pair!.slice(0, eq).trim();
          const value = pair!.slice(eq + 1).trim();
          if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
          else this.cookies.set(name, value);
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T });
        });
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
}

function expectStatus(answer: ApiAnswer, expected: number[], what: string) {
  if (!expected.includes(answer.status)) {
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

let people = 0;

/** A unique, valid e-mail address per call (journeys never share people). */
export function uniqueEmail(prefix: string): string {
  people += 1;
  return `${prefix}-${Date.now().toString(36)}-${people}@example.com`.toLowerCase();
}

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
  /** Logged in over HTTP (from its own address); use for set-up steps. */
  api: ApiClient;
}

/**
 * Registers a person over the API, logs them in and — unless `verified: false` — follows the
 * verification link from their mail, as they would in another browser.
 */
export async function registerUser(
  stack: Stack,
  {
    name,
    prefix = 'user',
    password = 'Passwort123',
    verified = true,
    email = uniqueEmail(prefix),
  }: Partial<{
    name: string;
    prefix: string;
    password: string;
    verified: boolean;
    /** A fixed address (one the API was started knowing, e.g. in OPERATOR_EMAILS); default a unique one. */
    email: string;
  }> = {},
): Promise<TestUser> {
  const displayName = name ?? `${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${people}`;
  const api = new ApiClient(stack.shell.url);
  expectStatus(
    await api.send('POST', '/api/register', {
      name: displayName,
      email,
      password,
      password_confirmation: password,
      accept_terms: true,
    }),
    [201],
    `register ${email}`,
  );
  expectStatus(await api.send('POST', '/api/login', { email, password }), [200], `login ${email}`);
  if (verified) await verifyOverApi(stack, api, email);
  const me = await api.get<{ id: number }>('/api/user');
  expectStatus(me, [200], 'GET /api/user');
  return { id: me.body.id, name: displayName, email, password, api };
}

/**
 * Registers several people side by side, each as `registerUser` does (verified), from a prefix for
 * the e-mail and, if given, a display name; resolves to them in the same order.
 */
export function registerPeople<const People extends readonly (readonly [prefix: string, name?: string])[]>(
  stack: Stack,
  ...people: People
): Promise<{ -readonly [K in keyof People]: TestUser }> {
  return Promise.all(people.map(([prefix, name]) => registerUser(stack, { prefix, name }))) as Promise<{
    -readonly [K in keyof People]: TestUser;
  }>;
}

/** Follows the newest verification link of `email` with the client's session. */
export async function verifyOverApi(stack: Stack, api: ApiClient, email: string) {
  const link = new URL(linkFromMail(stack, email, '/email/verify/'));
  expectStatus(await api.get(`/api${link.pathname}${link.search}`), [200], `verify ${email}`);
}

/** Creates a warehouse owned by `user` (it becomes their current one); returns its id. */
export async function createWarehouse(user: TestUser, name: string): Promise<number> {
  const answer = await user.api.send<{ warehouse: { id: number } }>('POST', '/api/admin/warehouse', {
    name,
    industry_id: 1,
    usage_id: 1,
  });
  expectStatus(answer, [201], `create warehouse ${name}`);
  return answer.body.warehouse.id;
}

/** Creates a role in the user's current warehouse with the named permissions; returns its id. */
export async function createRole(user: TestUser, name: string, permissionNames: string[]): Promise<number> {
  const all = await user.api.get<{ id: number; name: string }[]>('/api/admin/permissions');
  expectStatus(all, [200], 'GET permissions');
  const permissions = all.body.filter((p) => permissionNames.includes(p.name)).map((p) => p.id);
  const answer = await user.api.send<{ role: { id: number } }>('POST', '/api/admin/createrole', {
    name,
    description: '',
    permissions,
  });
  expectStatus(answer, [201], `create role ${name}`);
  return answer.body.role.id;
}

/** A new warehouse of `owner` (their current one from now on) with one role that may invite; returns the role's id. */
export async function warehouseWithRole(owner: TestUser, warehouse: string, role: string): Promise<number> {
  await createWarehouse(owner, warehouse);
  return createRole(owner, role, ['invite_user']);
}

/** Invites `email` into the owner's current warehouse; returns the accept link from the mail. */
export async function invite(stack: Stack, owner: TestUser, email: string, roleId: number): Promise<string> {
  expectStatus(
    await owner.api.send('POST', '/api/invitations/send', { email, role_id: roleId }),
    [201],
    `invite ${email}`,
  );
  return linkFromMail(stack, email, '/invitations/accept/');
}

/** `invitee` joins the owner's current warehouse with `roleId` (invitation sent and accepted over HTTP). */
export async function addMember(stack: Stack, owner: TestUser, invitee: TestUser, roleId: number) {
  const link = new URL(await invite(stack, owner, invitee.email, roleId));
  expectStatus(await invitee.api.send('POST', `/api${link.pathname}`), [200], `accept ${link.pathname}`);
}

/** The address bar's path (and query) of a page on the shell's origin. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the page shows `path` (exact path, query ignored unless given). */
export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000) {
  await page.waitForURL(
    (url) =>
      typeof path === 'string'
        ? url.pathname + (path.includes('?') ? url.search : '') === path
        : path.test(url.pathname),
    { timeout },
  );
}

const LOGIN_TEXT = {
  de: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
  en: { email: 'E-mail', password: 'Password', submit: 'Log in' },
} as const;

/**
 * Logs in through the login form and waits for the reload that follows (spec §4), until the
 * guard has placed the user: /dashboard when verified, /user when not.
 */
export async function loginViaUi(
  page: Page,
  stack: Stack,
  user: { email: string; password: string },
  { language = 'de', verified = true }: { language?: 'de' | 'en'; verified?: boolean } = {},
) {
  const text = LOGIN_TEXT[language];
  await page.goto(`${stack.shell.url}/login`);
  const main = page.getByRole('main');
  await main.getByLabel(text.email, { exact: true }).fill(user.email);
  await main.getByLabel(text.password, { exact: true }).fill(user.password);
  await main.getByRole('button', { name: text.submit, exact: true }).click();
  await waitForPath(page, verified ? '/dashboard' : '/user');
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** Makes a fresh browser profile start in English (the stored language choice, spec §3). */
export async function preferEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
  });
}

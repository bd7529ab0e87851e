import { setRuntimeConfig } from '../config/runtime-config';
import { i18n, initI18n } from '../i18n/i18n';
import { API, HttpResponse, rest, setupApiServer } from '../testing';
import { normalizeError } from './errors';
import { http } from './http';

const seen: Array<{ method: string; path: string; headers: Headers }> = [];
const server = setupApiServer(
  rest.get(`${API}/sanctum/csrf-cookie`, ({ request }) => {
    seen.push({ method: 'GET', path: '/sanctum/csrf-cookie', headers: request.headers });
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    return new HttpResponse(null, { status: 204 });
  }),
  rest.all(`${API}/api/*`, ({ request }) => {
    seen.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers });
    return HttpResponse.json({ ok: true });
  }),
);

beforeEach(() => {
  seen.length = 0;
  setRuntimeConfig({ apiBaseUrl: API });
  initI18n('de');
});

test('every request names the current language', async () => {
  await http.get('api/user');
  await i18n.changeLanguage('en');
  await http.get('api/user');
  expect(seen.map((r) => r.headers.get('accept-language'))).toEqual(['de', 'en']);
});

test('a write without XSRF cookie first fetches the csrf cookie, then sends the token', async () => {
  await http.post('api/login', { email: 'a@b.c', password: 'x' });
  expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/login']);
  expect(seen[1]?.headers.get('x-xsrf-token')).toBe('abc=123');
});

test('reads send no XSRF fetch; later writes reuse the cookie', async () => {
  document.cookie = 'XSRF-TOKEN=existing; path=/';
  await http.get('api/user');
  await http.put('api/profile/update', { name: 'N' });
  expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/user', 'PUT /api/profile/update']);
  expect(seen[1]?.headers.get('x-xsrf-token')).toBe('existing');
});

test('a 419 refreshes the token and repeats the write once', async () => {
  document.cookie = 'XSRF-TOKEN=stale; path=/';
  let calls = 0;
  server.use(
    rest.post(`${API}/api/logout`, () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 })
        : new HttpResponse(null, { status: 204 });
    }),
  );
  const res = await http.post('api/logout');
  expect(res.status).toBe(204);
  expect(calls).toBe(2);
});

test('errors become {status, code, message, errors}', async () => {
  server.use(
    rest.put(`${API}/api/profile/update`, () =>
      HttpResponse.json(
        { message: 'The email has already been taken.', code: 'email.taken', errors: { email: ['already taken'] } },
        { status: 422 },
      ),
    ),
  );
  document.cookie = 'XSRF-TOKEN=t; path=/';
  const error = await http.put('api/profile/update', { email: 'x@y.z' }).catch(normalizeError);
  expect(error).toEqual({
    status: 422,
    code: 'email.taken',
    message: 'The email has already been taken.',
    errors: { email: ['already taken'] },
  });
});

test('with the same-origin API (base URL empty) paths resolve from the site root, not the page', async () => {
  setRuntimeConfig({ apiBaseUrl: '' });
  window.history.pushState({}, '', '/admin/user/roles');
  await http.get('api/user');
  document.cookie = 'XSRF-TOKEN=t; path=/';
  await http.post('api/logout');
  expect(seen.map((r) => r.path)).toEqual(['/api/user', '/api/logout']);
  window.history.pushState({}, '', '/');
});

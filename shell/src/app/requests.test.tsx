import { browser } from '@lager/shared';
import { API, rest, setupApiServer, verifiedUser } from '@lager/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { prepareShell, renderShell, shellHandlers } from '../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../testing/runtime-stub').runtimeStub());

interface Seen {
  call: string;
  language: string | null;
  xsrf: string | null;
  credentials: RequestCredentials;
}
const seen: Seen[] = [];
const server = setupApiServer(...shellHandlers({ permissions: ['invite_user'] }));

beforeEach(() => {
  prepareShell();
  jest.spyOn(browser, 'reload').mockImplementation(() => {});
  seen.length = 0;
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push({
      call: `${request.method} ${url.pathname}`,
      language: request.headers.get('accept-language'),
      xsrf: request.headers.get('x-xsrf-token'),
      credentials: request.credentials,
    });
  });
});

test.each(['de', 'en'] as const)(
  'at start (%s): csrf cookie first, then the user, then the permissions',
  async (language) => {
    renderShell('/admin', language);
    await screen.findByRole('banner');
    await screen.findByRole('heading', {
      level: 2,
      name: language === 'de' ? 'Benutzerverwaltung' : 'User administration',
    });
    expect(seen.slice(0, 3).map((r) => r.call)).toEqual([
      'GET /sanctum/csrf-cookie',
      'GET /api/user',
      'GET /api/user/permissions',
    ]);
    expect(seen.every((r) => r.language === language)).toBe(true);
  },
);

afterEach(() => jest.restoreAllMocks());

test('every call sends the session cookies (credentials included)', async () => {
  renderShell('/warehouse');
  await screen.findByRole('cell', { name: 'Gustav Guest' });
  expect(seen.length).toBeGreaterThan(5);
  expect(seen.filter((r) => r.credentials !== 'include')).toEqual([]);
});

test('writes carry the XSRF token from the cookie', async () => {
  const { user } = renderShell('/dashboard');
  await user.click(await screen.findByRole('button', { name: 'Make Werkstatt the current warehouse' }));
  await user.click(screen.getByRole('button', { name: 'Logout' }));
  await screen.findByRole('link', { name: 'Login' });
  const writes = seen.filter((r) => !r.call.startsWith('GET'));
  expect(writes.map((r) => r.call)).toEqual(['PATCH /api/profile/setwarehouse', 'POST /api/logout']);
  for (const write of writes) {
    expect(write.xsrf).toBe('test-xsrf-token');
    expect(write.language).toBe('en');
  }
});

test('a write without an XSRF cookie fetches one first', async () => {
  server.use(
    rest.get(`${API}/sanctum/csrf-cookie`, () => new Response(null, { status: 204 })),
    rest.get(`${API}/api/user`, () => Response.json(verifiedUser)),
  );
  const { user } = renderShell('/dashboard');
  const button = await screen.findByRole('button', { name: 'Make Werkstatt the current warehouse' });
  const before = seen.length;
  // The first csrf answer set no cookie: this time the token arrives.
  server.use(
    rest.get(`${API}/sanctum/csrf-cookie`, () => {
      document.cookie = 'XSRF-TOKEN=fresh-token; path=/';
      return new Response(null, { status: 204 });
    }),
  );
  await user.click(button);
  await waitFor(() => expect(browser.reload).toHaveBeenCalled());
  const calls = seen.slice(before).filter((r) => r.call.includes('csrf') || !r.call.startsWith('GET'));
  expect(calls.map((r) => r.call)).toEqual(['GET /sanctum/csrf-cookie', 'PATCH /api/profile/setwarehouse']);
  expect(calls[1]?.xsrf).toBe('fresh-token');
});

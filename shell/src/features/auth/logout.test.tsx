import { browser, DELAYS } from '@lager/shared';
import { API, expectReloadAfter, HttpResponse, rest, setupApiServer } from '@lager/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { prepareShell, renderShell, SECTION_TEXT, shellHandlers } from '../../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/runtime-stub').runtimeStub());

const server = setupApiServer(...shellHandlers({ permissions: ['create_role'] }));
let reload: jest.SpyInstance;
beforeEach(() => {
  prepareShell();
  reload = jest.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('logout: POST api/logout, then /login at once (logged-out header), reload only after the delay', async () => {
  let loggedOut = false;
  server.use(
    rest.post(`${API}/api/logout`, () => {
      loggedOut = true;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderShell('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard' });
  expect(window.localStorage.getItem('permissions')).toBe('["create_role"]');
  jest.useFakeTimers();
  await user.click(screen.getByRole('button', { name: 'Logout' }));
  expect(await screen.findByText(SECTION_TEXT['remote-account'])).toBeInTheDocument();
  expect(loggedOut).toBe(true);
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
  const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
  expect(nav.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  expect(nav.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  // The next user of this browser must not inherit the cached permissions.
  expect(window.localStorage.getItem('permissions')).toBeNull();
  expect(reload).not.toHaveBeenCalled();
  expectReloadAfter(reload, DELAYS.logoutReload);
});

test('a failed logout still goes to /login and reloads, which shows the real state', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use(rest.post(`${API}/api/logout`, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
  const { user } = renderShell('/admin');
  await screen.findByRole('heading', { name: 'Administration' });
  jest.useFakeTimers();
  await user.click(screen.getByRole('button', { name: 'Logout' }));
  // The failed request has been handled once the app went on to /login (and the guard back to /dashboard).
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  act(() => jest.advanceTimersByTime(DELAYS.logoutReload));
  expect(reload).toHaveBeenCalledTimes(1);
  // A handled failure prints nothing (issue 16 item 10).
  expect(logged).not.toHaveBeenCalled();
  // Still logged in: the guard keeps the user out of /login.
  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
});

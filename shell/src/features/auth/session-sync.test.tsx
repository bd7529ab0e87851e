import { browser } from '@lager/shared';
import { API, HttpResponse, rest, setupApiServer, verifiedUser } from '@lager/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { prepareShell, renderShell, SECTION_TEXT, shellHandlers } from '../../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/runtime-stub').runtimeStub());

/** Issue 23 §3: a logout in one tab logs every tab out at once; a login elsewhere refreshes them. */
const server = setupApiServer(...shellHandlers({ permissions: ['create_role'] }));
let reload: jest.SpyInstance;
beforeEach(() => {
  prepareShell();
  window.localStorage.clear();
  reload = jest.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** What another tab of this origin writes reaches this one as a storage event. */
const fromAnotherTab = (news: object) =>
  act(() => {
    const newValue = JSON.stringify({ ...news, at: Date.now() });
    window.dispatchEvent(new StorageEvent('storage', { key: 'lager:session', newValue }));
  });
const mainNav = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));

test('a logout in another tab: this tab shows the login at once, saying why and keeping where it was', async () => {
  renderShell('/admin');
  await screen.findByRole('heading', { name: 'Administration' });
  fromAnotherTab({ type: 'logout' });
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent('/login?next=%2Fadmin&reason=session-ended'),
  );
  expect(await screen.findByText(SECTION_TEXT['remote-account'])).toBeInTheDocument();
  expect(mainNav().getByRole('link', { name: 'Login' })).toBeInTheDocument();
  expect(window.localStorage.getItem('permissions')).toBeNull();
  expect(reload).not.toHaveBeenCalled();
});

test('a login in another tab reloads a logged-out tab (the session is new); news of this very user does not', async () => {
  server.use(rest.get(`${API}/api/user`, () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
  const first = renderShell('/login?next=%2Fadmin');
  expect(await screen.findByText(SECTION_TEXT['remote-account'])).toBeInTheDocument();
  fromAnotherTab({ type: 'login', userId: 42 });
  expect(reload).toHaveBeenCalledTimes(1);
  first.unmount();

  server.resetHandlers();
  renderShell('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard' });
  fromAnotherTab({ type: 'login', userId: verifiedUser.id });
  fromAnotherTab({ type: 'something else' });
  expect(reload).toHaveBeenCalledTimes(1);
  // Starting (or reloading) announces nothing: no tab can set the others reloading in a loop.
  expect(window.localStorage.getItem('lager:session')).toBeNull();
});

test('logging out here tells the other tabs; a failed logout does not', async () => {
  server.use(rest.post(`${API}/api/logout`, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
  const { user } = renderShell('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard' });
  await user.click(mainNav().getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(reload).toHaveBeenCalled());
  expect(window.localStorage.getItem('lager:session')).toBeNull();

  server.resetHandlers();
  await user.click(mainNav().getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  expect(JSON.parse(window.localStorage.getItem('lager:session') ?? '{}')).toMatchObject({ type: 'logout' });
});

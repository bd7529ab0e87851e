import { API, HttpResponse, rest, verifiedUser } from '@lager/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { renderShell, SECTION_TEXT, setupShellServer, shellHandlers } from '../../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/runtime-stub').runtimeStub());

const server = setupShellServer();
afterEach(() => jest.restoreAllMocks());

test('nothing but a translated loading screen until GET api/user has answered', async () => {
  let answer: (() => void) | undefined;
  server.use(
    rest.get(`${API}/api/user`, async () => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return HttpResponse.json(verifiedUser);
    }),
  );
  renderShell('/dashboard', 'de');
  expect(screen.getByRole('status')).toHaveTextContent('Lager wird gestartet …');
  await waitFor(() => expect(answer).toBeDefined());
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  answer?.();
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
});

test('a 401 is the logged-out state, not an error', async () => {
  server.use(...shellHandlers({ user: null }));
  renderShell('/info');
  expect(await screen.findByText(SECTION_TEXT['remote-info'])).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the API says nobody is signed in (X-Lager-Signed-In: 0): logged out at once, no GET api/user to answer 401', async () => {
  let asked = 0;
  server.use(
    rest.get(
      `${API}/sanctum/csrf-cookie`,
      () => new HttpResponse(null, { status: 204, headers: { 'X-Lager-Signed-In': '0' } }),
    ),
    rest.get(`${API}/api/user`, () => {
      asked += 1;
      return HttpResponse.json({ message: 'Unauthenticated.', code: 'auth.unauthenticated' }, { status: 401 });
    }),
  );
  renderShell('/dashboard');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  expect(asked).toBe(0);
});

test('an unreachable server shows a translated message with Retry, which starts the app', async () => {
  let down = true;
  server.use(rest.get(`${API}/api/user`, () => (down ? HttpResponse.error() : HttpResponse.json(verifiedUser))));
  const { user } = renderShell('/dashboard');
  expect(await screen.findByText(/server cannot be reached/)).toBeInTheDocument();
  down = false;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
});

test('an HTML answer to GET api/user (misrouted proxy) is not taken for a login state', async () => {
  server.use(rest.get(`${API}/api/user`, () => HttpResponse.text('<!doctype html><html></html>')));
  renderShell('/admin/user/roles');
  expect(await screen.findByText(/server cannot be reached/)).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/user/roles');
});

test('a failing csrf-cookie call does not block the start', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use(rest.get(`${API}/sanctum/csrf-cookie`, () => HttpResponse.json({ message: 'x' }, { status: 500 })));
  renderShell('/dashboard');
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
});

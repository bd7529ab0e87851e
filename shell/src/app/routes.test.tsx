import type { User } from '@lager/shared';
import { unverifiedUser, verifiedUser } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import { renderShell, SECTION_TEXT, setupShellServer, shellHandlers } from '../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../testing/runtime-stub').runtimeStub());

const server = setupShellServer();

const OUT = 'logged out';
const UNVERIFIED = 'unverified';
const VERIFIED = 'verified';
const users: Record<string, User | null> = { [OUT]: null, [UNVERIFIED]: unverifiedUser, [VERIFIED]: verifiedUser };

const RESET = '/reset-password?token=t1&email=a%40b.c';
const VERIFY = '/email/verify/2/abc?expires=1700000000&signature=s1';
const same = '=';
/** To /login, which continues at this path after login (`/login?next=<path>`, issue 16 defect 5). */
const login = 'login, then back';

/**
 * Spec §2, every route: [path, logged out, unverified, verified]; `=` means the user stays;
 * `login`: to /login, remembering the page.
 */
const table: Array<[string, string, string, string]> = [
  ['/', '/login', '/user', '/dashboard'],
  ['/login', same, '/user', '/dashboard'],
  ['/register', same, '/user', '/dashboard'],
  ['/dashboard', login, '/user', same],
  ['/user', login, same, same],
  ['/info', same, same, same],
  ['/info/about', same, same, same],
  ['/info/agb', same, same, same],
  ['/info/privacypolicy', same, same, same],
  ['/warehouse', login, '/user', same],
  ['/admin', login, '/user', same],
  ['/forgotpassword', same, '/user', '/dashboard'],
  [RESET, same, '/user', '/dashboard'],
  ['/reset-password?token=t1', '/login', '/user', '/dashboard'],
  ['/reset-password?email=a%40b.c', '/login', '/user', '/dashboard'],
  ['/reset-password', '/login', '/user', '/dashboard'],
  [VERIFY, login, same, same],
  ['/email/verify/2/abc?expires=1700000000', '/login', '/user', '/dashboard'],
  ['/email/verify/2/abc?signature=s1', '/login', '/user', '/dashboard'],
  ['/admin/user', login, '/user', same],
  ['/admin/user/invite', login, '/user', same],
  ['/admin/user/remove', login, '/user', same],
  ['/admin/user/roles', login, '/user', same],
  ['/admin/user/roles/new', login, '/user', same],
  ['/admin/user/roles/assign', login, '/user', same],
  ['/admin/user/roles/edit/5', login, '/user', same],
  ['/invitations/accept/tok123', login, '/user', same],
  ['/invitations/decline/tok123', login, '/user', same],
  ['/admin/warehouse', login, '/user', same],
  ['/admin/warehouse/new', login, '/user', same],
  ['/admin/warehouse/my', login, '/user', same],
  ['/admin/warehouse/edit/7', login, '/user', same],
  ['/admin/warehouse/guest', login, '/user', same],
  // Any other path goes to `/`, which the guard resolves for the login state.
  ['/nowhere', '/login', '/user', '/dashboard'],
  ['/admin/nowhere', '/login', '/user', '/dashboard'],
  ['/info/nowhere', '/login', '/user', '/dashboard'],
  ['/admin/user/roles/edit', '/login', '/user', '/dashboard'],
  ['/email/verify/2', '/login', '/user', '/dashboard'],
];

const cases = table.flatMap(([path, out, unverified, verified]) =>
  [
    [OUT, out],
    [UNVERIFIED, unverified],
    [VERIFIED, verified],
  ].map(([state, target]) => {
    const expected = target === same ? path : target === login ? `/login?next=${encodeURIComponent(path)}` : target;
    return [path, state, expected] as [string, string, string];
  }),
);

/** What must be on screen at the final location: a shell screen or the section that owns it. */
async function expectOwner(location: string) {
  const path = location.split('?')[0] ?? '';
  if (path === '/dashboard') return screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  if (path === '/warehouse') return screen.findByRole('heading', { level: 1, name: 'Warehouse: Hauptlager' });
  if (path === '/admin') return screen.findByRole('heading', { level: 1, name: 'Administration' });
  if (path.startsWith('/info')) return screen.findByText(SECTION_TEXT['remote-info']);
  if (path.startsWith('/admin/user') || path.startsWith('/invitations'))
    return screen.findByText(SECTION_TEXT['remote-user-admin']);
  if (path.startsWith('/admin/warehouse')) return screen.findByText(SECTION_TEXT['remote-warehouse-admin']);
  return screen.findByText(SECTION_TEXT['remote-account']);
}

test.each(cases)('%s, %s → %s', async (path, state, expected) => {
  server.use(...shellHandlers({ user: users[state] }));
  renderShell(path);
  expect(await expectOwner(expected)).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(expected, { normalizeWhitespace: false });
  expect(screen.getByTestId('location').textContent).toBe(expected);
});

test('while the login state is unknown only a translated loading screen shows', async () => {
  renderShell('/admin');
  expect(screen.getByRole('status')).toHaveTextContent('Starting Lager');
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Administration' })).not.toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
});

import type { User } from '@lager/shared';
import { setupApiServer, setViewportWidth, unverifiedUser, verifiedUser } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { prepareShell, renderShell, SECTION_TEXT, shellHandlers } from '../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../testing/runtime-stub').runtimeStub());

const server = setupApiServer(...shellHandlers());
beforeEach(() => {
  prepareShell();
  setViewportWidth(1280);
});

async function shellAt(route: string, user: User | null) {
  server.use(...shellHandlers({ user }));
  const view = renderShell(route);
  await screen.findByRole('banner');
  return view;
}

const nav = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));
const linkNames = () =>
  nav()
    .getAllByRole('listitem')
    .map((li) => li.textContent);
/** The links appear together once the user's permissions are known (CLS 0): wait for them. */
const expectLinks = (names: string[]) => waitFor(() => expect(linkNames()).toEqual(names));

describe('header', () => {
  test('logged out: Login and Info', async () => {
    await shellAt('/login', null);
    await expectLinks(['Login', 'Info']);
  });

  test('logged in, unverified: User, Info and Logout; the logo goes to /user', async () => {
    await shellAt('/user', unverifiedUser);
    await expectLinks(['User', 'Info', 'Logout']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Lager –/ })).toHaveAttribute('href', '/user');
  });

  test('logged in, verified: User, Warehouse, Admin, Info and Logout; the logo goes to /', async () => {
    await shellAt('/dashboard', verifiedUser);
    await expectLinks(['User', 'Warehouse', 'Admin', 'Info', 'Logout']);
    expect(screen.getByRole('link', { name: /^Lager –/ })).toHaveAttribute('href', '/');
    expect(nav().getByRole('link', { name: 'Warehouse' })).toHaveAttribute('href', '/warehouse');
    expect(nav().getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
});

describe('footer', () => {
  test.each([
    ['/login', null, true],
    ['/register', null, true],
    ['/info', null, true],
    ['/info/agb', null, true],
    ['/forgotpassword', null, false],
    ['/reset-password?token=t&email=a%40b.c', null, false],
    ['/user', unverifiedUser, false],
    ['/info', verifiedUser, false],
    ['/dashboard', verifiedUser, false],
  ])('%s (%o): forgot-password link %s', async (route, user, shown) => {
    await shellAt(route, user);
    const link = screen.queryByRole('link', { name: 'Forgot password?' });
    if (shown) expect(link).toHaveAttribute('href', '/forgotpassword');
    else expect(link).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });
});

describe('back button', () => {
  test.each([
    ['/login', null, false],
    ['/register', null, false],
    ['/forgotpassword', null, false],
    ['/reset-password?token=t&email=a%40b.c', null, false],
    ['/info', null, false],
    ['/info/about', null, true],
    ['/info/agb', null, true],
    ['/info/privacypolicy', null, true],
    ['/user', unverifiedUser, false],
    ['/email/verify/2/abc?expires=1&signature=s', unverifiedUser, false],
    ['/dashboard', verifiedUser, false],
    ['/warehouse', verifiedUser, false],
    ['/admin', verifiedUser, false],
    ['/user', verifiedUser, false],
    ['/admin/user', verifiedUser, true],
    ['/admin/user/invite', verifiedUser, true],
    ['/admin/user/remove', verifiedUser, true],
    ['/admin/user/roles', verifiedUser, true],
    ['/admin/user/roles/new', verifiedUser, true],
    ['/admin/user/roles/assign', verifiedUser, true],
    ['/admin/user/roles/edit/4', verifiedUser, true],
    ['/invitations/accept/tok', verifiedUser, true],
    ['/admin/warehouse', verifiedUser, true],
    ['/admin/warehouse/new', verifiedUser, true],
    ['/admin/warehouse/my', verifiedUser, true],
    ['/admin/warehouse/edit/3', verifiedUser, true],
    ['/admin/warehouse/guest', verifiedUser, true],
  ])('%s: shown %s', async (route, user, shown) => {
    await shellAt(route, user as User | null);
    const back = screen.queryByRole('button', { name: /Back/ });
    if (shown) expect(back).toBeInTheDocument();
    else expect(back).not.toBeInTheDocument();
  });

  test('goes back one step in the history', async () => {
    const { user } = await shellAt('/dashboard', verifiedUser);
    await user.click(await screen.findByRole('link', { name: 'Warehouse administration' }));
    expect(await screen.findByText(SECTION_TEXT['remote-warehouse-admin'])).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  test.each([
    ['/admin/user/roles/edit/4', '/admin/user/roles'],
    ['/admin/warehouse/new', '/admin/warehouse'],
    ['/info/about', '/info'],
  ])(
    'issue 16/6: opened directly (no earlier page of the app), %s goes up to %s, never out of the app',
    async (route, parent) => {
      const { user } = await shellAt(route, verifiedUser);
      await user.click(await screen.findByRole('button', { name: /Back/ }));
      expect(screen.getByTestId('location')).toHaveTextContent(parent, { normalizeWhitespace: false });
      expect(screen.getByTestId('location').textContent).toBe(parent);
    },
  );
});

describe('hamburger menu at ≤ 1024 px', () => {
  test('above 1024 px the links show inline and there is no menu button', async () => {
    setViewportWidth(1025);
    await shellAt('/dashboard', verifiedUser);
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(await nav().findByRole('link', { name: 'Warehouse' })).toBeVisible();
  });

  test('at 1024 px a menu button repeats the links and closes on navigation', async () => {
    setViewportWidth(1024);
    const { user } = await shellAt('/dashboard', verifiedUser);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expectLinks(['User', 'Warehouse', 'Admin', 'Info', 'Logout']);
    await user.click(nav().getByRole('link', { name: 'Info' }));
    expect(await screen.findByText(SECTION_TEXT['remote-info'])).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  test('Escape closes the menu and puts focus back on its button', async () => {
    setViewportWidth(375);
    const { user } = await shellAt('/login', null);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await expectLinks(['Login', 'Info']);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });
});

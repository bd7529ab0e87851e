import { API, HttpResponse, rest, setupApiServer } from '@lager/shared/testing';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import accountSection from '../../../remote-account/section.json';
import infoSection from '../../../remote-info/section.json';
import { forgetLoadedSections } from '../features/remotes/RemoteSection';
import { setRemotesManifest } from '../features/remotes/remotes-manifest';
import { setProvidedVersions } from '../features/remotes/shared-versions';
import { manifestEntry, prepareShell, renderShell, shellHandlers } from '../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));
const mockedLoad = jest.mocked(loadRemote);
const mockedRegister = jest.mocked(registerRemotes);

/** A section this shell build has never heard of, exactly as a rollout manifest carries it. */
const stockSection = {
  scope: 'remote_stock',
  module: './StockRoutes',
  mounts: ['/stock/*'],
  routes: [{ path: '/stock', access: 'verified', permission: 'view_stock', topLevel: true }],
  nav: [{ path: '/stock', label: { de: 'Bestand', en: 'Stock' }, order: 25 }],
  slots: { dashboard: [{ module: './StockCard', permission: 'view_stock' }] },
};

const modules: Record<string, string> = {
  'remote_stock/StockRoutes': 'Stock page',
  'remote_stock/StockCard': 'Stock card',
  'remote_account/AccountRoutes': 'Account section',
  'remote_info/InfoRoutes': 'Info section',
};

const server = setupApiServer(...shellHandlers());

function withSections(remotes: Record<string, unknown>) {
  forgetLoadedSections();
  setRemotesManifest({
    remotes: {
      'remote-account': manifestEntry(3001, accountSection),
      'remote-info': manifestEntry(3004, infoSection),
      ...remotes,
    } as Parameters<typeof setRemotesManifest>[0]['remotes'],
  });
}

const PROVIDED = { react: '19.3.1', '@lager/shared': '1.0.0' };

beforeEach(() => {
  prepareShell();
  setProvidedVersions(PROVIDED);
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  mockedRegister.mockReset();
  mockedLoad.mockReset();
  mockedLoad.mockImplementation(async (id: string) => ({
    default: () => createElement(id.endsWith('Card') ? 'h2' : 'h1', null, modules[id] ?? `section ${id}`),
  }));
  withSections({ 'remote-stock': manifestEntry(3010, stockSection) });
});
afterEach(() => {
  jest.restoreAllMocks();
  setProvidedVersions({});
});

const nav = () => within(screen.getByRole('navigation'));

test('a permitted user gets the new section: header link in its order, dashboard card, its page', async () => {
  server.use(...shellHandlers({ permissions: ['view_stock'] }));
  const { user } = renderShell('/dashboard');
  expect(await screen.findByRole('heading', { level: 2, name: 'Stock card' })).toBeInTheDocument();
  const links = nav()
    .getAllByRole('link')
    .map((a) => a.textContent);
  // order 25: between the shell's Warehouse (20) and Admin (30).
  expect(links).toEqual(['User', 'Warehouse', 'Stock', 'Admin', 'Info']);
  await user.click(nav().getByRole('link', { name: 'Stock' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Stock page' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/stock');
  expect(mockedLoad).toHaveBeenCalledWith('remote_stock/StockRoutes');
  expect(mockedRegister).toHaveBeenCalledWith(
    [{ name: 'remote_stock', entry: 'http://127.0.0.1:3010/mf-manifest.json' }],
    { force: false },
  );
});

test('without cached permissions the header links wait for them and appear together: none pushed in later (CLS 0)', async () => {
  let release = () => {};
  const permissionsSent = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    // Before the session's handlers: the first handler that matches answers.
    rest.get(`${API}/api/user/permissions`, async () => {
      await permissionsSent;
      return HttpResponse.json({ permissions: ['view_stock'] });
    }),
    ...shellHandlers({ permissions: ['view_stock'] }),
  );
  renderShell('/dashboard');
  // The user is known (the logo opens the warehouse switcher only for verified users), the permissions are not.
  const logo = await screen.findByRole('link', { name: /^Lager –/ });
  await waitFor(() => expect(logo).toHaveAttribute('aria-expanded', 'false'));
  const row = () =>
    nav()
      .getAllByRole('listitem')
      .map((li) => li.textContent);
  expect(row()).toEqual(['Logout']);
  release();
  await waitFor(() => expect(row()).toEqual(['User', 'Warehouse', 'Stock', 'Admin', 'Info', 'Logout']));
});

test('the dashboard cards a user may see start loading with the app, before the dashboard is there', async () => {
  window.localStorage.setItem('permissions', JSON.stringify(['view_stock']));
  server.use(...shellHandlers({ permissions: ['view_stock'] }));
  renderShell('/dashboard');
  expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledWith('remote_stock/StockCard');
  expect(await screen.findByRole('heading', { level: 2, name: 'Stock card' })).toBeInTheDocument();
  // Loaded once: the card on screen is the preloaded one.
  expect(mockedLoad.mock.calls.filter(([id]) => id === 'remote_stock/StockCard')).toHaveLength(1);
  window.localStorage.removeItem('permissions');
});

test('German labels come from the description', async () => {
  server.use(...shellHandlers({ permissions: ['view_stock'] }));
  renderShell('/dashboard', 'de');
  await screen.findByRole('navigation');
  expect(await nav().findByRole('link', { name: 'Bestand' })).toBeInTheDocument();
});

test('without the permission: no link, no card, and /stock sends a verified user to the dashboard', async () => {
  server.use(...shellHandlers({ permissions: ['invite_user'] }));
  renderShell('/stock');
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  expect(nav().queryByRole('link', { name: 'Stock' })).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Stock card' })).not.toBeInTheDocument();
  expect(mockedLoad).not.toHaveBeenCalledWith('remote_stock/StockCard');
});

test('logged out: /stock goes to the login and no link shows', async () => {
  server.use(...shellHandlers({ user: null }));
  renderShell('/stock');
  expect(await screen.findByRole('heading', { level: 1, name: 'Account section' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
  expect(nav().queryByRole('link', { name: 'Stock' })).not.toBeInTheDocument();
});

test('removed from the manifest: /stock redirects like any unknown path', async () => {
  withSections({});
  server.use(...shellHandlers({ permissions: ['view_stock'] }));
  renderShell('/stock');
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
});

test('an invalid entry is skipped with a warning; the other sections and the shell keep working', async () => {
  withSections({
    'remote-stock': manifestEntry(3010, { ...stockSection, routes: [{ path: '/stock', access: 'staff' }] }),
  });
  expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/section remote-stock skipped: invalid description/));
  server.use(...shellHandlers({ permissions: ['view_stock'] }));
  renderShell('/info');
  expect(await screen.findByRole('heading', { level: 1, name: 'Info section' })).toBeInTheDocument();
  expect(nav().queryByRole('link', { name: 'Stock' })).not.toBeInTheDocument();
});

describe('shared-version contract at run time', () => {
  const rolloutOf = (stableRequires: object, canaryRequires: object) => ({
    stable: {
      version: '1.0.0',
      entry: 'https://cdn/remote-stock/1.0.0/mf-manifest.json',
      section: stockSection,
      requires: stableRequires,
    },
    canary: {
      version: '2.0.0',
      entry: 'https://cdn/remote-stock/2.0.0/mf-manifest.json',
      section: stockSection,
      requires: canaryRequires,
      percent: 100,
    },
  });

  test('a canary built for another React is not mounted: stable instead, and the footer names the mismatch', async () => {
    withSections({
      'remote-stock': rolloutOf({ react: '^19.0.0' }, { react: '^20.0.0', 'react/jsx-runtime': '^20.0.0' }),
    });
    server.use(...shellHandlers({ permissions: ['view_stock'] }));
    const { user } = renderShell('/stock');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock page' })).toBeInTheDocument();
    expect(mockedRegister).toHaveBeenCalledWith(
      [{ name: 'remote_stock', entry: 'https://cdn/remote-stock/1.0.0/mf-manifest.json' }],
      { force: false },
    );
    expect(mockedRegister.mock.calls.flat(2)).not.toContainEqual(
      expect.objectContaining({ entry: expect.stringContaining('2.0.0') }),
    );
    await user.click(screen.getByText('Support information'));
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('remote-stock 1.0.0 (fallback to stable)')).toBeInTheDocument();
    expect(
      footer.getByText('remote-stock 2.0.0 not loaded: needs react ^20.0.0, the shell provides 19.3.1'),
    ).toBeInTheDocument();
  });

  test('no version the shell can mount: the unavailable card, the mismatch in the footer (de)', async () => {
    withSections({ 'remote-stock': rolloutOf({ '@lager/shared': '^2.0.0' }, { '@lager/shared': '^2.0.0' }) });
    server.use(...shellHandlers({ permissions: ['view_stock'] }));
    const { user } = renderShell('/stock', 'de');
    expect(await screen.findByRole('heading', { name: 'Bereich nicht verfügbar' })).toBeInTheDocument();
    expect(mockedLoad).not.toHaveBeenCalledWith('remote_stock/StockRoutes');
    await user.click(screen.getByText('Support-Informationen'));
    expect(
      screen.getByText('remote-stock 1.0.0 nicht geladen: braucht @lager/shared ^2.0.0, die Shell bietet 1.0.0'),
    ).toBeInTheDocument();
  });
});

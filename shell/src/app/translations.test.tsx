import type { Language, User } from '@lager/shared';
import {
  API,
  HttpResponse,
  rest,
  setupApiServer,
  setViewportWidth,
  trackMissingTranslations,
  unverifiedUser,
  verifiedUser,
} from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { prepareShell, renderShell, shellHandlers } from '../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../testing/runtime-stub').runtimeStub());

const server = setupApiServer(...shellHandlers());
const missing = trackMissingTranslations();
beforeEach(() => {
  prepareShell();
  setViewportWidth(1280);
});

/** Text that looks like an untranslated key of the shell (e.g. `dashboard.title`). */
const RAW_KEY = /\b(start|nav|footer|buttons|labels|roles|links|switcher|dashboard|warehouse|admin|errors)\.[a-z]\w*/;

async function settle() {
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  expect(document.body.textContent).not.toMatch(RAW_KEY);
  expect(missing).toEqual([]);
}

interface Scenario {
  name: string;
  route: string;
  user?: User | null;
  permissions?: string[];
  noWarehouses?: boolean;
  mobile?: boolean;
  openSwitcher?: boolean;
  ready: (language: Language) => Promise<unknown>;
}

const scenarios: Scenario[] = [
  {
    name: 'dashboard',
    route: '/dashboard',
    permissions: ['invite_user'],
    ready: () => screen.findByText('Vereinskeller'),
  },
  {
    name: 'dashboard without warehouses',
    route: '/dashboard',
    user: { ...verifiedUser, current_warehouse_id: null },
    noWarehouses: true,
    ready: () =>
      waitFor(() => expect(document.querySelector('.empty-state a[href="/admin/warehouse/new"]')).not.toBeNull()),
  },
  { name: 'warehouse', route: '/warehouse', ready: () => screen.findByRole('table') },
  {
    name: 'warehouse, none selected',
    route: '/warehouse',
    user: { ...verifiedUser, current_warehouse_id: null },
    ready: () => screen.findByRole('link', { name: /Gast|Guest/ }),
  },
  {
    name: 'admin with permission',
    route: '/admin',
    permissions: ['create_role'],
    ready: () => screen.findAllByRole('heading', { level: 2 }),
  },
  { name: 'admin without permission', route: '/admin', ready: () => screen.findAllByRole('heading', { level: 2 }) },
  { name: 'switcher open', route: '/warehouse', openSwitcher: true, ready: () => screen.findByRole('table') },
  {
    name: 'switcher without warehouses',
    route: '/admin',
    openSwitcher: true,
    noWarehouses: true,
    ready: () => screen.findAllByRole('heading', { level: 2 }),
  },
  {
    name: 'logged out, login page, mobile menu',
    route: '/login',
    user: null,
    mobile: true,
    ready: () => screen.findByRole('button', { expanded: false }),
  },
  {
    name: 'logged out, info page with back button',
    route: '/info/about',
    user: null,
    ready: () => screen.findAllByRole('button'),
  },
  { name: 'unverified, user page', route: '/user', user: unverifiedUser, ready: () => screen.findByRole('navigation') },
];

describe.each(['de', 'en'] as const)('%s', (language) => {
  test.each(scenarios)('$name: every text translated', async (scenario) => {
    if (scenario.mobile) setViewportWidth(800);
    server.use(
      ...shellHandlers({
        user: scenario.user === undefined ? verifiedUser : scenario.user,
        permissions: scenario.permissions ?? [],
        warehouses: scenario.noWarehouses ? [] : undefined,
      }),
    );
    const { user } = renderShell(scenario.route, language);
    await screen.findByRole('banner');
    await scenario.ready(language);
    if (scenario.mobile) await user.click(screen.getByRole('button', { expanded: false }));
    if (scenario.openSwitcher) {
      await user.click(screen.getByRole('link', { name: /^Lager –/ }));
      await within(await screen.findByRole('region')).findAllByRole(scenario.noWarehouses ? 'link' : 'listitem');
    }
    await settle();
  });

  test('loading screen and unreachable server', async () => {
    server.use(rest.get(`${API}/api/user`, () => HttpResponse.error()));
    renderShell('/dashboard', language);
    expect(screen.getByRole('status').textContent).not.toMatch(RAW_KEY);
    await screen.findByRole('button');
    expect(document.body.textContent).not.toMatch(RAW_KEY);
    expect(missing).toEqual([]);
  });
});

test('the tracker notices a missing key (guards the guard)', async () => {
  const { i18n } = await import('@lager/shared');
  i18n.t('shell:does.not.exist');
  expect(missing).toEqual(['shell:does.not.exist (de)']);
  missing.length = 0;
});

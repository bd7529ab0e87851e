import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createWarehouse, pathOf, preferEnglish, registerPeople, type TestUser, waitForPath } from '../support/actions';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { deployCli, hashShellBuild, makeDeployDir, newSection, removeSection } from '../support/deploy';
import { eventually, expectCount } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { repoRoot } from '../support/stack';

/**
 * Issue 14 end to end: a section the shell build has never heard of (remote-fixture, made with
 * `npm run new-section` from the template as it is now) is deployed and rolled out while the stack
 * runs. Its route, header link and dashboard card come from its section.json via the rollout
 * manifest; rollback takes them away again; the shell build never changes.
 */
const LABEL = 'Test section';
/** The permission the fixture's section.json gates its route, link and card with (owners hold it). */
const PERMISSION = 'invite_user';
const FIXTURE_OPTIONS = [
  '--title-de',
  'Testbereich',
  '--title-en',
  LABEL,
  '--permission',
  PERMISSION,
  '--port',
  '3099',
];
/** The first real section added this way: the stack starts without it and gets it by deploy. */
const STOCK_DIR = path.join(repoRoot, 'remote-stock');

describeInBrowser('a new section arrives by deploy, not by a shell release', () => {
  let deployDir: string;
  let fixtureDir: string;
  let shellBuildHash: string;
  let owner: TestUser;
  let member: TestUser;

  const cli = (script: string, ...args: string[]) => deployCli(deployDir, script, ...args);

  /** A fresh profile in English; with `as`, carrying that user's session (logged in over HTTP). */
  async function session(as?: TestUser): Promise<Session> {
    const s = await newSession(browser);
    await preferEnglish(s.page);
    if (as) await s.context.addCookies(as.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    return s;
  }

  const headerLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: LABEL, exact: true });
  const card = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2, name: LABEL });

  /** The dashboard of a logged-in user, with everything the shell and the sections put there. */
  async function dashboard(page: Page) {
    await page.goto(`${stack.shell.url}/dashboard`);
    await page.getByRole('heading', { level: 2, name: 'Your warehouses' }).waitFor();
    // The cards are federated modules: give a card that is coming the moment it needs.
    await page.waitForLoadState('networkidle');
  }

  /** Neither the header link nor the dashboard card, and /fixture sends the user to the dashboard like any unknown path. */
  async function expectNoSection(page: Page) {
    await dashboard(page);
    await expectCount(headerLink(page), 0);
    await expectCount(card(page), 0);
    await page.goto(`${stack.shell.url}/fixture`);
    await waitForPath(page, '/dashboard');
  }

  beforeAll(async () => {
    deployDir = makeDeployDir('lager-sections-e2e-');
    fixtureDir = await newSection('fixture', ...FIXTURE_OPTIONS);
  });
  useStackAndBrowser(() => ({ deployDir, withoutRemotes: ['remote-stock'] }));
  beforeAll(async () => {
    shellBuildHash = hashShellBuild();
    [owner, member] = await registerPeople(stack, ['sectionowner'], ['sectionmember']);
    await createWarehouse(owner, 'Sektionslager');
    const held = await owner.api.get<{ permissions: string[] }>('/api/user/permissions');
    expect(held.body.permissions).toContain(PERMISSION);
  }, 120_000);

  afterAll(() => {
    if (deployDir) fs.rmSync(deployDir, { recursive: true, force: true });
    if (fixtureDir) removeSection(fixtureDir);
  });

  test('before the deploy the shell does not know the section: /fixture is an unknown path', async () => {
    const s = await session(owner);
    await withArtifacts('sections unknown before deploy', [s], async () => {
      await s.page.goto(`${stack.shell.url}/fixture`);
      await waitForPath(s.page, '/dashboard');
      await expectCount(headerLink(s.page), 0);
    });
  });

  test('deploy + rollout: reachable with header link and dashboard card for a permitted user', async () => {
    const deployed = await cli('deploy.mjs', 'remote-fixture', '--version', '1.0.0', '--dir', fixtureDir);
    expect(deployed.stdout).toMatch(/Published remote-fixture 1\.0\.0/);
    const rolled = await cli('rollout.mjs', 'rollout', 'remote-fixture', '1.0.0', '--percent', '100');
    expect(rolled.stdout).toMatch(/remote-fixture: stable 1\.0\.0/);
    const manifest = (await (await fetch(`${stack.shell.url}/remotes.json`)).json()) as {
      remotes: Record<string, { stable: { section?: { routes: { path: string }[] } } }>;
    };
    expect(manifest.remotes['remote-fixture']?.stable.section?.routes.map((r) => r.path)).toEqual(['/fixture']);

    const s = await session(owner);
    await withArtifacts('sections permitted user', [s], async () => {
      await dashboard(s.page);
      await card(s.page).waitFor();
      await s.page.getByRole('link', { name: `Open ${LABEL}` }).click();
      await waitForPath(s.page, '/fixture');
      await s.page.getByRole('heading', { level: 1, name: LABEL }).waitFor();
      await s.page.goto(`${stack.shell.url}/dashboard`);
      await headerLink(s.page).click();
      await waitForPath(s.page, '/fixture');
      await s.page.getByRole('heading', { level: 1, name: LABEL }).waitFor();
      await eventually(async () =>
        expect(await s.page.evaluate(() => document.documentElement.dataset.lagerSections ?? '')).toContain(
          'remote-fixture@1.0.0;stable',
        ),
      );
      expect(s.errors).toEqual([]);
    });
  }, 120_000);

  test('hidden for a user without the permission, and its page sends them to their start page', async () => {
    const s = await session(member);
    await withArtifacts('sections user without permission', [s], async () => {
      await expectNoSection(s.page);
    });
  });

  test('guarded when logged out: /fixture goes to the login (which continues there after login), no header link', async () => {
    const s = await session();
    await withArtifacts('sections logged out', [s], async () => {
      await s.page.goto(`${stack.shell.url}/fixture`);
      await waitForPath(s.page, '/login');
      await s.page.getByRole('heading', { level: 1 }).waitFor();
      await expectCount(headerLink(s.page), 0);
      expect(pathOf(s.page)).toBe('/login?next=%2Ffixture');
    });
  });

  test('rollback removes the section: no link, no card, /fixture redirects like any unknown path; shell unchanged', async () => {
    const { stdout } = await cli('rollout.mjs', 'rollback', 'remote-fixture');
    expect(stdout).toMatch(/remote-fixture: removed from the manifest/);
    const manifest = (await (await fetch(`${stack.shell.url}/remotes.json`)).json()) as { remotes: object };
    expect(Object.keys(manifest.remotes)).not.toContain('remote-fixture');

    const s = await session(owner);
    await withArtifacts('sections after rollback', [s], async () => {
      await expectNoSection(s.page);
      expect(s.errors).toEqual([]);
    });
    expect(hashShellBuild()).toBe(shellBuildHash);
  });

  test('the real remote-stock: unknown before, deployed with link and card for view_stock, gone after rollback', async () => {
    const stockLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Stock', exact: true });
    const stockCard = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2, name: 'Stock' });
    const before = await session(owner);
    await withArtifacts('stock before deploy', [before], async () => {
      await before.page.goto(`${stack.shell.url}/stock`);
      await waitForPath(before.page, '/dashboard');
      await expectCount(stockLink(before.page), 0);
    });

    await cli('deploy.mjs', 'remote-stock', '--version', '1.0.0', '--dir', STOCK_DIR);
    await cli('rollout.mjs', 'rollout', 'remote-stock', '1.0.0', '--percent', '100');
    const s = await session(owner);
    await withArtifacts('stock deployed', [s], async () => {
      await dashboard(s.page);
      await stockCard(s.page).waitFor();
      await stockLink(s.page).click();
      await waitForPath(s.page, '/stock');
      await s.page.getByRole('heading', { level: 1, name: 'Stock' }).waitFor();
    });
    const other = await session(member);
    await withArtifacts('stock without view_stock', [other], async () => {
      await dashboard(other.page);
      await expectCount(stockLink(other.page), 0);
      await expectCount(stockCard(other.page), 0);
    });

    await cli('rollout.mjs', 'rollback', 'remote-stock');
    const after = await session(owner);
    await withArtifacts('stock after rollback', [after], async () => {
      await dashboard(after.page);
      await expectCount(stockLink(after.page), 0);
      await after.page.goto(`${stack.shell.url}/stock`);
      await waitForPath(after.page, '/dashboard');
    });
    expect(hashShellBuild()).toBe(shellBuildHash);
  }, 300_000);
});

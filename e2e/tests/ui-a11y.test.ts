import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { addMember, createRole, createWarehouse, registerUser, type TestUser } from '../support/actions';
import { describeInBrowser, launchBrowser, newSession, withArtifacts } from '../support/browser';
import { type Stack, startTestStack } from '../support/stack';

/**
 * Issue 16: axe on every route of the spec (§2), logged out and logged in, at 1280 px and 375 px,
 * and no page wider than the viewport with 255-character names (defect 2).
 *
 * One stack, one browser, one page per login state: screens are reached by in-app navigation
 * (history.pushState + popstate, as a link click does) and the viewport is resized in place, so
 * the whole file stays around a minute.
 */
jest.setTimeout(180_000);

const WIDTHS = [1280, 375] as const;

/** 255 characters without a space, the server's limit for names (defect 2). */
const LONG = 'Lagerverwaltungsgesellschaft'.repeat(10).slice(0, 255);

/**
 * Violations known on screens owned elsewhere, as `screen@width: rule-id`. The test fails on any
 * violation not listed here, and on a listed one that is gone (so the list only shrinks).
 */
const KNOWN: string[] = [
  // remote-user-admin's hub cards: the link shows "Öffnen" but is named by aria-label with the card
  // title only (WCAG 2.5.3, the visible text must be part of the name). Owned by the user-admin section.
  'in /admin/user@1280: label-content-name-mismatch',
  'in /admin/user@375: label-content-name-mismatch',
];

type Report = Record<string, string[]>;

async function settle(page: Page) {
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  // Lists and forms fetch after the heading: wait until no spinner or skeleton is left.
  await page.waitForFunction(() => !document.querySelector('main .spinner, main .skeleton-line'), undefined, {
    timeout: 15_000,
  });
}

/** Navigates inside the single-page app the way a link does (no reload). */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path || !path.includes('?'), { timeout: 5_000 });
  await settle(page);
}

async function audit(page: Page, screen: string, report: Report, overflow: Report) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The 1024 px breakpoint re-renders the header (matchMedia): let React commit first.
    await page.waitForTimeout(50);
    const key = `${screen}@${width}`;
    // Only violations are reported back: serialising every passing node costs seconds per run.
    const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    const found = result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    if (found.length > 0) report[key] = found;
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scroll > width) overflow[key] = [`page is ${scroll} px wide`];
  }
}

/** WCAG contrast of an element's text against its own background (the states under test fill it). */
function contrastOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const x = v / 255;
          return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const style = getComputedStyle(el);
      const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((x, y) => y - x);
      return Math.round(((a! + 0.05) / (b! + 0.05)) * 100) / 100;
    });
}

function unexpected(report: Report): Report {
  const out: Report = {};
  for (const [key, list] of Object.entries(report)) {
    const left = list.filter((line) => !KNOWN.includes(`${key}: ${line.split(' ')[0]}`));
    if (left.length > 0) out[key] = left;
  }
  return out;
}

describeInBrowser('interface: axe on every route, no overflow with long names', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('logged out and logged in, 1280 px and 375 px: zero axe violations, nothing wider than the viewport', async () => {
    // An owner whose name, warehouse and role are 255 characters long, with a member and a guest warehouse.
    const owner = await registerUser(stack, { prefix: 'lena', name: LONG });
    const warehouseId = await createWarehouse(owner, LONG);
    const roleId = await createRole(owner, LONG, ['invite_user', 'remove_user', 'create_role', 'edit_role']);
    const member = await registerUser(stack, { prefix: 'mia', name: `${LONG.slice(0, 200)} Member` });
    await addMember(stack, owner, member, roleId);
    const host: TestUser = await registerUser(stack, { prefix: 'hugo', name: 'Hugo Host' });
    await createWarehouse(host, 'Nachbarlager');
    const hostRole = await createRole(host, 'Gast', ['invite_user']);
    await addMember(stack, host, owner, hostRole);
    // Whatever accepting did to the current warehouse: the long one is current for the screens below.
    const current = await owner.api.send('PATCH', '/api/profile/setwarehouse', { warehouse_id: warehouseId });
    expect(current.status).toBe(200);

    const report: Report = {};
    const overflow: Report = {};
    const loggedOut = await newSession(browser);
    const loggedIn = await newSession(browser);
    // No trace recording here: it doubles the time of every step; a failure still leaves a screenshot.
    await Promise.all([loggedOut.context.tracing.stop(), loggedIn.context.tracing.stop()]);
    await withArtifacts('ui a11y', [loggedOut, loggedIn], async () => {
      let page = loggedOut.page;
      await page.goto(`${stack.shell.url}/login`);
      await settle(page);
      for (const path of [
        '/login',
        '/register',
        '/forgotpassword',
        '/info',
        '/info/about',
        '/info/agb',
        '/info/privacypolicy',
      ]) {
        await visit(page, path);
        await audit(page, `out ${path}`, report, overflow);
      }
      // Needs a token check first: audited on the form as it loads.
      await page.goto(`${stack.shell.url}/reset-password?token=abc&email=a%40example.com`);
      await settle(page);
      await audit(page, 'out /reset-password', report, overflow);

      page = loggedIn.page;
      await loggedIn.context.addCookies(
        owner.api.cookieList().map(({ name, value }) => ({ name, value, url: stack.shell.url })),
      );
      await page.goto(`${stack.shell.url}/dashboard`);
      await settle(page);
      for (const path of [
        '/dashboard',
        '/user',
        '/warehouse',
        '/admin',
        '/admin/user',
        '/admin/user/invite',
        '/admin/user/remove',
        '/admin/user/roles',
        '/admin/user/roles/new',
        '/admin/user/roles/assign',
        `/admin/user/roles/edit/${roleId}`,
        '/admin/warehouse',
        '/admin/warehouse/new',
        '/admin/warehouse/my',
        `/admin/warehouse/edit/${warehouseId}`,
        '/admin/warehouse/guest',
      ]) {
        await visit(page, path);
        await audit(page, `in ${path}`, report, overflow);
      }
      // The warehouse switcher the logo opens lists the long name too.
      await visit(page, '/dashboard');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.locator('a.logo').click();
      await page.locator('#warehouse-switcher li').first().waitFor();
      await audit(page, 'in /dashboard + switcher', report, overflow);

      // A password dialog over a list: axe inside it, Esc closes it, focus goes back to its opener (defect 8).
      await visit(page, '/admin/warehouse/my');
      await page.getByRole('main').getByRole('checkbox').first().check();
      const opener = page.getByRole('main').getByRole('button', { name: 'Ausgewählte löschen' });
      await opener.click();
      await page.getByRole('dialog').getByLabel('Passwort').waitFor();
      await audit(page, 'in /admin/warehouse/my + delete dialog', report, overflow);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

      // States axe cannot see: a hovered outline button and the open hamburger keep AA contrast.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('main').getByRole('button', { name: 'Alle auswählen' }).hover();
      const states: Record<string, number> = {};
      states['secondary button, hover'] = await contrastOf(page, 'main button.secondary:hover');
      await page.setViewportSize({ width: 375, height: 900 });
      const menu = page.getByRole('button', { name: 'Menü' });
      await menu.click();
      await page.locator('#main-menu').waitFor();
      states['menu button, open and hovered'] = await contrastOf(page, 'button.menu-button');
      await page.mouse.move(0, 0);
      states['menu button, open'] = await contrastOf(page, 'button.menu-button');
      await menu.click();

      // The dark theme (prefers-color-scheme) on a form, a list with a dialog and the dashboard.
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const path of ['/dashboard', '/admin/warehouse/new']) {
        await visit(page, path);
        await audit(page, `dark ${path}`, report, overflow);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await loggedOut.page.emulateMedia({ colorScheme: 'dark' });
      await visit(loggedOut.page, '/login');
      await audit(loggedOut.page, 'dark out /login', report, overflow);

      // Printed so the report of a run shows every finding, listed or not.
      console.log(JSON.stringify({ contrast: states, violations: report }, null, 2));
      expect(overflow).toEqual({});
      for (const [state, ratio] of Object.entries(states)) expect(`${state}: ${ratio >= 4.5}`).toBe(`${state}: true`);
      expect(unexpected(report)).toEqual({});
      const stale = KNOWN.filter((k) => {
        const [key, rule] = k.split(': ');
        return !(report[key!] ?? []).some((line) => line.startsWith(`${rule} `));
      });
      expect(stale).toEqual([]);
    });
  });
});

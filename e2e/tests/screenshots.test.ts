import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { ApiClient, addMember, createRole, createWarehouse, type TestUser, verifyOverApi } from '../support/actions';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { browser, settle, stack, useStackAndBrowser, visit } from '../support/pages';
import type { Stack } from '../support/stack';
import { createArticle } from '../support/stock-api';

/**
 * Issue 16: screenshot baselines of the ten main screens at 375 and 1280 px, compared pixel by
 * pixel (pixelmatch) with a small tolerance, so a layout regression fails. Issue 23: the same
 * screens in the dark theme (`<screen>-dark-<width>.png`), a test of their own.
 *
 * - Baselines live in e2e/screenshots/<screen>-<width>.png. `npm run test:screenshots:update`
 *   (UPDATE_SCREENSHOTS=1) rewrites all of them and the two README pictures in docs/screenshots/.
 * - A missing baseline is written; in CI (CI=true) that fails with a message saying so.
 * - On a difference the actual picture and a diff picture go to e2e/artifacts/screenshots/.
 *
 * The pages are made deterministic: a fresh database, fixed people, e-mails, warehouses, roles
 * and articles; no animation, no caret, no hover, no focus ring, fonts loaded; `<time>` masked.
 */
jest.setTimeout(180_000);

const BASELINES = path.join(__dirname, '..', 'screenshots');
const ARTIFACTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const README_PICTURES = path.join(__dirname, '..', '..', 'docs', 'screenshots');
/** Pictures the README shows, refreshed with the baselines. */
const README_SHOTS = ['dashboard-1280', 'warehouse-375'];
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
const CI = process.env.CI === 'true' || process.env.CI === '1';
/** pixelmatch's per-pixel colour threshold (0–1) and the share of pixels allowed to differ. */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFF_RATIO = 0.002;

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

/** Registers, logs in and verifies a person with a fixed name and e-mail (the pictures show both). */
async function person(stack: Stack, name: string, email: string): Promise<TestUser> {
  const api = new ApiClient(stack.shell.url);
  const password = 'Passwort123';
  const body = { name, email, password, password_confirmation: password, accept_terms: true };
  expect((await api.send('POST', '/api/register', body)).status).toBe(201);
  expect((await api.send('POST', '/api/login', { email, password })).status).toBe(200);
  await verifyOverApi(stack, api, email);
  const me = await api.get<{ id: number }>('/api/user');
  return { id: me.body.id, name, email, password, api };
}

/** Takes the picture of the settled page and compares it with (or writes) its baseline. */
async function check(page: Page, name: string, failures: string[]) {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await document.fonts.ready;
  });
  const shot = await page.screenshot({
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    mask: [page.locator('time')],
  });
  const file = path.join(BASELINES, `${name}.png`);
  const write = () => {
    fs.mkdirSync(BASELINES, { recursive: true });
    fs.writeFileSync(file, shot);
    if (README_SHOTS.includes(name)) {
      fs.mkdirSync(README_PICTURES, { recursive: true });
      fs.writeFileSync(path.join(README_PICTURES, `${name}.png`), shot);
    }
  };
  if (UPDATE) return write();
  if (!fs.existsSync(file)) {
    if (CI)
      failures.push(
        `${name}: no baseline e2e/screenshots/${name}.png (run npm run test:screenshots:update and commit it)`,
      );
    else write();
    return;
  }
  const expected = PNG.sync.read(fs.readFileSync(file));
  const actual = PNG.sync.read(shot);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  if (expected.width !== actual.width || expected.height !== actual.height) {
    fs.writeFileSync(path.join(ARTIFACTS, `${name}.actual.png`), shot);
    failures.push(
      `${name}: ${actual.width}×${actual.height} px, baseline ${expected.width}×${expected.height} px (see e2e/artifacts/screenshots/)`,
    );
    return;
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const ratio = differing / (actual.width * actual.height);
  if (ratio > MAX_DIFF_RATIO) {
    fs.writeFileSync(path.join(ARTIFACTS, `${name}.actual.png`), shot);
    fs.writeFileSync(path.join(ARTIFACTS, `${name}.diff.png`), PNG.sync.write(diff));
    failures.push(`${name}: ${differing} pixels (${(ratio * 100).toFixed(2)} %) differ from the baseline`);
  }
}

async function shootAtBothWidths(page: Page, screen: string, failures: string[]) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // The 1024 px breakpoint re-renders the header (matchMedia): let React commit first.
    await page.waitForTimeout(100);
    await settle(page);
    await check(page, `${screen}-${size.width}`, failures);
  }
}

const SCREENS = [
  ['dashboard', '/dashboard'],
  ['warehouse', '/warehouse'],
  ['account', '/user'],
  ['my-warehouses', '/admin/warehouse/my'],
  ['user-admin', '/admin/user'],
  ['roles', '/admin/user/roles'],
  ['invite', '/admin/user/invite'],
  ['stock', '/stock'],
] as const;

describeInBrowser('screenshots of the ten main screens match their baselines', () => {
  let anna: TestUser;

  useStackAndBrowser();

  beforeAll(async () => {
    anna = await person(stack, 'Anna Admin', 'anna@example.com');
    await createWarehouse(anna, 'Außenlager');
    await createWarehouse(anna, 'Hauptlager');
    const picker = await createRole(anna, 'Lagerist', ['invite_user', 'view_stock', 'book_goods']);
    await createRole(anna, 'Inventur', ['view_stock', 'count_stock']);
    await addMember(stack, anna, await person(stack, 'Ben Berger', 'ben@example.com'), picker);
    await createArticle(stack, anna, { sku: 'SCH-M4', name: 'Schrauben M4', minStock: 50, quantity: 120 });
    await createArticle(stack, anna, { sku: 'DUE-8', name: 'Dübel 8 mm', minStock: 10, quantity: 3 });
    await createArticle(stack, anna, { sku: 'KAB-200', name: 'Kabelbinder 200 mm', minStock: 0, quantity: 40 });
  });

  /**
   * Shoots the ten screens in one colour scheme. The dark theme follows prefers-color-scheme, so
   * its pictures are the same screens with that media feature emulated, named `<screen>-dark-<width>`.
   */
  async function shootAll(theme: 'light' | 'dark') {
    const suffix = theme === 'dark' ? '-dark' : '';
    const failures: string[] = [];
    const sessions: Session[] = [await newSession(browser), await newSession(browser)];
    await Promise.all(sessions.map((s) => s.context.tracing.stop()));
    const [loggedOut, loggedIn] = sessions as [Session, Session];
    await Promise.all(sessions.map((s) => s.page.emulateMedia({ colorScheme: theme })));
    await loggedIn.context.addCookies(
      anna.api.cookieList().map(({ name, value }) => ({ name, value, url: stack.shell.url })),
    );
    await withArtifacts(`screenshots ${theme}`, sessions, async () => {
      const out = loggedOut.page;
      await out.goto(`${stack.shell.url}/login`);
      await settle(out);
      await shootAtBothWidths(out, `login${suffix}`, failures);
      await visit(out, '/register');
      await shootAtBothWidths(out, `register${suffix}`, failures);

      const page = loggedIn.page;
      await page.goto(`${stack.shell.url}/dashboard`);
      await settle(page);
      for (const [screen, route] of SCREENS) {
        await visit(page, route);
        await shootAtBothWidths(page, `${screen}${suffix}`, failures);
      }
    });
    if (UPDATE) console.log(`Screenshot baselines (${theme}) written to ${BASELINES}`);
    return failures;
  }

  test('login, register, dashboard, warehouse, account, my warehouses, user admin, roles, invite, stock at 1280 and 375 px', async () => {
    expect(await shootAll('light')).toEqual([]);
  });

  test('the same ten screens in the dark theme (prefers-color-scheme: dark) at 1280 and 375 px', async () => {
    expect(await shootAll('dark')).toEqual([]);
  });
});

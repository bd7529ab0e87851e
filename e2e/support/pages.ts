import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { type Stack, startTestStack } from './stack';

/** The screens of the spec a logged-out visitor can open. */
export const PUBLIC_PATHS = [
  '/',
  '/login',
  '/register',
  '/forgotpassword',
  '/info',
  '/info/about',
  '/info/agb',
  '/info/privacypolicy',
] as const;

/** Waits until a screen is drawn: its heading, no spinner or skeleton left, no section on its way. */
export async function settle(page: Page) {
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  // Lists and forms fetch after the heading; a section's progress bar sits above the page, and a
  // dashboard card from a section holds its place with a placeholder until its code arrives.
  await page.waitForFunction(
    () =>
      !document.querySelector('main .spinner, main .skeleton-line, .section-progress, .section-extension-placeholder'),
    undefined,
    { timeout: 15_000 },
  );
}

/** Navigates inside the single-page app the way a link does (no reload), then settles. */
export async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path || !path.includes('?'), { timeout: 5_000 });
  await settle(page);
}

/**
 * Confirms a (German) password dialog the way the journeys check it: a wrong password first (the
 * dialog says so and stays open), then the right one, until it reports `done`.
 */
export async function confirmWrongThenRight(
  dialog: Locator,
  { confirm, wrong, password, done }: { confirm: string; wrong: string; password: string; done: string },
) {
  await dialog.getByLabel('Passwort').fill(wrong);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Das Passwort ist falsch.' }).waitFor();
  await dialog.getByLabel('Passwort').fill(password);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.getByRole('status').filter({ hasText: done }).waitFor();
}

/**
 * The stack and the browser of this test file, started by `useStackAndBrowser()`. Read them inside
 * hooks and tests: an import is live and sees what the file's `beforeAll` set. Every test file
 * loads its own copy of this module, so files never share them.
 */
export let stack: Stack;
export let browser: Browser;

/**
 * One stack and one browser for a whole test file: started side by side in `beforeAll` (if one
 * fails the other is stopped again, so a missing build fails the file at once instead of leaving a
 * browser that keeps Jest alive), stopped in `afterAll`. `options` go to `startTestStack`; as a
 * function they are read when the stack starts, after the `beforeAll` hooks registered before.
 */
export function useStackAndBrowser(options: StackOptions | (() => StackOptions) = {}): void {
  beforeAll(async () => {
    [stack, browser] = await startStackAndBrowser(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
}

type StackOptions = Record<string, unknown>;

async function startStackAndBrowser(options: StackOptions): Promise<[Stack, Browser]> {
  const [started, launched] = await Promise.allSettled([startTestStack(options), launchBrowser()]);
  if (started.status === 'fulfilled' && launched.status === 'fulfilled') return [started.value, launched.value];
  if (started.status === 'fulfilled') await started.value.stop();
  if (launched.status === 'fulfilled') await launched.value.close();
  throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
}

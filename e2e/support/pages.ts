import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { type Stack, startTestStack } from './stack';

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
 * A stack and a browser, started side by side. If one fails the other is stopped again, so a
 * missing build fails the file at once instead of leaving a browser that keeps Jest alive.
 */
/**
 * One stack and one browser for a whole test file: started together in `beforeAll` (a failed start
 * closes the other), handed to `use`, stopped in `afterAll`.
 */
export function useStackAndBrowser(use: (stack: Stack, browser: Browser) => void): void {
  let started: [Stack, Browser] | undefined;
  beforeAll(async () => {
    started = await startStackAndBrowser();
    use(...started);
  });
  afterAll(async () => {
    await started?.[1].close();
    await started?.[0].stop();
  });
}

async function startStackAndBrowser(): Promise<[Stack, Browser]> {
  const [stack, browser] = await Promise.allSettled([startTestStack(), launchBrowser()]);
  if (stack.status === 'fulfilled' && browser.status === 'fulfilled') return [stack.value, browser.value];
  if (stack.status === 'fulfilled') await stack.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw stack.status === 'rejected' ? stack.reason : (browser as PromiseRejectedResult).reason;
}

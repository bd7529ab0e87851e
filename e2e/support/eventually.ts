import type { Locator } from 'playwright-core';

/**
 * A retrying assertion: runs `check` (reads of the page plus Jest expectations) again and again
 * until it passes, and fails with its last error once `timeout` ms have passed.
 *
 * Why: a page read once right after a click or a navigation can still show the screen before
 * (a clean-clone run once found the login page's footer link on /forgotpassword). Playwright's
 * web-first `expect` lives in `@playwright/test`, which the journeys do not use (they run under
 * Jest with `playwright-core`), so this is the one polling helper they share, like `toPass()`:
 *
 *   await eventually(async () => {
 *     const rows = await list.getByRole('row').count();
 *     expect(rows).toBeGreaterThan(2);
 *   });
 *
 * The common reads have their own: `expectCount(locator, n)`, `expectText(locator, text)`,
 * `expectTextContaining(locator, part)`, `expectHidden(locator)`. A count, text or visibility
 * read outside them is read once: never assert on it.
 *
 * A check for absence passes as soon as the thing is gone: wait for the screen itself first
 * (its heading, its URL), as the journeys do, so "not there yet" cannot pass for "gone".
 */
export async function eventually(
  check: () => unknown,
  { timeout = 10_000, interval = 100 }: { timeout?: number; interval?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

type Options = Parameters<typeof eventually>[1];

/** Waits until `locator` matches exactly `n` elements (0: until it is gone). */
export function expectCount(locator: Locator, n: number, options?: Options): Promise<void> {
  return eventually(async () => {
    const count = await locator.count();
    expect(count).toBe(n);
  }, options);
}

/** Waits until the (single) element of `locator` has exactly this text content. */
export function expectText(locator: Locator, text: string, options?: Options): Promise<void> {
  return eventually(async () => {
    const content = await locator.textContent();
    expect(content).toBe(text);
  }, options);
}

/** Waits until the (single) element of `locator` has a text content that contains `part`. */
export function expectTextContaining(locator: Locator, part: string, options?: Options): Promise<void> {
  return eventually(async () => {
    const content = await locator.textContent();
    expect(content).toContain(part);
  }, options);
}

/** Waits until `locator` is not visible (hidden or gone). */
export function expectHidden(locator: Locator, options?: Options): Promise<void> {
  return eventually(async () => {
    const visible = await locator.isVisible();
    expect(visible).toBe(false);
  }, options);
}

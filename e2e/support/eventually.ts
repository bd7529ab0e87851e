/**
 * A retrying assertion: runs `check` (reads of the page plus Jest expectations) again and again
 * until it passes, and fails with its last error once `timeout` ms have passed.
 *
 * Why: a page read once right after a click or a navigation can still show the screen before
 * (a clean-clone run once found the login page's footer link on /forgotpassword). Playwright's
 * web-first `expect` lives in `@playwright/test`, which the journeys do not use (they run under
 * Jest with `playwright-core`), so this is the one polling helper they share, like `toPass()`:
 *
 *   await eventually(async () => expect(await footer.getByRole('link').count()).toBe(0));
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

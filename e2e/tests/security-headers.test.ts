import { createWarehouse, loginViaUi, registerUser } from '../support/actions';
import { describeInBrowser, newSession, withArtifacts } from '../support/browser';
import { eventually } from '../support/eventually';
import { browser, PUBLIC_PATHS, stack, useStackAndBrowser } from '../support/pages';

const MEMBER_SCREENS = [
  '/dashboard',
  '/warehouse',
  '/admin',
  '/user',
  '/admin/warehouse',
  '/admin/user',
  '/admin/user/roles/new',
];

describeInBrowser('security headers', () => {
  useStackAndBrowser();

  test('every screen loads under the CSP without a violation', async () => {
    const session = await newSession(browser);
    await withArtifacts('csp on every screen', [session], async () => {
      const { page, context } = session;
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
          report(`${e.violatedDirective} ${e.blockedURI} on ${location.pathname}`);
        });
      });

      const visit = async (path: string) => {
        const response = await page.goto(`${stack.shell.url}${path}`);
        const csp = response!.headers()['content-security-policy'] ?? '';
        expect(csp).toContain("frame-ancestors 'none'");
        for (const remote of Object.values(stack.remotes)) expect(csp).toContain(remote.url);
        expect(response!.headers()['x-content-type-options']).toBe('nosniff');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Let late section chunks and their styles arrive before moving on.
        await page.waitForLoadState('networkidle');
      };

      for (const path of PUBLIC_PATHS) await visit(path);
      const user = await registerUser(stack, { prefix: 'csp' });
      await createWarehouse(user, 'CSP Lager');
      await loginViaUi(page, stack, user);
      for (const path of MEMBER_SCREENS) await visit(path);

      // An open dialog: Radix's scroll lock adds a <style> element, allowed by the page's nonce.
      await visit('/user');
      await page.getByRole('button', { name: 'Konto löschen' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForFunction(() => getComputedStyle(document.body).overflow === 'hidden');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      expect(violations).toEqual([]);
      expect(session.errors).toEqual([]);

      // The listener does hear violations: an injected inline script is blocked and reported.
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.head.append(script);
      });
      await eventually(() => expect(violations).toHaveLength(1), { timeout: 2_000 });
      expect(violations[0]).toMatch(/^script-src/);
      await eventually(async () =>
        expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined(),
      );
    });
  });

  test('the page cannot be framed by another site', async () => {
    const session = await newSession(browser);
    await withArtifacts('no framing', [session], async () => {
      const { page } = session;
      await page.setContent(`<iframe id="f" src="${stack.shell.url}/login"></iframe>`);
      await page.waitForTimeout(1_500);
      const framed = page.frames().find((f) => f.url().startsWith(stack.shell.url));
      const loaded = framed ? await framed.evaluate(() => document.title).catch(() => '') : '';
      expect(loaded).toBe('');
    });
  });
});

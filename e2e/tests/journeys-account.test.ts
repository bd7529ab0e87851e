import type { Browser } from 'playwright-core';
import { loginViaUi, pathOf, uniqueEmail, waitForPath } from '../support/actions';
import { describeInBrowser, launchBrowser, newSession, withArtifacts } from '../support/browser';
import { linkFromMail, readOutbox, type Stack, startTestStack } from '../support/stack';

/** Issue 8, journeys of one person and their account (1, 6, 7, 8, 10, 11, 12). */
describeInBrowser('journeys: account', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('1. register with the terms read and accepted → mail link → unverified is confined to /user and info → verify → dashboard', async () => {
    const session = await newSession(browser);
    await withArtifacts('journey 1 register', [session], async () => {
      const { page } = session;
      const email = uniqueEmail('rita');
      const password = 'Lagerhaus42';

      // Register (German by default).
      await page.goto(`${stack.shell.url}/register`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Registrieren' }).waitFor();
      await main.getByLabel('Name', { exact: true }).fill('Rita Register');
      await main.getByLabel('E-Mail', { exact: true }).fill(email);
      await main.getByLabel('Passwort', { exact: true }).fill(password);
      await main.getByLabel('Passwort bestätigen', { exact: true }).fill(password);
      await main.getByRole('button', { name: 'Registrieren', exact: true }).click();

      // The terms popup: Accept unlocks only once the text has been read to its end.
      const terms = page.getByRole('dialog', { name: 'Allgemeine Geschäftsbedingungen' });
      await terms.waitFor();
      const accept = terms.getByRole('button', { name: 'Akzeptieren' });
      expect(await accept.isDisabled()).toBe(true);
      const region = terms.getByRole('region', { name: 'Zusammenfassung der AGB' });
      await region.hover();
      await page.mouse.wheel(0, 5000);
      await expectEnabled(accept);
      await accept.click();
      await main.getByText(/Registrierung erfolgreich/).waitFor();
      await waitForPath(page, '/login');

      // The verification mail arrived; log in while still unverified.
      const mails = readOutbox(stack, email);
      expect(mails).toHaveLength(1);
      const link = linkFromMail(stack, email, '/email/verify/');
      expect(link.startsWith(`${stack.shell.url}/email/verify/`)).toBe(true);
      await loginViaUi(page, stack, { email, password }, { verified: false });
      await main.getByRole('heading', { level: 1, name: 'Mein Konto' }).waitFor();
      await main.getByRole('heading', { name: 'E-Mail-Adresse bestätigen' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
      expect(await navLabels(nav)).toEqual(['Benutzer', 'Info', 'Abmelden']);

      // Confined: protected routes lead back to /user; info pages stay reachable.
      for (const path of ['/dashboard', '/warehouse', '/admin', '/admin/warehouse/new', '/admin/user/roles']) {
        await page.goto(`${stack.shell.url}${path}`);
        await waitForPath(page, '/user');
        await main.getByRole('heading', { level: 1, name: 'Mein Konto' }).waitFor();
      }
      await page.goto(`${stack.shell.url}/info/agb`);
      await main.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' }).waitFor();
      expect(pathOf(page)).toBe('/info/agb');
      // The logo of an unverified user leads to /user.
      await page.getByRole('link', { name: 'Lager – Startseite' }).click();
      await waitForPath(page, '/user');

      // Verify with the link from the mail: success, reload, then the dashboard is open.
      await page.goto(link);
      await main.getByText('Ihre E-Mail-Adresse wurde bestätigt. Vielen Dank!').waitFor();
      await waitForPath(page, '/dashboard');
      await main.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await main.getByText('Willkommen, Rita Register!').waitFor();
      expect(await navLabels(nav)).toEqual(['Benutzer', 'Lager', 'Admin', 'Info', 'Abmelden']);
      expect(session.errors).toEqual([]);
    });
  });
});

async function navLabels(nav: import('playwright-core').Locator): Promise<string[]> {
  await nav.getByRole('listitem').first().waitFor();
  return (await nav.getByRole('listitem').allTextContents()).map((s) => s.trim());
}

async function expectEnabled(locator: import('playwright-core').Locator, timeout = 5000) {
  const deadline = Date.now() + timeout;
  while (await locator.isDisabled()) {
    if (Date.now() > deadline) throw new Error('still disabled');
    await new Promise((r) => setTimeout(r, 50));
  }
}

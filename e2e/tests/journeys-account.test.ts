import AxeBuilder from '@axe-core/playwright';
import {
  addMember,
  createWarehouse,
  loginViaUi,
  pathOf,
  preferEnglish,
  registerPeople,
  registerUser,
  uniqueEmail,
  waitForPath,
  warehouseWithRole,
} from '../support/actions';
import { describeInBrowser, newSession, withArtifacts } from '../support/browser';
import { eventually, expectCount, expectHidden } from '../support/eventually';
import { browser, confirmWrongThenRight, stack, useStackAndBrowser } from '../support/pages';
import { linkFromMail, readOutbox } from '../support/stack';

/** Issue 8, journeys of one person and their account (1, 6, 7, 8, 10, 11, 12). */
// Multi-user stories with real reload delays: more room than the 90 s default on a 2-core runner.
jest.setTimeout(150_000);

describeInBrowser('journeys: account', () => {
  useStackAndBrowser();

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
      await eventually(async () => expect(await accept.isDisabled()).toBe(true));
      const region = terms.getByRole('region', { name: 'Zusammenfassung der AGB' });
      await region.hover();
      await page.mouse.wheel(0, 5000);
      await eventually(async () => expect(await accept.isDisabled()).toBe(false));
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
      await eventually(async () => expect(await navLabels(nav)).toEqual(['Benutzer', 'Info', 'Abmelden']));

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
      await eventually(async () =>
        expect(await navLabels(nav)).toEqual(['Benutzer', 'Lager', 'Admin', 'Info', 'Abmelden']),
      );
      expect(session.errors).toEqual([]);
    });
  });

  test('6. forgot password → reset link from the outbox → invalid token path → reset → login with the new password', async () => {
    const user = await registerUser(stack, { prefix: 'paula', name: 'Paula Pass' });
    const session = await newSession(browser, { locale: 'en-US' });
    await preferEnglish(session.page);
    await withArtifacts('journey 6 password reset', [session], async () => {
      const { page } = session;
      const main = page.getByRole('main');
      await page.goto(`${stack.shell.url}/login`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Forgot password?' }).click();
      await waitForPath(page, '/forgotpassword');
      // No forgot-password link in the footer on this page.
      await expectCount(page.getByRole('contentinfo').getByRole('link'), 0);
      await main.getByLabel('E-mail').fill(user.email);
      await main.getByRole('button', { name: 'Send reset link' }).click();
      await main.getByRole('status').filter({ hasText: 'we have sent you a link' }).waitFor();
      await waitForPath(page, '/login');

      const link = new URL(linkFromMail(stack, user.email, '/reset-password'));
      expect(link.origin + link.pathname).toBe(`${stack.shell.url}/reset-password`);
      expect(link.searchParams.get('email')).toBe(user.email);

      // A tampered token: the message, then /forgotpassword after the delay.
      const forged = new URL(link);
      // Another first character (a base64url token starts with "x" one time in 64: "x…" would be the real one).
      const token = link.searchParams.get('token')!;
      forged.searchParams.set('token', `${token.startsWith('x') ? 'y' : 'x'}${token.slice(1)}`);
      await page.goto(forged.href);
      await main.getByRole('alert').filter({ hasText: 'Invalid or expired token.' }).waitFor();
      await waitForPath(page, '/forgotpassword');

      // The real link: a new password.
      await page.goto(link.href);
      await main.getByText(`For ${user.email}`).waitFor();
      await main.getByLabel('New password', { exact: true }).fill('short');
      await main.getByLabel('Confirm new password').fill('short');
      await main.getByRole('button', { name: 'Reset password' }).click();
      await main.getByRole('alert').filter({ hasText: 'at least 8 characters' }).waitFor();
      await main.getByLabel('New password', { exact: true }).fill('Frisch-und-neu-7');
      await main.getByLabel('Confirm new password').fill('Frisch-und-neu-7');
      await main.getByRole('button', { name: 'Reset password' }).click();
      await main.getByRole('status').filter({ hasText: 'Your password has been reset.' }).waitFor();
      await waitForPath(page, '/login');

      // The old password no longer works; the new one does.
      await main.getByLabel('E-mail').fill(user.email);
      await main.getByLabel('Password').fill(user.password);
      await main.getByRole('button', { name: 'Log in', exact: true }).click();
      await main.getByRole('alert').filter({ hasText: 'Login failed.' }).waitFor();
      await loginViaUi(page, stack, { email: user.email, password: 'Frisch-und-neu-7' }, { language: 'en' });
      await main.getByText('Welcome, Paula Pass!').waitFor();
      // The link is single use.
      // Logout shows /login at once and reloads 100 ms later: wait for that reload, or it can
      // replace the navigation to the link below (the page ends on /login without the alert).
      const reloaded = page.waitForEvent('load');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/login');
      await reloaded;
      await page.goto(link.href);
      await main.getByRole('alert').filter({ hasText: 'Invalid or expired token.' }).waitFor();
      expect(session.errors).toEqual([]);
    });
  });

  test('7. account deletion with the password; the owned warehouses are gone for former guests', async () => {
    const [owner, guest] = await registerPeople(stack, ['dieter', 'Dieter Delete'], ['gustav', 'Gustav Gast']);
    const role = await warehouseWithRole(owner, 'Altes Lager', 'Packer');
    await addMember(stack, owner, guest, role);
    const ownerSession = await newSession(browser);
    const guestSession = await newSession(browser);
    await withArtifacts('journey 7 delete account', [ownerSession, guestSession], async () => {
      // The guest sees the warehouse first.
      const g = guestSession.page;
      const gm = g.getByRole('main');
      await loginViaUi(g, stack, guest);
      await gm.getByRole('listitem').filter({ hasText: 'Altes Lager' }).waitFor();

      const o = ownerSession.page;
      const om = o.getByRole('main');
      await loginViaUi(o, stack, owner);
      await o.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Benutzer' }).click();
      await waitForPath(o, '/user');
      await om.getByRole('button', { name: 'Konto löschen' }).click();
      const dialog = o.getByRole('dialog', { name: 'Konto löschen' });
      await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Das Passwortfeld darf nicht leer sein.' }).waitFor();
      await confirmWrongThenRight(dialog, {
        confirm: 'Endgültig löschen',
        wrong: 'nicht-das-passwort',
        password: owner.password,
        done: 'Ihr Konto wurde gelöscht.',
      });
      // The reload starts the app logged out.
      await waitForPath(o, '/login');
      await o.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Anmelden' }).waitFor();
      // The account is gone: its login fails.
      await om.getByLabel('E-Mail').fill(owner.email);
      await om.getByLabel('Passwort').fill(owner.password);
      await om.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await om.getByRole('alert').filter({ hasText: 'Anmeldung fehlgeschlagen.' }).waitFor();

      // For the former guest the warehouse is gone everywhere.
      await g.reload();
      await gm.getByText('Noch keine Lager.').waitFor();
      await gm.getByText('Sie gehören noch zu keinem Lager.', { exact: false }).first().waitFor();
      await g.goto(`${stack.shell.url}/admin/warehouse/guest`);
      await gm.getByText('Sie sind in keinem Lager Gast.').waitFor();
      await g.getByRole('link', { name: 'Lager – Startseite' }).click();
      await g.getByRole('region', { name: 'Lager wechseln' }).getByText('Sie gehören noch zu keinem Lager.').waitFor();
      expect([...ownerSession.errors, ...guestSession.errors]).toEqual([]);
    });
  });

  test('8. language: German by default on a clean profile; English after switching, kept over reloads on every screen', async () => {
    const user = await registerUser(stack, { prefix: 'emma', name: 'Emma English' });
    await createWarehouse(user, 'Pantry');
    // An English browser still starts in German: the product's default (spec §3).
    const session = await newSession(browser, { locale: 'en-US' });
    await withArtifacts('journey 8 language', [session], async () => {
      const { page } = session;
      const main = page.getByRole('main');
      await page.goto(`${stack.shell.url}/login`);
      await main.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
      await eventually(async () => expect(await page.evaluate(() => document.documentElement.lang)).toBe('de'));
      await eventually(async () => expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull());

      // Switch in the footer: stored, and the page reloads in English.
      const select = page.getByRole('contentinfo').getByLabel('Sprache');
      await Promise.all([page.waitForEvent('load'), select.selectOption('en')]);
      await main.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await eventually(async () => expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en'));
      await page.reload();
      await main.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await eventually(async () => expect(await page.evaluate(() => document.documentElement.lang)).toBe('en'));
      await expectEnglish(page);

      await loginViaUi(page, stack, user, { language: 'en' });
      const screens: [string, string][] = [
        ['/dashboard', 'Dashboard'],
        ['/warehouse', 'Warehouse: Pantry'],
        ['/admin', 'Administration'],
        ['/admin/user', 'User administration'],
        ['/admin/user/roles', 'User roles'],
        ['/admin/user/roles/new', 'New role'],
        ['/admin/user/invite', 'Invite user'],
        ['/admin/warehouse', 'Warehouse administration'],
        ['/admin/warehouse/new', 'New warehouse'],
        ['/admin/warehouse/my', 'My warehouses'],
        ['/admin/warehouse/guest', 'Guest warehouses'],
        ['/user', 'My account'],
        ['/info', 'Info'],
        ['/info/about', 'About Lager'],
        ['/info/agb', 'Terms of service'],
        ['/info/privacypolicy', 'Privacy policy'],
      ];
      for (const [path, heading] of screens) {
        await page.goto(`${stack.shell.url}${path}`);
        await main.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
        await expectEnglish(page);
      }
      // Back to German the same way.
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('contentinfo').getByLabel('Language').selectOption('de'),
      ]);
      await main.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' }).waitFor();
      expect(session.errors).toEqual([]);
    });
  });

  test('10. guard: deep links while logged out go to /login; unknown paths go to /', async () => {
    const user = await registerUser(stack, { prefix: 'gerd', name: 'Gerd Guard' });
    const session = await newSession(browser);
    await withArtifacts('journey 10 guard', [session], async () => {
      const { page } = session;
      const main = page.getByRole('main');
      const deepLinks = [
        '/dashboard',
        '/warehouse',
        '/admin',
        '/user',
        '/admin/user/roles/edit/1',
        '/admin/user/invite',
        '/admin/warehouse/edit/1',
        '/admin/warehouse/my',
        '/invitations/accept/abcdef',
        '/email/verify/1/abc?expires=1&signature=x',
      ];
      for (const path of deepLinks) {
        await page.goto(`${stack.shell.url}${path}`);
        await waitForPath(page, '/login');
        await main.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
      }
      // Info pages and the logged-out forms stay reachable.
      for (const path of ['/info/privacypolicy', '/register', '/forgotpassword']) {
        await page.goto(`${stack.shell.url}${path}`);
        await page.waitForTimeout(300);
        expect(pathOf(page)).toBe(path);
      }
      // Unknown paths (and routes missing their required query) go to / — which the guard
      // resolves in the same step: the login screen for a visitor, the dashboard when verified.
      for (const path of ['/', '/no-such-page', '/admin/nonsense/deep', '/reset-password?token=only']) {
        await page.goto(`${stack.shell.url}${path}`);
        await waitForPath(page, '/login');
        await main.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
      }
      await loginViaUi(page, stack, user);
      for (const path of ['/no-such-page', '/login', '/register', '/']) {
        await page.goto(`${stack.shell.url}${path}`);
        await waitForPath(page, '/dashboard');
      }
      await main.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(session.errors).toEqual([]);
    });
  });

  test('11. accessibility: no serious or critical axe violations on login, register, dashboard, a form and a list', async () => {
    const user = await registerUser(stack, { prefix: 'alex', name: 'Alex Axe' });
    await createWarehouse(user, 'Archiv');
    await createWarehouse(user, 'Bibliothek');
    const session = await newSession(browser);
    await withArtifacts('journey 11 accessibility', [session], async () => {
      const { page } = session;
      const main = page.getByRole('main');
      const report: Record<string, string[]> = {};
      const audit = async (name: string) => {
        const result = await new AxeBuilder({ page }).analyze();
        report[name] = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      await page.goto(`${stack.shell.url}/login`);
      await main.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
      await audit('login');
      await page.goto(`${stack.shell.url}/register`);
      await main.getByRole('heading', { level: 1, name: 'Registrieren' }).waitFor();
      await audit('register');
      await loginViaUi(page, stack, user);
      await main.getByRole('listitem').filter({ hasText: 'Archiv' }).waitFor();
      await audit('dashboard');
      await page.goto(`${stack.shell.url}/admin/warehouse/new`);
      await main.getByLabel('Branche').locator('option', { hasText: 'Handel' }).waitFor({ state: 'attached' });
      await audit('new warehouse form');
      await page.goto(`${stack.shell.url}/admin/warehouse/my`);
      await main.getByRole('checkbox', { name: 'Bibliothek' }).waitFor();
      await audit('my warehouses list');
      expect(report).toEqual({
        login: [],
        register: [],
        dashboard: [],
        'new warehouse form': [],
        'my warehouses list': [],
      });
    });
  });

  test('12. mobile width (390 px): the hamburger menu works; the terms page shows the short German title', async () => {
    const session = await newSession(browser, { width: 390 });
    await withArtifacts('journey 12 mobile', [session], async () => {
      const { page } = session;
      const main = page.getByRole('main');
      await page.goto(`${stack.shell.url}/login`);
      await main.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
      const menuButton = page.getByRole('button', { name: 'Menü' });
      const menu = page.locator('#main-menu');
      await eventually(async () => expect(await menuButton.getAttribute('aria-expanded')).toBe('false'));
      await expectHidden(menu);
      await menuButton.click();
      await eventually(async () => expect(await menuButton.getAttribute('aria-expanded')).toBe('true'));
      await menu.getByRole('link', { name: 'Info' }).waitFor();
      await eventually(async () =>
        expect((await menu.getByRole('listitem').allTextContents()).map((t) => t.trim())).toEqual(['Anmelden', 'Info']),
      );
      // From the keyboard: Tab into the menu, Escape closes it and focus returns to its button.
      await page.keyboard.press('Tab');
      await eventually(async () =>
        expect(await menu.evaluate((nav) => nav.contains(document.activeElement))).toBe(true),
      );
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await eventually(async () =>
        expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true),
      );
      // A link in the menu navigates and closes the menu.
      await menuButton.click();
      await menu.getByRole('link', { name: 'Info' }).click();
      await waitForPath(page, '/info');
      await main.getByRole('heading', { level: 1, name: 'Info' }).waitFor();
      await menu.waitFor({ state: 'hidden' });

      // Terms: the short German title on a narrow screen.
      await page.goto(`${stack.shell.url}/info/agb`);
      await main.getByRole('heading', { level: 1, name: 'AGB', exact: true }).waitFor();
      // No horizontal scrolling at this width.
      await eventually(async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390),
      );
      // Widening the window brings the full title back.
      await page.setViewportSize({ width: 1280, height: 900 });
      await main.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' }).waitFor();
      expect(session.errors).toEqual([]);
    });
  });
});

/** German words that never appear in the English catalogues (names and data avoid them). */
const GERMAN =
  /\b(Sie|Ihre?n?|und|nicht|Benutzer|Abmelden|Anmelden|Sprache|Passwort|Lagerverwaltung|Speichern|Willkommen|bitte|wählen)\b/i;

async function expectEnglish(page: import('playwright-core').Page) {
  // Sections fill in after their data arrives: give loading states a moment.
  await page.waitForFunction(() => !document.querySelector('main [role="status"].loading'), undefined, {
    timeout: 10_000,
  });
  await eventually(async () => {
    // biome-ignore lint/performance/useDomNodeTextContent: only rendered text counts (not hidden nodes).
    const text = await page.evaluate(() => document.body.innerText);
    // The language select names each language in its own language.
    const found = text.replace('Deutsch', '').match(GERMAN);
    expect([new URL(page.url()).pathname, found?.[0] ?? null]).toEqual([new URL(page.url()).pathname, null]);
  });
}

async function navLabels(nav: import('playwright-core').Locator): Promise<string[]> {
  await nav.getByRole('listitem').first().waitFor();
  return (await nav.getByRole('listitem').allTextContents()).map((s) => s.trim());
}

import type { Page } from 'playwright-core';
import {
  invite,
  loginViaUi,
  preferEnglish,
  registerUser,
  type TestUser,
  waitForPath,
  warehouseWithRole,
} from '../support/actions';
import { describeInBrowser, newSession, withArtifacts } from '../support/browser';
import { eventually, expectCount } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { linkFromMail, type Stack } from '../support/stack';

/**
 * Issue 16, defects 1, 5, 6, 7 and 9: drafts per user, mail links kept across the login (no open
 * redirect), Back without in-app history, Back after an accepted invitation, and a session that
 * ended elsewhere. One stack for the file; every test is one person's (or two people's) browser.
 */
// Per test; the whole file takes about 85 s on a loaded 2-core machine.
jest.setTimeout(90_000);

const TEXT = {
  de: {
    email: 'E-Mail',
    password: 'Passwort',
    login: 'Anmelden',
    logout: 'Abmelden',
    nav: 'Hauptnavigation',
    back: 'Zurück',
    sessionEnded: 'Ihre Sitzung wurde beendet (abgemeldet oder abgelaufen).',
  },
  en: {
    email: 'E-mail',
    password: 'Password',
    login: 'Log in',
    logout: 'Logout',
    nav: 'Main navigation',
    back: 'Back',
    sessionEnded: 'Your session has ended (logged out or expired).',
  },
} as const;
type Language = keyof typeof TEXT;

/** Fills the login form the page shows now (it may carry `?next=`), without opening /login afresh. */
async function loginHere(page: Page, user: TestUser, language: Language) {
  const text = TEXT[language];
  const main = page.getByRole('main');
  await main.getByLabel(text.email, { exact: true }).fill(user.email);
  await main.getByLabel(text.password, { exact: true }).fill(user.password);
  await main.getByRole('button', { name: text.login, exact: true }).click();
}

/** Logout from the header; waits for the reload that follows (spec §4). */
async function logout(page: Page, language: Language) {
  const reloaded = page.waitForEvent('load');
  await page
    .getByRole('navigation', { name: TEXT[language].nav })
    .getByRole('button', { name: TEXT[language].logout })
    .click();
  await waitForPath(page, '/login');
  await reloaded;
}

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** An owner with a warehouse and one role (`Packer`) to invite with; `role` is its id. */
async function owner(stack: Stack, prefix: string): Promise<TestUser & { role: number }> {
  const user = await registerUser(stack, { prefix });
  return { ...user, role: await warehouseWithRole(user, `Lager von ${user.name}`, 'Packer') };
}

describeInBrowser('issue 16: session, drafts and history', () => {
  useStackAndBrowser();

  test('1. drafts are per user: what A typed (profile, invite) and never saved is not in B’s forms after A logs out', async () => {
    const [anna, bert] = await Promise.all([owner(stack, 'anna'), owner(stack, 'bert')]);
    const session = await newSession(browser);
    await withArtifacts('issue16 drafts per user', [session], async () => {
      const { page } = session;
      const main = page.getByRole('main');
      await loginViaUi(page, stack, anna);
      await page.goto(`${stack.shell.url}/user`);
      await main.getByLabel('Name', { exact: true }).fill('Annas ungespeicherter Name');
      await page.goto(`${stack.shell.url}/admin/user/invite`);
      await main.getByLabel('E-Mail', { exact: true }).fill('annas-gast@example.com');
      await main.getByLabel('Rolle').selectOption({ label: 'Packer' });
      // The draft is kept for Anna herself (a reload brings it back) …
      await page.reload();
      await eventually(async () =>
        expect(await main.getByLabel('E-Mail', { exact: true }).inputValue()).toBe('annas-gast@example.com'),
      );
      await logout(page, 'de');

      // … but Bert, next on this browser, sees his own profile and an empty invite form.
      await loginViaUi(page, stack, bert);
      await page.goto(`${stack.shell.url}/user`);
      await main.getByText(`Aktuell: ${bert.name}`).waitFor();
      await eventually(async () => expect(await main.getByLabel('Name', { exact: true }).inputValue()).toBe(''));
      await page.goto(`${stack.shell.url}/admin/user/invite`);
      await main.getByLabel('Rolle').locator('option', { hasText: 'Packer' }).waitFor({ state: 'attached' });
      await eventually(async () => expect(await main.getByLabel('E-Mail', { exact: true }).inputValue()).toBe(''));
      await eventually(async () => {
        const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
        expect(stored).not.toContain('Anna');
        expect(stored).not.toContain('annas-gast');
      });
      expect(session.errors).toEqual([]);
    });
  });

  test('5. mail links opened while logged out continue after login (invitation in English, verification in German); no open redirect', async () => {
    const [olga, carl, uwe] = await Promise.all([
      owner(stack, 'olga'),
      registerUser(stack, { prefix: 'carl' }),
      registerUser(stack, { prefix: 'uwe', verified: false }),
    ]);
    const acceptLink = await invite(stack, olga, carl.email, olga.role);
    const english = await newSession(browser, { locale: 'en-US' });
    await preferEnglish(english.page);
    const german = await newSession(browser);
    // The two people are independent: their timed reloads run side by side.
    const invitation = async () => {
      // The invitation: /login remembers it, the login continues there, and it is accepted.
      const page = english.page;
      const main = page.getByRole('main');
      await page.goto(acceptLink);
      await waitForPath(page, '/login');
      expect(query(page)).toEqual({ next: new URL(acceptLink).pathname });
      await loginHere(page, carl, 'en');
      await main.getByText('The invitation was accepted.', { exact: false }).waitFor();
      await waitForPath(page, '/warehouse');
      await main.getByRole('heading', { level: 1, name: `Warehouse: Lager von ${olga.name}` }).waitFor();

      // Only paths of this site are followed; anything else is the start page.
      const origin = new URL(stack.shell.url).origin;
      for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
        await page.goto(`${stack.shell.url}/login?next=${encodeURIComponent(next)}`);
        await waitForPath(page, '/dashboard');
        expect([next, new URL(page.url()).origin]).toEqual([next, origin]);
      }
    };
    const verification = async () => {
      // The verification link of a person not logged in: verified right after the login.
      const g = german.page;
      const verifyLink = linkFromMail(stack, uwe.email, '/email/verify/');
      await g.goto(verifyLink);
      await waitForPath(g, '/login');
      const verify = new URL(verifyLink);
      expect(query(g)).toEqual({ next: verify.pathname + verify.search });
      await loginHere(g, uwe, 'de');
      await g.getByRole('main').getByText('Ihre E-Mail-Adresse wurde bestätigt. Vielen Dank!').waitFor();
      await waitForPath(g, '/dashboard');
    };
    await withArtifacts('issue16 mail links across login', [english, german], async () => {
      await Promise.all([invitation(), verification()]);
      expect([...english.errors, ...german.errors]).toEqual([]);
    });
  });

  test('6. Back on a page opened directly goes to its parent page, not out of the app; with history it goes back', async () => {
    const user = await registerUser(stack, { prefix: 'berta' });
    const session = await newSession(browser);
    await withArtifacts('issue16 back without history', [session], async () => {
      await loginViaUi(session.page, stack, user);
      // A new tab with only this page in its history (a bookmark, a link from a mail).
      const tab = await session.context.newPage();
      tab.on('pageerror', (e) => session.errors.push(`pageerror: ${e.message}`));
      await tab.goto(`${stack.shell.url}/admin/warehouse/new`);
      await tab.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      await tab.getByRole('button', { name: TEXT.de.back }).click();
      await waitForPath(tab, '/admin/warehouse');
      // Now there is an earlier page of the app: Back is one step back.
      await tab.getByRole('button', { name: TEXT.de.back }).click();
      await waitForPath(tab, '/admin/warehouse/new');
      expect(session.errors).toEqual([]);
    });
  });

  test('7. browser Back after accepting an invitation does not run it again', async () => {
    const [otto, dora] = await Promise.all([owner(stack, 'otto'), registerUser(stack, { prefix: 'dora' })]);
    const acceptLink = await invite(stack, otto, dora.email, otto.role);
    const session = await newSession(browser, { locale: 'en-US' });
    await preferEnglish(session.page);
    await withArtifacts('issue16 back after invitation', [session], async () => {
      const { page } = session;
      const main = page.getByRole('main');
      let answers = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/invitations/accept/')) answers += 1;
      });
      await loginViaUi(page, stack, dora, { language: 'en' });
      await page.goto(acceptLink);
      await main.getByText('The invitation was accepted.', { exact: false }).waitFor();
      await waitForPath(page, '/warehouse');
      await main.getByRole('heading', { level: 1, name: `Warehouse: Lager von ${otto.name}` }).waitFor();
      await page.goBack();
      await waitForPath(page, '/dashboard');
      await main.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await expectCount(page.getByText('This invitation link has already been used.'), 0);
      expect(answers).toBe(1);
      expect(session.errors).toEqual([]);
    });
  });

  test('9. a session ended elsewhere: the tab says so (de: logout in another tab, at once; en: expiry, at the save), the draft stays, and the login returns to the page', async () => {
    const [sven, tina] = await Promise.all([registerUser(stack, { prefix: 'sven' }), owner(stack, 'tina')]);
    const german = await newSession(browser);
    const english = await newSession(browser, { locale: 'en-US' });
    await preferEnglish(english.page);
    // Two independent browsers: their timed reloads run side by side.
    const loggedOutElsewhere = async () => {
      // German: logged out in a second tab while the profile form holds unsaved text: this tab
      // follows at once (issue 23 §3), without waiting for its next request.
      const page = german.page;
      const main = page.getByRole('main');
      await loginViaUi(page, stack, sven);
      await page.goto(`${stack.shell.url}/user`);
      await main.getByLabel('Name', { exact: true }).fill('Sven nach dem Abmelden');
      const other = await german.context.newPage();
      await other.goto(`${stack.shell.url}/dashboard`);
      await logout(other, 'de');
      await other.close();
      await waitForPath(page, '/login');
      expect(query(page)).toEqual({ next: '/user', reason: 'session-ended' });
      await main.getByText(TEXT.de.sessionEnded, { exact: false }).waitFor();
      await loginHere(page, sven, 'de');
      await waitForPath(page, '/user');
      await main.getByText(`Aktuell: ${sven.name}`).waitFor();
      await eventually(async () =>
        expect(await main.getByLabel('Name', { exact: true }).inputValue()).toBe('Sven nach dem Abmelden'),
      );
    };
    const expired = async () => {
      // English: the session expired (its cookies are gone) while an invitation was being written.
      const e = english.page;
      const em = e.getByRole('main');
      await loginViaUi(e, stack, tina, { language: 'en' });
      await e.goto(`${stack.shell.url}/admin/user/invite`);
      await em.getByLabel('E-mail', { exact: true }).fill('new-colleague@example.com');
      await em.getByLabel('Role').selectOption({ label: 'Packer' });
      await english.context.clearCookies();
      await em.getByRole('button', { name: 'Send invitation' }).click();
      await waitForPath(e, '/login');
      expect(query(e)).toEqual({ next: '/admin/user/invite', reason: 'session-ended' });
      await em.getByText(TEXT.en.sessionEnded, { exact: false }).waitFor();
      await loginHere(e, tina, 'en');
      await waitForPath(e, '/admin/user/invite');
      await em.getByLabel('Role').locator('option', { hasText: 'Packer' }).waitFor({ state: 'attached' });
      await eventually(async () =>
        expect(await em.getByLabel('E-mail', { exact: true }).inputValue()).toBe('new-colleague@example.com'),
      );
    };
    await withArtifacts('issue16 session ended', [german, english], async () => {
      await Promise.all([loggedOutElsewhere(), expired()]);
      expect([...german.errors, ...english.errors]).toEqual([]);
    });
  });

  test('10. two tabs: a logout in one shows the other the login at once; a login in one reloads the other into the session (issue 23)', async () => {
    const user = await registerUser(stack, { prefix: 'tabea' });
    const session = await newSession(browser);
    await withArtifacts('issue23 two tabs', [session], async () => {
      const first = session.page;
      await loginViaUi(first, stack, user);
      const second = await session.context.newPage();
      await second.goto(`${stack.shell.url}/user`);
      await second.getByRole('main').getByText(`Aktuell: ${user.name}`).waitFor();
      let reloads = 0;
      second.on('load', () => {
        reloads += 1;
      });

      await logout(first, 'de');
      // The other tab follows by itself: nobody touches it.
      await waitForPath(second, '/login');
      expect(query(second)).toEqual({ next: '/user', reason: 'session-ended' });
      await second.getByRole('main').getByText(TEXT.de.sessionEnded, { exact: false }).waitFor();
      expect(reloads).toBe(0);

      await loginViaUi(first, stack, user);
      // A new session: the other tab starts again with it, back where it was.
      await waitForPath(second, '/user');
      await second.getByRole('main').getByText(`Aktuell: ${user.name}`).waitFor();
      expect(reloads).toBe(1);
      expect(session.errors).toEqual([]);
    });
  });
});

import type { Locator, Page } from 'playwright-core';
import {
  createRole,
  createWarehouse,
  invite,
  pathOf,
  preferEnglish,
  registerUser,
  type TestUser,
  uniqueEmail,
  waitForPath,
} from '../support/actions';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { eventually, expectCount } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';

/**
 * Issue 16 defects 3 (over-long input gets the wrong error), 4 (throttling is invisible) and 10
 * (names ignore case, lists in the language's order, wrong-account invitation, invite without roles,
 * registration message on the login page, no console errors for expected failures). One stack.
 * The throttling test runs last: it uses up the per-address limits of 127.0.0.1, the browser's.
 */
describeInBrowser('issue 16: forms say what is wrong, where, and how long to wait', () => {
  useStackAndBrowser();

  interface Tab extends Session {
    /** `console.error` lines and uncaught errors the page printed. */
    consoleErrors: string[];
    /** "METHOD /path" of every API request the page sent. */
    calls: string[];
  }

  /** A fresh profile in German or English, logged in as `user` (their API session's cookies) if given. */
  async function open(language: 'de' | 'en', user?: TestUser): Promise<Tab> {
    const session = await newSession(browser, { locale: language === 'de' ? 'de-DE' : 'en-US' });
    if (language === 'en') await preferEnglish(session.page);
    if (user) {
      await session.context.addCookies(user.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    }
    const consoleErrors: string[] = [];
    const calls: string[] = [];
    session.page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    session.page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
    session.page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
    });
    return { ...session, consoleErrors, calls };
  }

  const go = async (page: Page, path: string) => {
    await page.goto(`${stack.shell.url}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  };

  /**
   * Puts a value into a field the way a restored draft or a paste beyond `maxlength` would:
   * the native setter and an input event (React's onChange), so no `maxlength` shortens it.
   */
  async function setValue(field: Locator, value: string) {
    await field.evaluate((element, text) => {
      const input = element as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
  }

  /** The field is marked invalid and described by its error (TextField: `<id>-error`) saying `text`. */
  async function expectFieldError(field: Locator, text: string) {
    await field.and(field.page().locator('[aria-invalid="true"]')).waitFor();
    await eventually(async () => {
      const id = await field.getAttribute('id');
      const described = (await field.getAttribute('aria-describedby')) ?? '';
      expect(described.split(' ')).toContain(`${id}-error`);
      expect((await field.page().locator(`[id="${id}-error"]`).textContent()) ?? '').toBe(text);
    });
  }

  const LONG = 'L'.repeat(300);
  const TOO_LONG = {
    de: 'Zu lang: höchstens 255 Zeichen erlaubt.',
    en: 'Too long: at most 255 characters are allowed.',
  };

  test('3 + 10: over-long input is refused on its field before anything is sent; a name taken in another case is refused on the field (de + en)', async () => {
    const olga = await registerUser(stack, { prefix: 'olga' });
    const eve = await registerUser(stack, { prefix: 'eve' });
    const [hauptlager] = [await createWarehouse(olga, 'Hauptlager')];
    await createWarehouse(eve, 'Eves Lager');
    const de = await open('de', olga);
    const en = await open('en', eve);
    const visitor = await open('de');
    await withArtifacts('defects 3 and 10 forms', [de, en, visitor], async () => {
      // German, new warehouse: 300 characters → the limit on the name field, no request.
      let main = de.page.getByRole('main');
      await go(de.page, '/admin/warehouse/new');
      const name = main.getByLabel('Name', { exact: true });
      await setValue(name, LONG);
      await main.getByLabel('Branche').selectOption({ index: 1 });
      await main.getByLabel('Verwendung').selectOption({ index: 1 });
      await main.getByRole('button', { name: 'Lager anlegen' }).click();
      await expectFieldError(name, TOO_LONG.de);
      await main.getByRole('alert').filter({ hasText: TOO_LONG.de }).waitFor();
      expect(de.calls).not.toContain('POST /api/admin/warehouse');
      // Fixing the field takes its error away.
      await name.fill('hauptlager');
      await eventually(async () => expect(await name.getAttribute('aria-invalid')).toBeNull());
      // "hauptlager" is "Hauptlager": the server's 422 shows on the name field.
      await main.getByRole('button', { name: 'Lager anlegen' }).click();
      await expectFieldError(name, 'Ein Lager mit diesem Namen existiert bereits.');
      expect(de.calls).toContain('POST /api/admin/warehouse');

      // German, edit warehouse: the same limit, no PUT.
      await go(de.page, `/admin/warehouse/edit/${hauptlager}`);
      const editName = main.getByLabel('Name', { exact: true });
      await editName.waitFor();
      await setValue(editName, LONG);
      await main.getByRole('button', { name: 'Speichern' }).click();
      await expectFieldError(editName, TOO_LONG.de);
      expect(de.calls.filter((c) => c.startsWith('PUT '))).toEqual([]);

      // German, register: a 300-character name fails at once, before the e-mail check and the terms popup.
      main = visitor.page.getByRole('main');
      await go(visitor.page, '/register');
      const registerName = main.getByLabel('Name', { exact: true });
      await setValue(registerName, LONG);
      await main.getByLabel('E-Mail', { exact: true }).fill(uniqueEmail('lang'));
      await main.getByLabel('Passwort', { exact: true }).fill('Passwort123');
      await main.getByLabel('Passwort bestätigen', { exact: true }).fill('Passwort123');
      await main.getByRole('button', { name: 'Registrieren', exact: true }).click();
      await expectFieldError(registerName, TOO_LONG.de);
      await expectCount(visitor.page.getByRole('dialog'), 0);
      expect(visitor.calls.filter((c) => c.includes('check-email') || c.includes('register'))).toEqual([]);

      // English, invite in a warehouse without roles: why, and the way to the role form.
      main = en.page.getByRole('main');
      await go(en.page, '/admin/user/invite');
      await main
        .getByText('This warehouse has no roles yet. An invitation always gives a role, so create one first.')
        .waitFor();
      await main.getByRole('link', { name: 'Create the first role' }).click();
      await waitForPath(en.page, '/admin/user/roles/new');

      // English, new role: 300 characters → the limit on the field, nothing sent.
      const roleName = main.getByLabel('Role name');
      await setValue(roleName, LONG);
      await main.getByRole('checkbox').first().check();
      await main.getByRole('button', { name: 'Save role' }).click();
      await expectFieldError(roleName, TOO_LONG.en);
      expect(en.calls).not.toContain('POST /api/admin/createrole');
      // A role "Lagerist" exists: "LAGERIST" is the same name, said on the field.
      await createRole(eve, 'Lagerist', ['invite_user']);
      await roleName.fill('LAGERIST');
      await main.getByRole('button', { name: 'Save role' }).click();
      await expectFieldError(roleName, 'A role with this name already exists in this warehouse.');
      expect(pathOf(en.page)).toBe('/admin/user/roles/new');

      // English, invite: an address longer than the API takes.
      await go(en.page, '/admin/user/invite');
      const email = main.getByLabel('E-mail');
      await setValue(email, `${'a'.repeat(250)}@example.com`);
      await main.getByLabel('Role').selectOption({ label: 'Lagerist' });
      await main.getByRole('button', { name: 'Send invitation' }).click();
      await expectFieldError(email, TOO_LONG.en);
      expect(en.calls).not.toContain('POST /api/invitations/send');

      // English, profile: a 300-character name.
      await go(en.page, '/user');
      const profileName = main.getByRole('textbox', { name: 'Name', exact: true });
      await setValue(profileName, LONG);
      await main.getByRole('button', { name: 'Save profile' }).click();
      await expectFieldError(profileName, TOO_LONG.en);
      expect(en.calls).not.toContain('PUT /api/profile/update');

      // Refusals the user reads are not console errors.
      expect([...de.consoleErrors, ...en.consoleErrors, ...visitor.consoleErrors].filter(isAppError)).toEqual([]);
    });
  });

  test("10: lists in the language's order; an invitation opened by another account says why (de + en)", async () => {
    const owner = await registerUser(stack, { prefix: 'sortierer' });
    for (const name of ['Zebra', 'apfel 10', 'Lager 10', 'Äpfel', 'Lager 2', 'Apfel 9']) {
      await createWarehouse(owner, name);
    }
    const invitee = await registerUser(stack, { prefix: 'gemeinte' });
    const roleId = await createRole(owner, 'Gast', ['invite_user']);
    const link = await invite(stack, owner, invitee.email, roleId);
    const wrongDe = await registerUser(stack, { prefix: 'falsche' });
    const wrongEn = await registerUser(stack, { prefix: 'wrong' });
    const de = await open('de', owner);
    const other = await open('de', wrongDe);
    const en = await open('en', wrongEn);
    await withArtifacts('defect 10 order and invitation', [de, other, en], async () => {
      await go(de.page, '/admin/warehouse/my');
      const edits = de.page.getByRole('main').getByRole('link', { name: / bearbeiten$/ });
      await edits.first().waitFor();
      await eventually(async () => {
        const labels = await edits.evaluateAll((links) => links.map((l) => l.getAttribute('aria-label')));
        expect(labels).toEqual(
          ['Äpfel', 'Apfel 9', 'apfel 10', 'Lager 2', 'Lager 10', 'Zebra'].map((n) => `${n} bearbeiten`),
        );
      });

      const path = new URL(link).pathname;
      await other.page.goto(`${stack.shell.url}${path}`);
      await other.page
        .getByRole('main')
        .getByText('Diese Einladung wurde an eine andere E-Mail-Adresse gesendet.', { exact: false })
        .waitFor();
      await en.page.goto(`${stack.shell.url}${path}`);
      await en.page
        .getByRole('main')
        .getByText("This invitation was sent to a different e-mail address. Log in with that address's account", {
          exact: false,
        })
        .waitFor();
      // Still open for the person it was meant for.
      expect((await invitee.api.send('POST', `/api${path}`)).status).toBe(200);
      expect([...de.consoleErrors, ...other.consoleErrors, ...en.consoleErrors].filter(isAppError)).toEqual([]);
    });
  });

  test('10: the registration message is still there on the login page; a logged-out start and a refused login print no console error', async () => {
    const tab = await open('de');
    const fresh = await open('de');
    await withArtifacts('defect 10 registration message', [tab, fresh], async () => {
      // A logged-out start: not one console line (no GET api/user answering 401).
      await go(fresh.page, '/login');
      await fresh.page.waitForLoadState('networkidle');
      expect(fresh.calls).not.toContain('GET /api/user');
      expect(fresh.consoleErrors).toEqual([]);

      const { page } = tab;
      const main = page.getByRole('main');
      await go(page, '/register');
      await main.getByLabel('Name', { exact: true }).fill('Rosa Register');
      await main.getByLabel('E-Mail', { exact: true }).fill(uniqueEmail('rosa'));
      await main.getByLabel('Passwort', { exact: true }).fill('Passwort123');
      await main.getByLabel('Passwort bestätigen', { exact: true }).fill('Passwort123');
      await main.getByRole('button', { name: 'Registrieren', exact: true }).click();
      await acceptTerms(page, 'de');
      await waitForPath(page, '/login');
      await main.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
      await main.getByText('Registrierung erfolgreich.', { exact: false }).waitFor();

      // The refused login's 422 is expected: the app prints nothing about it.
      tab.consoleErrors.length = 0;

      await main.getByLabel('E-Mail', { exact: true }).fill('niemand@example.com');
      await main.getByLabel('Passwort', { exact: true }).fill('falsch-falsch');
      await main.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await main.getByRole('alert').filter({ hasText: 'Anmeldung fehlgeschlagen.' }).waitFor();
      expect(tab.consoleErrors.filter(isAppError)).toEqual([]);
    });
  });

  test('4: throttled forms say there were too many attempts and how long to wait (login de, forgot password en, resend en, register de)', async () => {
    const lena = await registerUser(stack, { prefix: 'lena' });
    const unverified = await registerUser(stack, { prefix: 'ulla', verified: false });
    const de = await open('de');
    const en = await open('en', unverified);
    const forgot = await open('en');
    await withArtifacts('defect 4 throttling', [de, en, forgot], async () => {
      // Login: five wrong passwords, then the right one is refused with the wait.
      let main = de.page.getByRole('main');
      await go(de.page, '/login');
      await main.getByLabel('E-Mail', { exact: true }).fill(lena.email);
      const password = main.getByLabel('Passwort', { exact: true });
      const submit = main.getByRole('button', { name: 'Anmelden', exact: true });
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await password.fill(`falsch-${attempt}`);
        const answer = de.page.waitForResponse((r) => r.url().endsWith('/api/login'));
        await submit.click();
        expect((await answer).status()).toBe(422);
      }
      await password.fill(lena.password);
      await submit.click();
      await main
        .getByRole('alert')
        .filter({ hasText: /^Zu viele Versuche\. Bitte warten Sie \d+ Sekunden? und versuchen Sie es dann erneut\.$/ })
        .waitFor();
      expect(pathOf(de.page)).toBe('/login');

      // Forgot password (English): the address's limit used up, the form says how long to wait.
      main = forgot.page.getByRole('main');
      await go(forgot.page, '/forgotpassword');
      await useUp(forgot.page, 'POST', '/api/forgot-password', { email: 'someone@example.com' });
      await main.getByLabel('E-mail').fill('someone@example.com');
      await main.getByRole('button', { name: 'Send reset link' }).click();
      await main
        .getByRole('alert')
        .filter({ hasText: /^Too many attempts\. Please wait \d+ seconds?, then try again\.$/ })
        .waitFor();

      // Resend verification (English).
      main = en.page.getByRole('main');
      await go(en.page, '/user');
      await useUp(en.page, 'POST', '/api/email/verification-notification', {});
      await main.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
      await main
        .getByRole('alert')
        .filter({ hasText: /^Too many attempts\. Please wait \d+ seconds?/ })
        .waitFor();

      // Register (German): the check passes, the terms are accepted, the registration itself is throttled.
      main = de.page.getByRole('main');
      await go(de.page, '/register');
      await useUp(de.page, 'POST', '/api/register', {});
      await main.getByLabel('Name', { exact: true }).fill('Tanja Takt');
      await main.getByLabel('E-Mail', { exact: true }).fill(uniqueEmail('tanja'));
      await main.getByLabel('Passwort', { exact: true }).fill('Passwort123');
      await main.getByLabel('Passwort bestätigen', { exact: true }).fill('Passwort123');
      await main.getByRole('button', { name: 'Registrieren', exact: true }).click();
      await acceptTerms(de.page, 'de');
      await main
        .getByRole('alert')
        .filter({ hasText: /^Zu viele Versuche\. Bitte warten Sie \d+ Sekunden?/ })
        .waitFor();
    });
  });

  /** Reads the terms popup to its end and accepts it. */
  async function acceptTerms(page: Page, language: 'de' | 'en') {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('region').hover();
    await page.mouse.wheel(0, 5000);
    const accept = dialog.getByRole('button', { name: language === 'de' ? 'Akzeptieren' : 'Accept' });
    await page.waitForFunction((button) => !(button as HTMLButtonElement).disabled, await accept.elementHandle());
    await accept.click();
  }

  /** Sends the request from the page (its address, its session) until the API answers 429. */
  async function useUp(page: Page, method: string, path: string, body: unknown) {
    const status = await page.evaluate(
      async ({ method, path, body }) => {
        await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
        const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        for (let i = 0; i < 30; i += 1) {
          const answer = await fetch(path, {
            method,
            credentials: 'include',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': token },
            body: JSON.stringify(body),
          });
          if (answer.status === 429) return 429;
        }
        return 0;
      },
      { method, path, body },
    );
    expect(status).toBe(429);
  }
});

/**
 * Lines the app itself printed (console.error, uncaught errors). Chromium adds its own line for
 * every 4xx answer ("Failed to load resource"): that is the browser's network log, not the app's.
 */
function isAppError(line: string): boolean {
  return !line.startsWith('Failed to load resource');
}

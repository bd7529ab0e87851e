import type { Page } from 'playwright-core';
import { ApiClient, createRole, registerUser, type TestUser, uniqueEmail, waitForPath } from '../support/actions';
import { describeInBrowser, newSession, withArtifacts } from '../support/browser';
import { eventually } from '../support/eventually';
import { browser, settle, stack, useStackAndBrowser } from '../support/pages';
import { linkFromMail } from '../support/stack';

/**
 * Issue 16: a keyboard-only journey — register → verify (the link from the outbox) → create a
 * warehouse → invite a user → delete a role — with Tab / Shift+Tab / Enter / Space / Escape / End
 * and typing only (no clicks). On every Tab stop the focused element must show a focus indicator
 * (an outline or a box-shadow); while a dialog is open focus stays inside it; without a dialog
 * Tab runs through the whole page (header, main, footer) and back to the start, never trapped.
 */
jest.setTimeout(120_000);

interface Focused {
  name: string;
  tag: string;
  inDialog: boolean;
  inFooter: boolean;
  indicator: boolean;
  /** tabindex=-1 targets (main after the skip link) are focused by script, never by Tab. */
  scripted: boolean;
}

/** What has keyboard focus, with its accessible-ish name and whether a focus indicator is drawn. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const label =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      el.getAttribute('title') ??
      '';
    return {
      name: label.trim().replace(/\s+/g, ' '),
      tag: el.tagName.toLowerCase(),
      inDialog: !!el.closest('[role="dialog"]'),
      inFooter: !!el.closest('footer'),
      indicator: outline || style.boxShadow !== 'none',
      scripted: el.getAttribute('tabindex') === '-1',
    };
  });
}

const describe = (f: Focused | null) => (f ? `<${f.tag}> "${f.name.slice(0, 40)}"` : '(nothing)');

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches `target`. Every stop must
 * show a focus indicator, and inside an open dialog focus must never leave it.
 */
async function tabTo(page: Page, target: RegExp, { back = false, max = 40 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    seen.push(describe(now));
    if (!now) continue;
    if (!now.scripted && !now.indicator) throw new Error(`no visible focus indicator on ${describe(now)}`);
    const dialogOpen = (await page.locator('[role="dialog"]').count()) > 0;
    if (dialogOpen && !now.inDialog) throw new Error(`focus left the open dialog: ${describe(now)}`);
    if (target.test(now.name)) return;
  }
  throw new Error(`${target} not reached with ${max} × ${back ? 'Shift+Tab' : 'Tab'}: ${seen.join(' → ')}`);
}

/** Types into the focused field, replacing what is there. */
async function typeHere(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/**
 * Without a dialog, Tab from the top of the page reaches the footer's last control and then
 * leaves the page (or starts over at the top): no element holds focus on its own.
 */
async function expectNoTrap(page: Page) {
  await page.locator('body').evaluate((body) => {
    (document.activeElement as HTMLElement | null)?.blur();
    body.focus();
  });
  let footer = false;
  const seen: string[] = [];
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    seen.push(describe(now));
    if (now && !now.scripted && !now.indicator) throw new Error(`no visible focus indicator on ${describe(now)}`);
    if (now?.inFooter) footer = true;
    else if (footer) return; // past the footer: focus went on (to the browser or back to the top)
  }
  throw new Error(`Tab did not get through the page: ${seen.join(' → ')}`);
}

describeInBrowser('keyboard only: register → verify → warehouse → invite → delete a role', () => {
  useStackAndBrowser();

  test('every step by keyboard, with a visible focus indicator and no trap outside dialogs (de)', async () => {
    const email = uniqueEmail('kai');
    const password = 'Passwort123';
    const session = await newSession(browser);
    await session.context.tracing.stop();
    const { page } = session;
    const main = page.getByRole('main');
    await withArtifacts('keyboard journey', [session], async () => {
      // Register: skip link, then the form's fields in order, submit with Enter.
      await page.goto(`${stack.shell.url}/register`);
      await settle(page);
      await tabTo(page, /^Zum Inhalt springen$/);
      await page.keyboard.press('Enter');
      await tabTo(page, /^Name$/);
      await typeHere(page, 'Kai Keyboard');
      await tabTo(page, /^E-Mail$/);
      await typeHere(page, email);
      await tabTo(page, /^Passwort$/);
      await typeHere(page, password);
      await tabTo(page, /^Passwort bestätigen$/);
      await typeHere(page, password);
      await tabTo(page, /^Registrieren$/);
      await page.keyboard.press('Enter');

      // The terms dialog: focus is inside and stays there; End scrolls the text, then Accept.
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect((await focused(page))?.inDialog).toBe(true);
      for (let i = 0; i < 6; i += 1) await tabTo(page, /./); // cycles inside the dialog only
      await tabTo(page, /^Zusammenfassung der AGB$/);
      await page.keyboard.press('End');
      await dialog.getByRole('button', { name: 'Akzeptieren' }).and(page.locator(':enabled')).waitFor();
      await tabTo(page, /^Akzeptieren$/);
      await page.keyboard.press('Enter');
      await waitForPath(page, '/login');

      // Log in (the form the registration leads to).
      await settle(page);
      await tabTo(page, /^E-Mail$/);
      await typeHere(page, email);
      await tabTo(page, /^Passwort$/);
      await typeHere(page, password);
      await page.keyboard.press('Enter');
      await waitForPath(page, '/user');

      // Verify: the link from the mail in the outbox; the app reloads into the dashboard.
      const link = new URL(linkFromMail(stack, email, '/email/verify/'));
      await page.goto(`${stack.shell.url}${link.pathname}${link.search}`);
      await waitForPath(page, '/dashboard', 20_000);
      await settle(page);
      await expectNoTrap(page);

      // Create a warehouse: the dashboard's link, name, the two selects with the arrow keys.
      await page.keyboard.press('Tab'); // back at the top of the page
      await tabTo(page, /^Neues Lager erstellen$/, { max: 60 });
      await page.keyboard.press('Enter');
      await waitForPath(page, '/admin/warehouse/new');
      await settle(page);
      await tabTo(page, /^Name$/);
      await typeHere(page, 'Tastaturlager');
      await tabTo(page, /^Branche$/);
      await page.keyboard.press('ArrowDown');
      await tabTo(page, /^Verwendung$/);
      await page.keyboard.press('ArrowDown');
      await tabTo(page, /^Lager anlegen$/);
      await page.keyboard.press('Enter');
      await main.getByText('Das Lager wurde angelegt.', { exact: false }).waitFor({ timeout: 10_000 });

      // Two roles and a registered person to invite, over HTTP, as a second device would.
      const { email: invitee } = await registerUser(stack, { prefix: 'ina', name: 'Ina Invitee' });
      const api = new ApiClient(stack.shell.url, 'de');
      expect((await api.send('POST', '/api/login', { email, password })).status).toBe(200);
      const me: TestUser = { id: 0, name: 'Kai Keyboard', email, password, api };
      await createRole(me, 'Lagerist', ['invite_user']);
      await createRole(me, 'Aushilfe', ['invite_user']);

      // Invite: e-mail, role (arrow keys in the select), send.
      await page.goto(`${stack.shell.url}/admin/user/invite`);
      await settle(page);
      await expectNoTrap(page);
      await page.keyboard.press('Tab');
      await tabTo(page, /^E-Mail$/, { max: 60 });
      await typeHere(page, invitee);
      await tabTo(page, /^Rolle$/);
      await page.keyboard.press('ArrowDown');
      let used: string | undefined;
      await eventually(async () => {
        used = await main.getByLabel('Rolle').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text);
        expect(['Lagerist', 'Aushilfe']).toContain(used);
      });
      await tabTo(page, /^Einladung senden$/);
      await page.keyboard.press('Enter');
      await main.getByText('Die Einladung wurde gesendet.').waitFor();
      expect(linkFromMail(stack, invitee, '/invitations/accept/')).toContain('/invitations/accept/');
      const other = used === 'Lagerist' ? 'Aushilfe' : 'Lagerist';

      // Delete the other role: Space ticks it, the red confirm; Esc first cancels and focus returns.
      await page.goto(`${stack.shell.url}/admin/user/roles`);
      await settle(page);
      await page.keyboard.press('Tab');
      await tabTo(page, new RegExp(`^${other}`), { max: 60 });
      await page.keyboard.press('Space');
      await tabTo(page, /^Ausgewählte löschen$/);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await eventually(async () => expect((await focused(page))?.name).toBe('Ausgewählte löschen'));
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await tabTo(page, /^Löschen$/);
      await eventually(async () =>
        expect(await page.evaluate(() => document.activeElement?.className)).toContain('danger'),
      );
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await main.getByRole('checkbox', { name: other }).waitFor({ state: 'detached' });
      await main.getByRole('checkbox', { name: used }).waitFor();
      expect(session.errors).toEqual([]);
    });
  });
});

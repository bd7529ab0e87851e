import type { Locator, Page } from 'playwright-core';
import {
  addMember,
  createRole,
  createWarehouse,
  invite,
  loginViaUi,
  pathOf,
  preferEnglish,
  registerPeople,
  registerUser,
  waitForPath,
  warehouseWithRole,
} from '../support/actions';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { eventually, expectCount, expectText } from '../support/eventually';
import { browser, confirmWrongThenRight, stack, useStackAndBrowser } from '../support/pages';
import { linkFromMail } from '../support/stack';

/** Issue 8, journeys of warehouses and the people in them (2, 3, 4, 5). Owners use English, guests German. */
// Multi-user stories with real reload delays: more room than the 90 s default on a 2-core runner.
jest.setTimeout(150_000);

describeInBrowser('journeys: warehouses and people', () => {
  useStackAndBrowser();

  async function englishSession(): Promise<Session> {
    const session = await newSession(browser, { locale: 'en-US' });
    await preferEnglish(session.page);
    return session;
  }

  test('2. create a warehouse → it becomes current → edit its name → duplicate name error → switch with the logo switcher', async () => {
    const owner = await registerUser(stack, { prefix: 'olga', name: 'Olga Owner' });
    const session = await englishSession();
    await withArtifacts('journey 2 warehouses', [session], async () => {
      const { page } = session;
      const main = page.getByRole('main');
      await loginViaUi(page, stack, owner, { language: 'en' });
      await main.getByText('You do not belong to any warehouse yet.', { exact: false }).waitFor();

      // Through the menu to the new-warehouse form.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin' }).click();
      await main.getByRole('link', { name: 'Open Warehouse administration' }).click();
      await main.getByRole('link', { name: 'Create a warehouse' }).click();
      await waitForPath(page, '/admin/warehouse/new');
      await createWarehouseViaForm(page, 'North Depot', 'Retail', 'Business');
      // Success: a message, then /warehouse (reloaded) shows it as the current warehouse.
      await waitForPath(page, '/warehouse');
      await main.getByRole('heading', { level: 1, name: 'Warehouse: North Depot' }).waitFor();
      await eventually(async () =>
        expect(await facts(main)).toEqual([
          'Name: North Depot',
          'Industry: Retail',
          'Usage: Business',
          'Your role: Owner',
        ]),
      );

      // A second one becomes current in turn.
      await page.goto(`${stack.shell.url}/admin/warehouse/new`);
      await createWarehouseViaForm(page, 'South Depot', 'Logistics', 'Private');
      await waitForPath(page, '/warehouse');
      await main.getByRole('heading', { level: 1, name: 'Warehouse: South Depot' }).waitFor();

      // The same name again is refused; the input stays.
      await page.goto(`${stack.shell.url}/admin/warehouse/new`);
      await fillWarehouseForm(page, 'North Depot', 'Retail', 'Business');
      await main.getByRole('button', { name: 'Create warehouse' }).click();
      await main.getByRole('alert').filter({ hasText: 'A warehouse with this name already exists.' }).waitFor();
      await eventually(async () => expect(await main.getByLabel('Name').inputValue()).toBe('North Depot'));

      // Edit the second one's name from "my warehouses".
      await page.goto(`${stack.shell.url}/admin/warehouse/my`);
      await main.getByRole('link', { name: 'Edit South Depot' }).click();
      await waitForPath(page, /^\/admin\/warehouse\/edit\/\d+$/);
      const name = main.getByLabel('Name');
      await eventually(async () => expect(await name.inputValue()).toBe('South Depot'));
      await main
        .getByLabel('Industry')
        .locator('option:checked', { hasText: 'Logistics' })
        .waitFor({ state: 'attached' });
      await main.getByLabel('Usage').locator('option:checked', { hasText: 'Private' }).waitFor({ state: 'attached' });
      await name.fill('East Depot');
      await main.getByRole('button', { name: 'Save' }).click();
      await main.getByRole('status').filter({ hasText: 'The warehouse was updated.' }).waitFor();
      await waitForPath(page, '/admin/warehouse/my');
      await main.getByRole('checkbox', { name: 'East Depot' }).waitFor();
      await expectCount(main.getByRole('checkbox'), 2);

      // Renaming it to the other warehouse's name: the duplicate-name error of the edit form.
      await main.getByRole('link', { name: 'Edit East Depot' }).click();
      await eventually(async () => expect(await main.getByLabel('Name').inputValue()).toBe('East Depot'));
      await main.getByLabel('Name').fill('North Depot');
      await main.getByRole('button', { name: 'Save' }).click();
      await main.getByRole('alert').filter({ hasText: 'You already have a warehouse with this name.' }).waitFor();
      expect(pathOf(page)).toMatch(/^\/admin\/warehouse\/edit\/\d+$/);

      // Switch with the logo: the switcher lists both, the current one marked.
      const logo = page.getByRole('link', { name: 'Lager – home' });
      await logo.click();
      const switcher = page.getByRole('region', { name: 'Switch warehouse' });
      await switcher.getByRole('button', { name: /North Depot/ }).waitFor();
      await expectText(switcher.locator('[aria-current="true"]'), 'East DepotCurrent');
      // The switch reloads the page; afterwards North Depot is the current warehouse everywhere.
      await Promise.all([page.waitForEvent('load'), switcher.getByRole('button', { name: /North Depot/ }).click()]);
      await waitForPath(page, '/dashboard');
      const current = main.locator('section', { has: page.getByRole('heading', { name: 'Current warehouse' }) });
      await current.getByText('North Depot').waitFor();
      await logo.click();
      await switcher.locator('[aria-current="true"]').filter({ hasText: 'North Depot' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Warehouse' }).click();
      await main.getByRole('heading', { level: 1, name: 'Warehouse: North Depot' }).waitFor();
      expect(session.errors).toEqual([]);
    });
  });

  test('3. owner creates a role → invites a second user → they accept, land on /warehouse and see only what the role allows → another role → their rights change after reload', async () => {
    const [owner, guest] = await registerPeople(stack, ['otto', 'Otto Owner'], ['gina', 'Gina Gast']);
    await createWarehouse(owner, 'Central Store');
    const ownerSession = await englishSession();
    const guestSession = await newSession(browser);
    await withArtifacts('journey 3 roles and invitation', [ownerSession, guestSession], async () => {
      const o = ownerSession.page;
      const om = o.getByRole('main');
      await loginViaUi(o, stack, owner, { language: 'en' });

      // The owner creates a role with two permissions.
      await o.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin' }).click();
      await om.getByRole('link', { name: 'Open User administration' }).click();
      await om.getByRole('link', { name: 'User roles' }).click();
      await waitForPath(o, '/admin/user/roles');
      await om.getByRole('link', { name: 'New role' }).click();
      const save = om.getByRole('button', { name: 'Save role' });
      await om.getByLabel('Role name').fill('Picker');
      await om.getByLabel('Description').fill('Invites and removes people');
      await eventually(async () => expect(await save.isDisabled()).toBe(true)); // no permission ticked yet
      await om.getByRole('checkbox', { name: 'Invite users' }).check();
      await om.getByRole('checkbox', { name: 'Remove users' }).check();
      await save.click();
      await waitForPath(o, '/admin/user/roles');
      await om.getByText('Picker – Invites and removes people').waitFor();
      // A second role, for the change later on.
      await createRole(owner, 'Role keeper', ['create_role', 'edit_role']);

      // The owner invites the second (registered) user with the new role.
      await o.goto(`${stack.shell.url}/admin/user`);
      await om.getByRole('link', { name: 'Invite user' }).click();
      await waitForPath(o, '/admin/user/invite');
      await om.getByLabel('E-mail').fill(guest.email);
      await om.getByLabel('Role').selectOption({ label: 'Picker' });
      await om.getByRole('button', { name: 'Send invitation' }).click();
      await om.getByRole('status').filter({ hasText: 'The invitation was sent.' }).waitFor();

      // The guest (German) opens the link from the mail and accepts.
      const g = guestSession.page;
      const gm = g.getByRole('main');
      await loginViaUi(g, stack, guest);
      await gm.getByText('Noch keine Lager.').waitFor();
      await g.goto(linkFromMail(stack, guest.email, '/invitations/accept/'));
      await gm.getByText('Die Einladung wurde angenommen. Sie werden zum Lager weitergeleitet.').waitFor();
      await waitForPath(g, '/warehouse');
      await gm.getByRole('heading', { level: 1, name: 'Lager: Central Store' }).waitFor();
      await gm.getByRole('cell', { name: 'Otto Owner' }).waitFor();
      await gm.getByRole('cell', { name: 'Gina Gast' }).waitFor();

      // Only the admin cards the role allows.
      await g.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Admin' }).click();
      await gm.getByRole('heading', { level: 2, name: 'Lagerverwaltung' }).waitFor();
      await gm.getByRole('link', { name: 'Öffnen Benutzerverwaltung' }).click();
      await waitForPath(g, '/admin/user');
      await gm.getByRole('heading', { level: 2, name: 'Benutzer einladen' }).waitFor();
      await eventually(async () => expect(await cardTitles(gm)).toEqual(['Benutzer einladen', 'Benutzer entfernen']));
      await g.goto(`${stack.shell.url}/admin/user/roles`);
      await gm.getByText('Sie haben keine Berechtigung für diese Seite.').waitFor();

      // The owner gives the guest the other role.
      await o.goto(`${stack.shell.url}/admin/user/roles`);
      await om.getByRole('link', { name: 'Assign role' }).click();
      await waitForPath(o, '/admin/user/roles/assign');
      await om.getByLabel('User').selectOption({ label: `Gina Gast (${guest.email})` });
      await om.getByLabel('Role').selectOption({ label: 'Role keeper' });
      await om.getByRole('button', { name: 'Assign' }).click();
      await om.getByRole('status').filter({ hasText: 'The role was assigned.' }).waitFor();

      // After a reload the guest's rights are those of the new role.
      await g.goto(`${stack.shell.url}/admin/user`);
      await gm.getByRole('heading', { level: 2, name: 'Benutzerrollen' }).waitFor();
      await eventually(async () => expect(await cardTitles(gm)).toEqual(['Benutzerrollen']));
      await gm.getByRole('link', { name: 'Benutzerrollen' }).click();
      await gm.getByRole('link', { name: 'Neue Rolle' }).waitFor();
      await gm.getByRole('link', { name: 'Bearbeiten: Picker' }).waitFor();
      await expectCount(gm.getByRole('link', { name: 'Rolle zuweisen' }), 0);
      await g.goto(`${stack.shell.url}/admin/user/invite`);
      await gm.getByText('Sie haben keine Berechtigung für diese Seite.').waitFor();
      expect([...ownerSession.errors, ...guestSession.errors]).toEqual([]);
    });
  });

  test('4. an invitation declined, and links used twice: "already used"', async () => {
    const [owner, dora, anton] = await registerPeople(
      stack,
      ['olaf', 'Olaf Owner'],
      ['dora', 'Dora Decline'],
      ['anton', 'Anton Accept'],
    );
    const role = await warehouseWithRole(owner, 'Harbour', 'Counter');
    const doraAccept = await invite(stack, owner, dora.email, role);
    const doraDecline = linkFromMail(stack, dora.email, '/invitations/decline/');
    const antonAccept = await invite(stack, owner, anton.email, role);
    const doraSession = await newSession(browser);
    const antonSession = await englishSession();
    await withArtifacts('journey 4 decline and used', [doraSession, antonSession], async () => {
      // Decline: message, then the dashboard (reloaded) without the warehouse.
      const d = doraSession.page;
      const dm = d.getByRole('main');
      await loginViaUi(d, stack, dora);
      await d.goto(doraDecline);
      await dm.getByText('Die Einladung wurde abgelehnt. Sie werden zum Dashboard weitergeleitet.').waitFor();
      await waitForPath(d, '/dashboard');
      await dm.getByText('Noch keine Lager.').waitFor();
      // The same invitation cannot be accepted (or declined) afterwards.
      for (const link of [doraDecline, doraAccept]) {
        await d.goto(link);
        await dm.getByRole('alert').filter({ hasText: 'Dieser Einladungslink wurde bereits verwendet.' }).waitFor();
      }
      // A failure stays on the page (no redirect, no reload).
      await d.waitForTimeout(2500);
      expect(new URL(d.url()).pathname).toBe(new URL(doraAccept).pathname);
      await d.goto(`${stack.shell.url}/dashboard`);
      await dm.getByText('Noch keine Lager.').waitFor();

      // Accepted once, the link is used up as well.
      const a = antonSession.page;
      const am = a.getByRole('main');
      await loginViaUi(a, stack, anton, { language: 'en' });
      await a.goto(antonAccept);
      await waitForPath(a, '/warehouse');
      await am.getByRole('heading', { level: 1, name: 'Warehouse: Harbour' }).waitFor();
      await a.goto(antonAccept);
      await am.getByRole('alert').filter({ hasText: 'This invitation link has already been used.' }).waitFor();
      expect([...doraSession.errors, ...antonSession.errors]).toEqual([]);
    });
  });

  test('5. the owner removes a user; a guest leaves a warehouse with a wrong, then the right password', async () => {
    const [owner, rudi, lena] = await registerPeople(
      stack,
      ['oskar', 'Oskar Owner'],
      ['rudi', 'Rudi Removed'],
      ['lena', 'Lena Leaver'],
    );
    const role = await warehouseWithRole(owner, 'Workshop', 'Helper');
    await addMember(stack, owner, rudi, role);
    await addMember(stack, owner, lena, role);
    const ownerSession = await englishSession();
    const lenaSession = await newSession(browser);
    await withArtifacts('journey 5 remove and leave', [ownerSession, lenaSession], async () => {
      // The owner removes Rudi.
      const o = ownerSession.page;
      const om = o.getByRole('main');
      await loginViaUi(o, stack, owner, { language: 'en' });
      await o.goto(`${stack.shell.url}/admin/user`);
      await om.getByRole('link', { name: 'Remove users' }).click();
      await waitForPath(o, '/admin/user/remove');
      const remove = om.getByRole('button', { name: 'Remove selected' });
      await om.getByRole('checkbox', { name: `Rudi Removed (${rudi.email})` }).waitFor();
      // Neither the owner nor anyone with the owner role is listed.
      await expectCount(om.getByRole('checkbox'), 2);
      await eventually(async () => expect(await remove.isDisabled()).toBe(true));
      await om.getByRole('checkbox', { name: `Rudi Removed (${rudi.email})` }).check();
      await remove.click();
      const dialog = o.getByRole('dialog', { name: 'Remove Users' });
      await dialog.getByText('Do you really want to remove 1 user from this warehouse?').waitFor();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await om.getByRole('status').filter({ hasText: 'Users removed successfully.' }).waitFor();
      await expectCount(om.getByRole('checkbox'), 1);
      await om.getByRole('checkbox', { name: `Lena Leaver (${lena.email})` }).waitFor();
      // Rudi is no longer a member (his own view, over HTTP).
      const rudiWarehouses = await rudi.api.get<{ warehouses: unknown[] }>('/api/mywarehouses');
      expect(rudiWarehouses.body.warehouses).toEqual([]);

      // Lena leaves: the wrong password first, then the right one.
      const l = lenaSession.page;
      const lm = l.getByRole('main');
      await loginViaUi(l, stack, lena);
      await l.goto(`${stack.shell.url}/admin/warehouse`);
      await lm.getByRole('link', { name: 'Gastlager anzeigen' }).click();
      await waitForPath(l, '/admin/warehouse/guest');
      await lm.getByRole('checkbox', { name: 'Workshop' }).check();
      await lm.getByRole('button', { name: 'Ausgewählte verlassen' }).click();
      const leave = l.getByRole('dialog', { name: 'Lager verlassen' });
      await leave.getByText('1 Lager verlassen? Bitte bestätigen Sie mit Ihrem Passwort.').waitFor();
      await confirmWrongThenRight(leave, {
        confirm: 'Verlassen',
        wrong: 'falsches-passwort',
        password: lena.password,
        done: 'Sie haben 1 Lager verlassen.',
      });
      await lm.getByText('Sie sind in keinem Lager Gast.').waitFor();
      await leave.waitFor({ state: 'detached' });

      // The owner's member list no longer has either of them.
      await o.goto(`${stack.shell.url}/warehouse`);
      await om.getByRole('cell', { name: 'Oskar Owner' }).waitFor();
      await expectCount(om.getByRole('row'), 2); // header + the owner
      expect([...ownerSession.errors, ...lenaSession.errors]).toEqual([]);
    });
  });
});

async function fillWarehouseForm(page: Page, name: string, industry: string, usage: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Name').fill(name);
  // The options arrive from the API.
  await main.getByLabel('Industry').locator('option', { hasText: industry }).waitFor({ state: 'attached' });
  await main.getByLabel('Industry').selectOption({ label: industry });
  await main.getByLabel('Usage').locator('option', { hasText: usage }).waitFor({ state: 'attached' });
  await main.getByLabel('Usage').selectOption({ label: usage });
}

async function createWarehouseViaForm(page: Page, name: string, industry: string, usage: string) {
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: 'New warehouse' }).waitFor();
  await fillWarehouseForm(page, name, industry, usage);
  await main.getByRole('button', { name: 'Create warehouse' }).click();
  await main.getByRole('status').filter({ hasText: 'The warehouse was created.' }).waitFor();
}

/** The name/value pairs of the first facts list (warehouse details). */
async function facts(scope: Locator): Promise<string[]> {
  const list = scope.locator('dl.facts').first();
  await list.locator('dd').last().waitFor();
  // Industry and usage names are looked up after the list renders.
  await scope.page().waitForFunction(() => !document.querySelector('dl.facts dd:empty'));
  return list.evaluate((dl) =>
    [...dl.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
  );
}

async function cardTitles(main: Locator): Promise<string[]> {
  return (await main.getByRole('heading', { level: 2 }).allTextContents()).map((s) => s.trim());
}

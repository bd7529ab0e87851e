import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { createWarehouse, preferEnglish, registerUser, type TestUser } from '../support/actions';
import { expectAxeClean } from '../support/axe';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { eventually, expectCount, expectText } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { stockCall } from '../support/stock-api';

interface Placed {
  default_location_id: number | null;
  locations: { code: string; quantity: number }[];
}

/**
 * Issue 26 §1 (stock-spec-2 "Storage locations") in the browser: the built apps and the real API.
 * German at 1280 px: create a zone and a shelf below it, book goods in onto the shelf, relocate
 * part of it to STANDARD. English at 375 px: quick booking takes the shelf's label (its code typed
 * into the scan field as a scanner would, Enter included), then the article, and books there.
 * Every screen axe-clean.
 */
describeInBrowser('storage locations (remote-stock)', () => {
  let owner: TestUser;
  let articleId: number;
  const sku = `LOC-${crypto.randomUUID().slice(0, 6).toUpperCase()}`;

  useStackAndBrowser();

  beforeAll(async () => {
    owner = await registerUser(stack, { prefix: 'locowner', name: 'Lars Lagerplatz' });
    await createWarehouse(owner, 'Platzlager');
    await owner.api.get('/sanctum/csrf-cookie');
    const created = await stockCall<{ article: { id: number } }>(stack, owner, 'POST', '/api/stock/articles', {
      sku,
      name: 'Schraube M8',
      unit: 'pcs',
      min_stock: 0,
    });
    expect(created.status).toBe(201);
    articleId = created.body.article.id;
    // Another article, lying only at STANDARD: a stocktake at the shelf must not list it.
    const other = await stockCall<{ article: { id: number } }>(stack, owner, 'POST', '/api/stock/articles', {
      sku: `${sku}-N`,
      name: 'Mutter M8',
      unit: 'pcs',
      min_stock: 0,
    });
    expect(other.status).toBe(201);
    const booked = await stockCall(
      stack,
      owner,
      'POST',
      '/api/stock/movements',
      { article_id: other.body.article.id, kind: 'in', quantity: 3, reason: 'purchase' },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(booked.status).toBe(201);
  });

  /** The chart's table on the article page: header and rows (opened once per page). */
  async function chartTable(page: Page, caption: string) {
    const table = main(page).getByRole('table', { name: caption });
    await table.locator('tbody tr').first().waitFor();
    const head = await table.locator('thead th').allTextContents();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
    return { head, rows };
  }

  /** "Count here" on the shelf's page: the sheet lists what lies there with the stock there. */
  async function countAtShelf(page: Page, link: string, caption: string) {
    await main(page).getByRole('link', { name: link }).click();
    const sheet = main(page).getByRole('table', { name: caption });
    await sheet.locator('tbody tr').first().waitFor();
    return sheet
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)));
  }

  const placed = async () =>
    (await stockCall<Placed>(stack, owner, 'GET', `/api/stock/articles/${articleId}/locations`)).body.locations
      .map((l) => `${l.code}:${l.quantity}`)
      .sort();

  async function session(width: number, english = false): Promise<Session> {
    const s = await newSession(browser, { width });
    await s.context.addCookies(owner.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    if (english) await preferEnglish(s.page);
    return s;
  }

  const main = (page: Page) => page.getByRole('main');

  test('German, 1280 px: create a zone and a shelf, book into the shelf, change part of it to STANDARD', async () => {
    const s = await session(1280);
    await withArtifacts('locations de', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/locations`);
      await main(page).getByRole('heading', { level: 1, name: 'Lagerplätze' }).waitFor();
      await main(page).getByRole('link', { name: 'STANDARD' }).waitFor();
      const form = main(page).getByRole('form', { name: 'Neuer Lagerplatz' });
      await form.getByLabel('Code').fill('a');
      await form.getByLabel('Bezeichnung').fill('Halle A');
      await form.getByRole('button', { name: 'Anlegen' }).click();
      await expectText(form.getByRole('status').or(form.locator('.alert')), 'Lagerplatz A angelegt.');
      await form.getByLabel('Code').fill('A-03-2');
      await form.getByLabel('Bezeichnung').fill('');
      await eventually(async () => {
        const options = await form.getByLabel('Liegt unter').locator('option').allTextContents();
        expect(options.some((o) => o.includes('A – Halle A'))).toBe(true);
      });
      await form.getByLabel('Liegt unter').selectOption({ label: 'A – Halle A' });
      await form.getByRole('button', { name: 'Anlegen' }).click();
      await expectText(form.getByRole('status').or(form.locator('.alert')), 'Lagerplatz A-03-2 angelegt.');
      await main(page).getByRole('button', { name: 'A aufklappen' }).click();
      await main(page).getByRole('link', { name: 'A-03-2' }).waitFor();
      await expectAxeClean(page, 'main');

      // Goods in onto the shelf from the article page.
      await page.goto(`${stack.shell.url}/stock/articles/${articleId}`);
      await main(page).getByRole('heading', { level: 1, name: 'Schraube M8' }).waitFor();
      await main(page).getByRole('button', { name: 'Wareneingang', exact: true }).click();
      const booking = main(page).getByRole('form', { name: 'Wareneingang' });
      await booking.getByLabel(/Menge/).fill('10');
      await eventually(async () => {
        const options = await booking.getByLabel('Lagerplatz').locator('option').allTextContents();
        expect(options.some((o) => o.trim() === 'A-03-2')).toBe(true);
      });
      await booking.getByLabel('Lagerplatz').selectOption({ label: '\u00a0\u00a0A-03-2' });
      await booking.getByRole('button', { name: 'Buchen' }).click();
      const perLocation = main(page).getByRole('region', { name: 'Bestand je Lagerplatz' });
      await expectText(perLocation.getByRole('listitem'), 'A-03-2: 10 Stk.');
      await eventually(async () => expect(await placed()).toEqual(['A-03-2:10']));

      // Part of it to STANDARD.
      const relocate = perLocation.getByRole('form', { name: 'Lagerplatz wechseln' });
      await relocate.getByLabel('Von').selectOption({ label: 'A-03-2 (10 Stk.)' });
      await relocate.getByLabel('Nach').selectOption({ label: 'STANDARD' });
      await relocate.getByLabel('Menge').fill('4');
      await relocate.getByRole('button', { name: 'Umbuchen' }).click();
      await expectText(relocate.locator('.alert, [role="status"]'), '4 Stk. nach STANDARD umgebucht.');
      await eventually(async () => expect(await placed()).toEqual(['A-03-2:6', 'STANDARD:4']));
      await expectAxeClean(page, 'main');

      // The chart stacks the two places; its table ends at 6 + 4 and repeats no row.
      await page.reload();
      await main(page).getByText('Als Tabelle anzeigen').click();
      await eventually(async () => {
        const { head, rows } = await chartTable(page, 'Bestand über 30 Tage');
        expect(head).toEqual(['Zeitpunkt', 'A-03-2', 'STANDARD']);
        expect(rows.at(-1)).toEqual(['6 Stk.', '4 Stk.']);
        expect(rows.filter((row, i) => i > 0 && row.join() === rows[i - 1]!.join())).toEqual([]);
      });
      // The article's journal (now with its location column) fits 1280 px without scrolling sideways.
      const journal = main(page).getByRole('region', { name: 'Bewegungen dieses Artikels' });
      await eventually(async () =>
        expect(await journal.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0),
      );
      await expectAxeClean(page, 'main');

      // A stocktake at the shelf lists what lies there, with the shelf's quantity (not the article's 10).
      await page.goto(`${stack.shell.url}/stock/locations`);
      await main(page).getByRole('button', { name: 'A aufklappen' }).click();
      await main(page).getByRole('link', { name: 'A-03-2' }).click();
      await main(page).getByRole('heading', { level: 1, name: 'Lagerplatz A-03-2' }).waitFor();
      expect(await countAtShelf(page, 'Hier zählen (Inventur)', 'Inventur')).toEqual([
        [`${sku} · Schraube M8`, '6 Stk.'],
      ]);
      await expectAxeClean(page, 'main');
    });
  });

  test('English, 375 px: quick booking takes the shelf label, then the article, and books at the shelf', async () => {
    await eventually(async () => expect(await placed()).toEqual(['A-03-2:6', 'STANDARD:4']));
    const s = await session(375, true);
    await withArtifacts('locations en quick', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/book`);
      await main(page).getByRole('heading', { level: 1, name: 'Quick booking' }).waitFor();
      const code = main(page).getByLabel('Code', { exact: true });
      // A keyboard-wedge scanner types the code and Enter.
      await code.pressSequentially('A-03-2');
      await code.press('Enter');
      await expectText(main(page).locator('.stock-quick-location strong'), 'Location A-03-2');
      await code.pressSequentially(sku);
      await code.press('Enter');
      await expectText(main(page).locator('.alert, [role="status"]').first(), 'Schraube M8: booked, stock 9 pcs.');
      await eventually(async () => expect(await placed()).toEqual(['A-03-2:5', 'STANDARD:4']));
      // The location stays chosen for the next scan.
      await expectText(main(page).locator('.stock-quick-location strong'), 'Location A-03-2');
      await expectAxeClean(page, 'main');

      await page.goto(`${stack.shell.url}/stock/locations`);
      await main(page).getByRole('heading', { level: 1, name: 'Storage locations' }).waitFor();
      // On a phone a row's actions fold behind one menu button: Escape closes it, the focus goes back.
      const actions = main(page).getByRole('button', { name: 'Actions for A', exact: true });
      await expectCount(main(page).getByRole('button', { name: 'Edit A', exact: true }), 0);
      await actions.click();
      await main(page).getByRole('button', { name: 'Edit A', exact: true }).waitFor();
      await expectAxeClean(page, 'main');
      await page.keyboard.press('Escape');
      await expectCount(main(page).getByRole('button', { name: 'Edit A', exact: true }), 0);
      await eventually(async () => expect(await actions.evaluate((e) => e === document.activeElement)).toBe(true));
      await main(page).getByRole('button', { name: 'Expand A' }).click();
      await main(page).getByRole('link', { name: 'A-03-2' }).click();
      await main(page).getByRole('heading', { level: 1, name: 'Location A-03-2' }).waitFor();
      await main(page).getByRole('link', { name: 'Schraube M8' }).waitFor();
      await expectAxeClean(page, 'main');
      expect(await countAtShelf(page, 'Count here (stocktake)', 'Stocktake')).toEqual([
        [`${sku} · Schraube M8`, '5 pcs'],
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expectAxeClean(page, 'main');

      await page.goto(`${stack.shell.url}/stock/articles/${articleId}`);
      await main(page).getByText('Show as table').click();
      await eventually(async () => {
        const { head, rows } = await chartTable(page, 'Stock over 30 days');
        expect(head).toEqual(['Time', 'A-03-2', 'STANDARD']);
        expect(rows.at(-1)).toEqual(['5 pcs', '4 pcs']);
      });
      await expectAxeClean(page, 'main');
    });
  });
});

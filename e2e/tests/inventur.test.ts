import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { addMember, createRole, createWarehouse, registerPeople, type TestUser } from '../support/actions';
import { expectAxeClean } from '../support/axe';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { eventually, expectCount, expectTextContaining } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { stockCall } from '../support/stock-api';

/**
 * Issue 42 (stock-spec-3 §3, §4) in the browser: the owner opens a year-end count on the desktop; the
 * owner and a clerk count on two phones (375 px) at once and see each other's counts; goods come in
 * during the count; the owner reviews (the goods-in is no difference), closes, downloads the signed-off
 * list; the value page gives different totals at two dates.
 */
describeInBrowser('year-end count (Inventur) with two counters and a goods-in during the count', () => {
  let owner: TestUser;
  let clerk: TestUser;
  const ids: Record<string, number> = {};

  useStackAndBrowser();

  beforeAll(async () => {
    [owner, clerk] = await registerPeople(stack, ['inventurowner', 'Inga Inhaber'], ['zaehler', 'Zeno Zähler']);
    await createWarehouse(owner, 'Inventurlager');
    const role = await createRole(owner, 'Zähler', ['view_stock', 'count_stock']);
    await addMember(stack, owner, clerk, role);
    await owner.api.get('/sanctum/csrf-cookie');
    for (const [sku, name, quantity, cost] of [
      ['SCHR-1', 'Schrauben', 10, '0.50'],
      ['MUTT-1', 'Muttern', 20, '0.25'],
      ['DUEB-1', 'Dübel', 5, '1.00'],
    ] as const) {
      const created = await api<{ article: { id: number } }>('POST', '/api/stock/articles', {
        sku,
        name,
        unit: 'pcs',
        min_stock: 0,
      });
      expect(created.status).toBe(201);
      ids[sku] = created.body.article.id;
      await goodsIn(ids[sku]!, quantity, cost);
    }
  }, 60_000);

  function api<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    return stockCall<T>(stack, owner, method, path, body, headers);
  }
  async function goodsIn(articleId: number, quantity: number, cost: string) {
    const booked = await api(
      'POST',
      '/api/stock/movements',
      { article_id: articleId, kind: 'in', quantity, reason: 'purchase', unit_cost: cost },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(booked.status).toBe(201);
  }
  async function session(as: TestUser, width: number): Promise<Session> {
    const s = await newSession(browser, { width });
    await s.context.addCookies(as.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    return s;
  }
  const main = (page: Page) => page.getByRole('main');
  const open = async (page: Page, path: string, heading: string | RegExp) => {
    await page.goto(new URL(path, stack.shell.url).href);
    await main(page).getByRole('heading', { level: 1, name: heading }).waitFor();
  };
  const noSideScroll = (page: Page) =>
    eventually(async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      ),
    );
  const countField = (page: Page, name: string) => main(page).getByLabel(`Gezählt: ${name} an STANDARD`);
  /** A file the page saves (a blob link with `download`), read back as text. */
  const downloaded = async (page: Page, button: string) => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: button }).click(),
    ]);
    return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'latin1') };
  };

  it('opens, counts on two phones, books goods in meanwhile, reviews, closes, downloads; value at two dates', async () => {
    const desk = await session(owner, 1280);
    const phoneA = await session(owner, 375);
    const phoneB = await session(clerk, 375);
    await withArtifacts('inventur', [desk, phoneA, phoneB], async () => {
      // The owner opens a count of the whole warehouse on the desktop.
      await open(desk.page, '/stock/count-sessions', 'Stichtagsinventur');
      await main(desk.page)
        .getByText(/Noch keine Inventur\./)
        .waitFor();
      await main(desk.page).getByRole('button', { name: 'Inventur starten' }).click();
      const dialog = desk.page.getByRole('dialog', { name: 'Inventur starten' });
      await dialog.getByLabel('Bereich').waitFor();
      await expectAxeClean(desk.page, '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Starten' }).click();
      await main(desk.page)
        .getByRole('heading', { level: 1, name: /^Inventur \d+: Zählen$/ })
        .waitFor();
      const id = Number(/count-sessions\/(\d+)/.exec(desk.page.url())![1]);
      // A second count of the same area is refused, in German.
      await open(desk.page, '/stock/count-sessions', 'Stichtagsinventur');
      await expectTextContaining(main(desk.page).getByRole('row').filter({ hasText: 'Ganzes Lager' }), '0 von 3');
      await expectAxeClean(desk.page);
      await main(desk.page).getByRole('button', { name: 'Inventur starten' }).click();
      await dialog.getByRole('button', { name: 'Starten' }).click();
      await dialog.getByText('Für diesen Bereich oder einen Teil davon ist schon eine Inventur offen.').waitFor();
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();

      // Two counters on two phones: the owner counts the screws, the clerk sees it without reloading.
      await open(phoneA.page, `/stock/count-sessions/${id}`, `Inventur ${id}: Zählen`);
      await open(phoneB.page, `/stock/count-sessions/${id}`, `Inventur ${id}: Zählen`);
      await countField(phoneA.page, 'Schrauben').fill('9');
      await main(phoneA.page).getByRole('button', { name: '1 Zählung speichern' }).click();
      await main(phoneA.page).getByText('1 Zählung gespeichert.').waitFor();
      await main(phoneB.page)
        .getByText(/Zuletzt gezählt: 9 Stk\. von Inga Inhaber/)
        .waitFor({ timeout: 15_000 });
      await expectAxeClean(phoneB.page);
      await noSideScroll(phoneB.page);
      // The clerk prints the count sheets.
      const sheets = await downloaded(phoneB.page, 'Zähllisten (PDF)');
      expect(sheets.text.startsWith('%PDF-')).toBe(true);

      // Goods in during the count: 5 nuts arrive; the clerk then counts 25 of them by scanning the SKU.
      await goodsIn(ids['MUTT-1']!, 5, '0.25');
      await expectTextContaining(
        main(phoneB.page).getByRole('listitem').filter({ hasText: 'Muttern' }),
        'seit Beginn bewegt +5 Stk.',
        { timeout: 15_000 },
      );
      const find = main(phoneB.page).getByLabel('Artikel suchen oder scannen');
      await find.fill('MUTT-1');
      await find.press('Enter');
      await eventually(async () =>
        expect(await countField(phoneB.page, 'Muttern').evaluate((el) => el === document.activeElement)).toBe(true),
      );
      await phoneB.page.keyboard.type('25');
      await main(phoneB.page).getByRole('button', { name: '1 Zählung speichern' }).click();
      await main(phoneB.page).getByText('1 Zählung gespeichert.').waitFor();
      await main(phoneA.page)
        .getByText(/Zuletzt gezählt: 25 Stk\. von Zeno Zähler/)
        .waitFor({ timeout: 15_000 });

      // The owner reviews: the goods-in moved +5 and is no difference; only the screws differ.
      await open(desk.page, `/stock/count-sessions/${id}/review`, `Inventur ${id}: Prüfen`);
      const table = main(desk.page).getByRole('table', { name: 'Differenzen' });
      const row = (name: string) => table.getByRole('row', { name: new RegExp(name) });
      await expectTextContaining(
        row('Muttern'),
        'STANDARD20 Stk.+5 Stk.25 Stk.0 Stk.0,25\u00a0€6,25\u00a0€0,00\u00a0€Zeno Zähler',
      );
      await expectTextContaining(
        row('Schrauben'),
        'STANDARD10 Stk.0 Stk.9 Stk.-1 Stk.0,50\u00a0€4,50\u00a0€-0,50\u00a0€Inga Inhaber',
      );
      await main(desk.page).getByLabel('Anzeigen').selectOption('differences');
      await expectCount(table.locator('tbody tr'), 1);
      await expectTextContaining(table.locator('tbody tr'), 'Schrauben');
      await expectAxeClean(desk.page);

      // Closing: the dowels were not counted — their stock is kept; one correction is booked.
      await main(desk.page).getByRole('button', { name: 'Inventur abschließen' }).click();
      const closing = desk.page.getByRole('dialog', { name: 'Inventur abschließen' });
      await closing.getByRole('group', { name: '1 Zeile ist nicht gezählt. Was gilt für sie?' }).waitFor();
      await closing.getByLabel(/Bestand behalten/).check();
      await expectAxeClean(desk.page, '[role="dialog"]');
      await closing.getByRole('button', { name: 'Abschließen und buchen' }).click();
      await main(desk.page).getByText('Inventur abgeschlossen: 1 Korrektur gebucht.').waitFor();
      const stock = async (sku: string) =>
        (await api<{ article: { quantity: number } }>('GET', `/api/stock/articles/${ids[sku]}`)).body.article.quantity;
      expect([await stock('SCHR-1'), await stock('MUTT-1'), await stock('DUEB-1')]).toEqual([9, 25, 5]);

      // The signed-off list, with values and the total, as the browser saves it.
      const csv = await downloaded(desk.page, 'Inventurliste (CSV)');
      expect(csv.name).toMatch(/\.csv$/);
      expect(csv.text).toContain('SCHR-1;Schrauben;STANDARD;;10;9;-1');
      expect(csv.text).toMatch(/MUTT-1;Muttern;STANDARD;;20;25;0/);
      expect(csv.text).toMatch(/^Summe;.*;\d+,\d\d\r?$/m);
      const pdf = await downloaded(desk.page, 'Inventurliste (PDF)');
      expect(pdf.text.startsWith('%PDF-')).toBe(true);

      // The value page: today the counted stock, yesterday (before the warehouse had any) nothing.
      await open(desk.page, '/stock/value', 'Bestandswert');
      await main(desk.page).getByText('Gesamtwert: 15,75\u00a0€').waitFor();
      const yesterday = await desk.page.evaluate(() => {
        const d = new Date(Date.now() - 86_400_000);
        return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
      });
      await main(desk.page).getByLabel('Stichtag').fill(yesterday);
      await main(desk.page).getByText('Gesamtwert: 0,00\u00a0€').waitFor();
    });
  }, 150_000);
});

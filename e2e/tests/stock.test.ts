import crypto from 'node:crypto';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { addMember, createRole, createWarehouse, registerUser, type TestUser, waitForPath } from '../support/actions';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { eventually, expectCount, expectText } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { stockCall } from '../support/stock-api';

/**
 * Issue 15's browser journeys for remote-stock (stock-spec.md "Screens"), in German (the
 * default), on one stack with the section served like every local remote build.
 */

interface Article {
  id: number;
  sku: string;
  quantity: number;
}
interface Movement {
  id: number;
  kind: string;
  delta: number;
}

describeInBrowser('stock (remote-stock)', () => {
  let owner: TestUser;
  let warehouseId: number;
  let run = 0;
  /** SKUs unique per journey: all journeys share the owner's warehouse. */
  const sku = (name: string) => `${name}-${run}`;

  const api = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    stockCall<T>(stack, owner, method, path, body, headers);

  async function createArticle(name: string, quantity: number): Promise<Article> {
    const created = await api<{ article: Article }>('POST', '/api/stock/articles', {
      sku: sku(name),
      name,
      unit: 'pcs',
      min_stock: 2,
    });
    expect(created.status).toBe(201);
    if (quantity > 0) {
      const booked = await api(
        'POST',
        '/api/stock/movements',
        { article_id: created.body.article.id, kind: 'in', quantity, reason: 'purchase' },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      expect(booked.status).toBe(201);
    }
    return { ...created.body.article, quantity };
  }

  const stockOf = async (id: number) =>
    (await api<{ article: Article }>('GET', `/api/stock/articles/${id}`)).body.article.quantity;
  const journalOf = async (id: number) =>
    (await api<{ movements: Movement[] }>('GET', `/api/stock/movements?article_id=${id}`)).body.movements;

  /** A fresh profile carrying that user's session (logged in over HTTP), in German, `width` px wide. */
  async function session(as: TestUser, width?: number): Promise<Session> {
    const s = await newSession(browser, { width });
    await s.context.addCookies(as.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    return s;
  }

  const main = (page: Page) => page.getByRole('main');
  const heading = (page: Page, name: string) => main(page).getByRole('heading', { level: 1, name }).waitFor();
  const stockShown = (page: Page) => main(page).getByTestId('stock-quantity');

  useStackAndBrowser();

  beforeAll(async () => {
    owner = await registerUser(stack, { prefix: 'stockowner', name: 'Olga Owner' });
    warehouseId = await createWarehouse(owner, 'Bestandslager');
  });

  beforeEach(() => {
    run += 1;
  });

  test('owner on a 375 px phone: header link, new article, goods in, goods out, correction', async () => {
    const s = await session(owner, 375);
    await withArtifacts('stock owner phone', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/dashboard`);
      // The dashboard's low-stock card comes from section.json, like the header link.
      // A warehouse without articles yet: the card says so and leads to the article list.
      await main(page).getByText('Noch keine Artikel.').waitFor();
      await main(page).getByRole('link', { name: 'Artikel anlegen Bestand' }).waitFor();
      // The header link (section.json `nav`), behind the menu button on a phone.
      await page.getByRole('banner').getByRole('button', { name: /Menü/ }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Bestand', exact: true }).click();
      await waitForPath(page, '/stock');
      await heading(page, 'Bestand');
      await main(page).getByRole('link', { name: 'Neuer Artikel' }).click();
      await heading(page, 'Neuer Artikel');
      await main(page).getByLabel('Artikelnummer').fill(sku('SCHRAUBE'));
      await main(page).getByLabel('Bezeichnung').fill('Schrauben M6');
      await main(page).getByLabel('Meldebestand').fill('5');
      await main(page).getByRole('button', { name: 'Speichern' }).click();
      await heading(page, 'Schrauben M6');
      await expectText(stockShown(page), '0 Stk.');

      const book = async (action: string, quantity: string, reason: string | null, after: string) => {
        await main(page).getByRole('button', { name: action, exact: true }).click();
        const form = main(page).getByRole('form', { name: action });
        await form.getByLabel(/Menge|Gezählter Bestand/).fill(quantity);
        if (reason) await form.getByLabel('Grund').selectOption({ label: reason });
        await form.getByRole('button', { name: 'Buchen' }).click();
        await form.getByText(`Gebucht. Neuer Bestand: ${after}`).waitFor();
        // The article is read again after the booking.
        await main(page)
          .getByTestId('stock-quantity')
          .and(page.getByText(after, { exact: true }))
          .waitFor();
      };
      await book('Wareneingang', '12', 'Einkauf', '12 Stk.');
      await book('Warenausgang', '3', 'Verkauf', '9 Stk.');
      await book('Korrektur', '8', 'Zählung', '8 Stk.');

      // The article's journal: newest first, all three with their signed change.
      const journal = main(page).getByRole('table', { name: 'Bewegungen dieses Artikels' });
      await journal.getByText('Korrektur').waitFor();
      await eventually(async () =>
        expect(await journal.locator('tbody tr td:nth-child(3)').allTextContents()).toEqual([
          '-1 Stk.',
          '-3 Stk.',
          '+12 Stk.',
        ]),
      );
      // Nothing wider than the phone.
      await eventually(async () => {
        const wider = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('.stock-scroll'))
            .map((el) => `${el.tagName}.${el.className}`),
        );
        expect(wider).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
      expect(s.errors).toEqual([]);
    });
  }, 90_000);

  test('a guest with only view_stock + book_goods books goods out but sees no correction or article editing', async () => {
    const article = await createArticle('Kabel', 10);
    const guest = await registerUser(stack, { prefix: 'stockguest' });
    const roleId = await createRole(owner, `Lager-Gast ${run}`, ['view_stock', 'book_goods']);
    await addMember(stack, owner, guest, roleId);
    expect((await guest.api.send('PATCH', '/api/profile/setwarehouse', { warehouse_id: warehouseId })).status).toBe(
      200,
    );

    const s = await session(guest, 375);
    await withArtifacts('stock guest', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/articles/${article.id}`);
      await heading(page, 'Kabel');
      await main(page).getByRole('button', { name: 'Warenausgang', exact: true }).click();
      const form = main(page).getByRole('form', { name: 'Warenausgang' });
      await form.getByLabel(/Menge/).fill('4');
      await form.getByLabel('Grund').selectOption({ label: 'Verbrauch' });
      await form.getByRole('button', { name: 'Buchen' }).click();
      await form.getByText('Gebucht. Neuer Bestand: 6 Stk.').waitFor();

      for (const name of ['Korrektur', 'Umlagern', 'Archivieren', 'Löschen', 'Stornieren']) {
        await expectCount(main(page).getByRole('button', { name, exact: true }), 0);
      }
      await expectCount(main(page).getByRole('link', { name: 'Bearbeiten' }), 0);
      await expectCount(main(page).getByRole('link', { name: 'Neuer Artikel' }), 0);
      // The pages behind those actions are guarded by their permission (section.json).
      await page.goto(`${stack.shell.url}/stock/articles/${article.id}/edit`);
      await waitForPath(page, '/dashboard');
      await page.goto(`${stack.shell.url}/stock/count`);
      await waitForPath(page, '/dashboard');
    });
    expect(await stockOf(article.id)).toBe(6);
  }, 90_000);

  test('stocktake of three articles: count, review the differences, book all at once', async () => {
    const articles = await Promise.all([
      createArticle('Nagel', 100),
      createArticle('Dübel', 40),
      createArticle('Haken', 7),
    ]);
    const counted = ['97', '41', '7'];
    const s = await session(owner);
    await withArtifacts('stock stocktake', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/count`);
      await heading(page, 'Inventur');
      for (const [i, article] of articles.entries()) {
        // Scanning the SKU (typed + Enter, as a wedge scanner does) jumps to the article's field.
        await main(page).getByLabel('Artikel suchen oder scannen').fill(article.sku);
        await main(page).getByLabel('Artikel suchen oder scannen').press('Enter');
        const field = main(page).getByLabel(`Gezählt: ${['Nagel', 'Dübel', 'Haken'][i]}`);
        await page.waitForFunction((el) => el === document.activeElement, await field.elementHandle(), {
          timeout: 5000,
        });
        // Typed, not filled: the focus the scan put there is where the count goes.
        await page.keyboard.type(counted[i]!);
      }
      await main(page).getByRole('button', { name: '3 Zählungen prüfen' }).click();
      const review = main(page).getByRole('table', { name: 'Differenzen prüfen' });
      await eventually(async () =>
        expect(await review.locator('tbody tr td:last-child').allTextContents()).toEqual([
          '-3 Stk.',
          '+1 Stk.',
          '0 Stk.',
        ]),
      );
      await main(page).getByRole('button', { name: 'Alle 3 Zählungen buchen' }).click();
      await main(page).getByText('2 Korrekturen gebucht, 1 ohne Differenz.').waitFor();
    });
    expect(await Promise.all(articles.map((a) => stockOf(a.id)))).toEqual([97, 41, 7]);
  }, 90_000);

  test('CSV import: the dry run shows an error per line, nothing is imported; then a clean file imports', async () => {
    const bad = [
      'sku,name,unit,min_stock,barcode,description,quantity',
      `${sku('IMP-A')},Importiert A,pcs,1,,,5`,
      `${sku('IMP-B')},,pcs,1,,,2`,
      `${sku('IMP-C')},Importiert C,kisten,1,,,2`,
    ].join('\n');
    const good = bad.replace(',,pcs,1,,,2', ',Importiert B,pcs,1,,,2').replace('kisten', 'box');
    const s = await session(owner);
    await withArtifacts('stock import', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/import`);
      await heading(page, 'CSV-Import');
      const choose = (text: string) =>
        main(page)
          .getByLabel('CSV-Datei')
          .setInputFiles({ name: 'artikel.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
      await choose(bad);
      await main(page).getByRole('button', { name: 'Datei prüfen' }).click();
      const errors = main(page).getByRole('table', { name: 'Fehler je Zeile' });
      await errors.waitFor();
      await eventually(async () =>
        expect(await errors.locator('tbody tr td:first-child').allTextContents()).toEqual(['3', '4']),
      );
      await expectCount(main(page).getByRole('button', { name: 'Jetzt importieren' }), 0);

      await choose(good);
      await main(page).getByRole('button', { name: 'Datei prüfen' }).click();
      await main(page).getByText('Datei in Ordnung: 3 neue, 0 geänderte Artikel.').waitFor();
      await main(page).getByRole('button', { name: 'Jetzt importieren' }).click();
      await main(page).getByText('Importiert: 3 neue, 0 geänderte Artikel.').waitFor();
    });
    const found = await api<{ articles: Article[] }>(
      'GET',
      `/api/stock/articles?q=${encodeURIComponent(`-${run}`)}&sort=sku`,
    );
    expect(found.body.articles.filter((a) => a.sku.startsWith('IMP-')).map((a) => [a.sku, a.quantity])).toEqual([
      [sku('IMP-A'), 5],
      [sku('IMP-B'), 2],
      [sku('IMP-C'), 2],
    ]);
  }, 90_000);

  test('journal: filter by kind, export the filtered journal as CSV and check the file', async () => {
    const article = await createArticle('Export', 20);
    const out = await api(
      'POST',
      '/api/stock/movements',
      { article_id: article.id, kind: 'out', quantity: 5, reason: 'sale', reference: `LS-${run}` },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(out.status).toBe(201);
    const s = await session(owner);
    await withArtifacts('stock journal export', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/movements`);
      await heading(page, 'Bewegungen');
      await main(page).getByLabel('Art').selectOption({ label: 'Warenausgang' });
      const journal = main(page).getByRole('table', { name: 'Bewegungen' });
      await journal.getByText(`LS-${run}`).waitFor();
      await eventually(async () => {
        const kinds = await journal.locator('tbody tr td:nth-child(3)').allTextContents();
        expect(kinds.length).toBeGreaterThan(0);
        for (const kind of kinds) expect(kind).toMatch(/^Warenausgang/);
      });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main(page).getByRole('button', { name: 'Als CSV exportieren' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^movements-\d{4}-\d{2}-\d{2}\.csv$/);
      const file = fs.readFileSync((await download.path())!, 'utf8');
      expect(file.charCodeAt(0)).toBe(0xfeff);
      const rows = file.slice(1).trim().split(/\r?\n/);
      // German: `;` separated for Excel, German headers; only goods-out rows, ours among them.
      const header = rows[0]!.split(';');
      const kindColumn = header.indexOf('Art');
      expect(kindColumn).toBeGreaterThanOrEqual(0);
      const records = rows.slice(1).map((row) => row.split(';'));
      expect(new Set(records.map((r) => r[kindColumn]))).toEqual(new Set(['out']));
      const ours = rows.find((row) => row.includes(`LS-${run}`));
      expect(ours).toContain(sku('Export'));
    });
  }, 90_000);

  test('transfer between two warehouses of one user: out here, in there (article created with the same SKU)', async () => {
    const mover = await registerUser(stack, { prefix: 'stockmover', name: 'Mira Mover' });
    const target = await createWarehouse(mover, 'Zielager');
    // Created last, so it is the current one: the article lives here.
    await createWarehouse(mover, 'Quelllager');
    const as = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      stockCall<T>(stack, mover, method, path, body, headers);
    const created = await as<{ article: Article }>('POST', '/api/stock/articles', {
      sku: sku('PAL'),
      name: 'Paletten',
      unit: 'pcs',
      min_stock: 0,
    });
    const id = created.body.article.id;
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    expect(
      (await as('POST', '/api/stock/movements', { article_id: id, kind: 'in', quantity: 10, reason: 'purchase' }, key))
        .status,
    ).toBe(201);

    const s = await session(mover, 375);
    await withArtifacts('stock transfer', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/articles/${id}`);
      await heading(page, 'Paletten');
      await main(page).getByRole('button', { name: 'Umlagern', exact: true }).click();
      const form = main(page).getByRole('form', { name: 'Umlagern' });
      await form.getByLabel('Ziellager').selectOption({ label: 'Zielager' });
      await form.getByLabel(/Menge/).fill('4');
      await form.getByRole('button', { name: 'Umlagern' }).click();
      await form.getByText('Umgelagert. Bestand hier: 6 Stk.').waitFor();
    });
    expect((await as<{ article: Article }>('GET', `/api/stock/articles/${id}`)).body.article.quantity).toBe(6);
    expect((await mover.api.send('PATCH', '/api/profile/setwarehouse', { warehouse_id: target })).status).toBe(200);
    const there = await as<{ articles: Article[] }>('GET', `/api/stock/articles?q=${encodeURIComponent(sku('PAL'))}`);
    expect(there.body.articles.map((a) => [a.sku, a.quantity])).toEqual([[sku('PAL'), 4]]);
  }, 90_000);

  test('the stock pages with forms and tables pass axe (WCAG A/AA) in German', async () => {
    const article = await createArticle('Prüfling', 1);
    const s = await session(owner);
    await withArtifacts('stock axe', [s], async () => {
      const { page } = s;
      const pages: [string, string][] = [
        ['/stock', 'Bestand'],
        [`/stock/articles/${article.id}`, 'Prüfling'],
        ['/stock/book', 'Schnellbuchung'],
        ['/stock/count', 'Inventur'],
      ];
      const found: string[] = [];
      for (const [path, title] of pages) {
        await page.goto(`${stack.shell.url}${path}`);
        await heading(page, title);
        const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
        for (const v of result.violations)
          found.push(`${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      }
      expect(found).toEqual([]);
    });
  }, 90_000);

  test('a booking whose answer is lost is retried with the same key and books once', async () => {
    const article = await createArticle('Verlust', 10);
    const s = await session(owner, 375);
    await withArtifacts('stock lost answer', [s], async () => {
      const { page } = s;
      const keys: string[] = [];
      let lost = false;
      await page.route('**/api/stock/movements', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (lost) return route.continue();
        lost = true;
        // The server books and answers; the answer never reaches the page.
        const answer = await route.fetch();
        expect(answer.status()).toBe(201);
        await route.abort('connectionreset');
      });
      await page.goto(`${stack.shell.url}/stock/book`);
      await heading(page, 'Schnellbuchung');
      const code = main(page).getByLabel('Code');
      await page.waitForFunction((el) => el === document.activeElement, await code.elementHandle(), { timeout: 5000 });
      await main(page).getByLabel('Menge').fill('2');
      await code.fill(article.sku);
      await code.press('Enter');
      await main(page)
        .getByText(/Keine Antwort vom Server/)
        .waitFor();
      // Retry: the same values, Enter again.
      await code.press('Enter');
      await main(page).getByText('Verlust: gebucht, Bestand 8 Stk.').waitFor();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    });
    expect(await stockOf(article.id)).toBe(8);
    const outs = (await journalOf(article.id)).filter((m) => m.kind === 'out');
    expect(outs.map((m) => m.delta)).toEqual([-2]);
  }, 90_000);
});

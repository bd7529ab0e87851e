import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { decodePdf } from '../../remote-stock/src/testing/decode-pdf';
import { createWarehouse, preferEnglish, registerUser, type TestUser } from '../support/actions';
import { expectAxeClean } from '../support/axe';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { stockCall } from '../support/stock-api';

/**
 * Issue 26 §2 (stock-spec-2 "Labels") in the browser: the built apps and the real API. Labels are
 * printed from the articles list, from an article page and from a location's page; the PDF download
 * is caught and every barcode on its pages decoded (rendered at 300 dpi, scripts/pdf-barcodes.mjs).
 * The PDF libraries are fetched only when the user prints, and the dialog is axe-clean, in German
 * and English, at 1280 and 375 px.
 */
describeInBrowser('labels (remote-stock)', () => {
  let owner: TestUser;
  const articles = [
    { sku: 'SCH-0640', name: 'Schraube M6 × 40', barcode: '4006381333931' },
    { sku: 'DÜB-8', name: 'Dübel Größe 8', barcode: null },
    { sku: 'KL-50', name: 'Klebeband', barcode: '96385074' },
  ];
  const ids: number[] = [];
  /** A zone with an aisle and a bin below it. */
  const locationIds: Record<string, number> = {};

  useStackAndBrowser();

  beforeAll(async () => {
    owner = await registerUser(stack, { prefix: 'labelowner', name: 'Lena Label' });
    await createWarehouse(owner, 'Etikettenlager');
    await owner.api.get('/sanctum/csrf-cookie');
    for (const article of articles) {
      const created = await stockCall<{ article: { id: number } }>(stack, owner, 'POST', '/api/stock/articles', {
        ...article,
        unit: 'pcs',
        min_stock: 0,
      });
      expect(created.status).toBe(201);
      ids.push(created.body.article.id);
    }
    for (const [code, parent] of [
      ['L-ZONE', null],
      ['L-ZONE-01', 'L-ZONE'],
      ['L-ZONE-01.2', 'L-ZONE-01'],
    ] as const) {
      const created = await stockCall<{ location: { id: number } }>(stack, owner, 'POST', '/api/stock/locations', {
        code,
        name: code === 'L-ZONE' ? 'Halle Süd' : null,
        parent_id: parent ? locationIds[parent] : null,
      });
      expect(created.status).toBe(201);
      locationIds[code] = created.body.location.id;
    }
  });

  /** One journey in a fresh profile of the owner, `width` px wide, German or English; no page error may occur. */
  async function journey(name: string, width: number, english: boolean, body: (page: Page) => Promise<void>) {
    const s: Session = await newSession(browser, { width });
    await s.context.addCookies(owner.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    if (english) await preferEnglish(s.page);
    await withArtifacts(name, [s], async () => {
      await body(s.page);
      expect(s.errors).toEqual([]);
    });
  }

  /** Opens `path`, waits for its heading, clicks the print button named `button`: the dialog. */
  async function openDialog(page: Page, path: string, heading: string | RegExp, button: string) {
    await page.goto(`${stack.shell.url}${path}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: heading }).waitFor();
    await main.getByRole('button', { name: button }).click();
    return page.getByRole('dialog', { name: button.startsWith('Print') ? 'Print labels' : 'Etiketten drucken' });
  }

  /** Every script the page fetched so far (the PDF libraries are the `label-pdf` chunk and the chunk it needs). */
  function scriptsOf(page: Page): string[] {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    return scripts;
  }

  /** Clicks `button` and returns the downloaded file's name and its decoded pages. */
  async function download(page: Page, click: () => Promise<void>) {
    const [file] = await Promise.all([page.waitForEvent('download'), click()]);
    const path = await file.path();
    return { name: file.suggestedFilename(), decoded: await decodePdf(new Uint8Array(fs.readFileSync(path))) };
  }

  test('German, 1280 px: two articles chosen on the list, sheet 2 × 7 from slot 2, by keyboard; PDF downloaded and decoded', async () => {
    await journey('labels list de', 1280, false, async (page) => {
      const scripts = scriptsOf(page);
      await page.goto(`${stack.shell.url}/stock`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Bestand' }).waitFor();
      // Nothing chosen yet: the button is there but disabled.
      await main.getByRole('button', { name: 'Etiketten drucken (0)', disabled: true }).waitFor();
      await main.getByRole('checkbox', { name: 'Schraube M6 × 40 für Etiketten auswählen' }).check();
      await main.getByRole('checkbox', { name: 'Dübel Größe 8 für Etiketten auswählen' }).check();
      await main.getByRole('button', { name: 'Etiketten drucken (2)' }).focus();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: 'Etiketten drucken' });
      await dialog.getByText('2 Etiketten').waitFor();
      await expectAxeClean(page, '[role="dialog"]');
      // Focus is on the first layout; the arrow key chooses the next one, Tab goes on to the start field.
      await page.keyboard.press('ArrowDown');
      await dialog.getByRole('radio', { name: /2 × 7/, checked: true }).waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2');
      await dialog.getByText('Ergibt 1 Seite.').waitFor();
      expect(scripts.filter((url) => /label-pdf/.test(url))).toEqual([]);

      const { name, decoded } = await download(page, () => page.keyboard.press('Enter'));
      expect(name).toBe('etiketten.pdf');
      await dialog.waitFor({ state: 'detached' });
      // The libraries came with the click, not with the page.
      expect(scripts.filter((url) => /label-pdf/.test(url))).toHaveLength(1);
      expect(decoded.pages).toHaveLength(1);
      expect(decoded.pages[0]?.codes.map((c) => `${c.format}:${c.text}`).sort()).toEqual([
        'Code128:DÜB-8',
        'EAN13:4006381333931',
      ]);
      // Slot 2 (top right) and slot 3 (second row, left) of the 2 × 7 sheet.
      const ean = decoded.pages[0]?.codes.find((c) => c.format === 'EAN13');
      expect(ean!.x).toBeGreaterThan(105);
      expect(ean!.y).toBeLessThan(15.15 + 38.1);
      expect(decoded.pages[0]?.text).toContain('Dübel Größe 8');
    });
  }, 60_000);

  test('English, 375 px: one label from the article page on the roll printer; PDF downloaded and decoded', async () => {
    await journey('labels article en', 375, true, async (page) => {
      const dialog = await openDialog(page, `/stock/articles/${ids[2]}`, 'Klebeband', 'Print labels');
      await dialog.getByText('1 label', { exact: true }).waitFor();
      await dialog.getByRole('radio', { name: /roll/ }).check();
      await dialog.getByText('Makes 1 page.').waitFor();
      await dialog.getByRole('spinbutton').waitFor({ state: 'detached' });
      await expectAxeClean(page, '[role="dialog"]');
      const { name, decoded } = await download(page, () =>
        dialog.getByRole('button', { name: 'Download PDF' }).click(),
      );
      expect(name).toBe('labels.pdf');
      expect(decoded.pages.map((p) => p.codes.map((c) => `${c.format}:${c.text}`))).toEqual([['EAN8:96385074']]);
    });
  }, 60_000);

  test('English, 1280 px: the page of a zone prints the zone and everything below it; every Code 128 and QR code decodes', async () => {
    await journey('labels location en', 1280, true, async (page) => {
      const dialog = await openDialog(
        page,
        `/stock/locations/${locationIds['L-ZONE']}`,
        /L-ZONE/,
        'Print labels: L-ZONE and everything below',
      );
      await dialog.getByText('3 labels', { exact: true }).waitFor();
      await expectAxeClean(page, '[role="dialog"]');
      const { decoded } = await download(page, () => dialog.getByRole('button', { name: 'Download PDF' }).click());
      expect(decoded.pages).toHaveLength(1);
      expect(decoded.pages[0]?.codes.map((c) => `${c.format}:${c.text}`).sort()).toEqual([
        'Code128:L-ZONE',
        'Code128:L-ZONE-01',
        'Code128:L-ZONE-01.2',
        'QRCode:L-ZONE',
        'QRCode:L-ZONE-01',
        'QRCode:L-ZONE-01.2',
      ]);
      expect(decoded.pages[0]?.text).toContain('Halle Süd');
    });
  }, 60_000);
});

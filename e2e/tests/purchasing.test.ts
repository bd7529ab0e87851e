import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createWarehouse, preferEnglish, registerUser, type TestUser } from '../support/actions';
import { expectAxeClean } from '../support/axe';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { deployCli, hashShellBuild, makeDeployDir } from '../support/deploy';
import { eventually } from '../support/eventually';
import { browser, stack, useStackAndBrowser, visit } from '../support/pages';
import { createArticle, stockCall } from '../support/stock-api';

/**
 * Issue 40 (stock-spec-3 §1) in the browser. The purchasing section is not served by the stack: it
 * arrives like any team's section, by `deploy` + `rollout` alone, and the shell build stays the same
 * file for file. Then the loop: reorder list → draft → ordered with the e-mail (the PDF in the
 * outbox) → part received on a phone (375 px, scanning the SKU) → the rest on a desktop in English
 * → received; stock, on_order and the journal as the API tells them.
 */
describeInBrowser('purchasing: a section by deploy alone, from the reorder list to the goods received', () => {
  const SUPPLIER_MAIL = 'bestellung@schraubenwerk.example';
  let deployDir: string;
  let shellBuildHash: string;
  let owner: TestUser;
  let articleId: number;
  let orderId: number;

  beforeAll(async () => {
    deployDir = makeDeployDir('lager-purchasing-e2e-');
    await deployCli(deployDir, 'deploy.mjs', 'remote-purchasing', '--version', '1.0.0');
    await deployCli(deployDir, 'rollout.mjs', 'rollout', 'remote-purchasing', '1.0.0', '--percent', '100');
  }, 300_000);
  useStackAndBrowser(() => ({ deployDir, withoutRemotes: ['remote-purchasing'] }));
  beforeAll(async () => {
    shellBuildHash = hashShellBuild();
    owner = await registerUser(stack, { prefix: 'buyer', name: 'Berta Buyer' });
    await createWarehouse(owner, 'Einkaufslager');
    // Low: 4 on hand, reorder level 10 → suggestion 16, ordered in packs of 5 → 20.
    articleId = await createArticle(stack, owner, { sku: 'SCHR-1', name: 'Schrauben', minStock: 10, quantity: 4 });
    const supplier = await stockCall<{ supplier: { id: number } }>(stack, owner, 'POST', '/api/purchasing/suppliers', {
      name: 'Schraubenwerk',
      email: SUPPLIER_MAIL,
    });
    expect(supplier.status).toBe(201);
    const prices = await stockCall(stack, owner, 'PUT', `/api/stock/articles/${articleId}/suppliers`, [
      { supplier_id: supplier.body.supplier.id, unit_price: '0.0345', pack_size: 5, preferred: true },
    ]);
    expect(prices.status).toBe(200);
  }, 60_000);
  afterAll(() => {
    if (deployDir) fs.rmSync(deployDir, { recursive: true, force: true });
  });

  async function session(width: number, english = false): Promise<Session> {
    const s = await newSession(browser, { width });
    if (english) await preferEnglish(s.page);
    await s.context.addCookies(owner.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    return s;
  }
  const main = (page: Page) => page.getByRole('main');
  const article = async () =>
    (
      await stockCall<{ article: { quantity: number; on_order: number } }>(
        stack,
        owner,
        'GET',
        `/api/stock/articles/${articleId}`,
      )
    ).body.article;
  const noSideScroll = (page: Page) =>
    eventually(async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      ),
    );

  test('1280 px, German: reorder list → draft → ordered and mailed with the PDF; on_order on the reorder list', async () => {
    const s = await session(1280);
    await withArtifacts('purchasing order de', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/reorder`);
      await main(page).getByRole('heading', { level: 1, name: 'Bestellvorschläge' }).waitFor();
      // The header has the section's link: the rollout delivered it, the shell knew nothing of it.
      await page.getByRole('navigation').getByRole('link', { name: 'Einkauf' }).first().waitFor();
      await main(page).getByRole('link', { name: 'Bestellung anlegen' }).click();
      await main(page).getByRole('heading', { level: 1, name: 'Bestellungen aus Bestellvorschlägen' }).waitFor();
      await expectAxeClean(page);
      await main(page).getByRole('button', { name: 'Entwürfe anlegen' }).click();
      await main(page).getByText('Ein Entwurf angelegt.').waitFor();
      await main(page)
        .getByRole('link', { name: /PO-\d{4}-0001/ })
        .click();
      await main(page)
        .getByRole('heading', { level: 1, name: /Bestellung PO-\d{4}-0001/ })
        .waitFor();
      orderId = Number(/\/purchasing\/orders\/(\d+)/.exec(page.url())![1]);
      const lines = main(page).getByRole('table', { name: 'Positionen' });
      await eventually(async () =>
        // Intl puts a no-break space before the € sign.
        expect((await lines.textContent())?.replace(/\u00a0/g, ' ')).toContain(
          'SCHR-1 · Schrauben20 Stk.0 Stk.0,0345 €0,69 €',
        ),
      );
      await expectAxeClean(page);

      await main(page).getByRole('button', { name: 'Bestellen und per E-Mail senden' }).click();
      await main(page)
        .getByText(/Bestellt\. Die Bestellung ging als PDF per E-Mail an den Lieferanten\./)
        .waitFor();
      const mail = readOutboxFiles().find((m) => m.to === SUPPLIER_MAIL)!;
      expect(mail.subject).toMatch(/^Bestellung PO-\d{4}-0001 von Einkaufslager$/);
      expect(mail.attachments?.[0]?.filename).toMatch(/^PO-\d{4}-0001\.pdf$/);
      expect(Buffer.from(mail.attachments![0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(await article()).toMatchObject({ quantity: 4, on_order: 20 });

      await visit(page, '/stock/reorder');
      const row = main(page).getByRole('row', { name: /SCHR-1/ });
      await eventually(async () =>
        expect(await row.locator('td').allTextContents()).toEqual([
          'SCHR-1',
          'Schrauben',
          '4 Stk.',
          '10 Stk.',
          '–',
          '20 Stk.',
          '0 Stk.',
        ]),
      );
      expect(hashShellBuild()).toBe(shellBuildHash);
    });
  }, 120_000);

  test('375 px: part of it received on a phone by scanning the SKU', async () => {
    const s = await session(375);
    await withArtifacts('purchasing receive phone', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/purchasing/receive`);
      await main(page).getByRole('heading', { level: 1, name: 'Wareneingang' }).waitFor();
      await main(page)
        .getByRole('link', { name: /PO-\d{4}-0001/ })
        .click();
      const scan = main(page).getByLabel('Artikel scannen oder Artikelnummer eingeben');
      await scan.fill('SCHR-1');
      await scan.press('Enter');
      await main(page).getByRole('heading', { level: 2, name: 'SCHR-1 · Schrauben' }).waitFor();
      await main(page).getByText('offen: 20 Stk.').waitFor();
      await main(page).getByLabel('Menge').fill('8');
      await expectAxeClean(page);
      await noSideScroll(page);
      await main(page).getByRole('button', { name: 'Buchen' }).click();
      await main(page).getByText('8 Stk. Schrauben gebucht.').waitFor();
      await main(page)
        .getByText(/offen: 12 Stk\./)
        .waitFor();
      expect(await article()).toMatchObject({ quantity: 12, on_order: 12 });
    });
  }, 90_000);

  test('1280 px, English: the rest on the desktop → received; stock, on_order and journal right; shell unchanged', async () => {
    const s = await session(1280, true);
    await withArtifacts('purchasing receive en', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/purchasing/orders/${orderId}`);
      await main(page).getByText('Partially received', { exact: true }).first().waitFor();
      await main(page).getByRole('button', { name: 'Fill in everything open' }).click();
      await expectAxeClean(page);
      await main(page).getByRole('button', { name: 'Book goods receipt' }).click();
      await main(page).getByText('Goods receipt booked for one line.').waitFor();
      await main(page).getByText('Received', { exact: true }).first().waitFor();
      expect(await article()).toMatchObject({ quantity: 24, on_order: 0 });
      const journal = await stockCall<{ movements: { delta: number; reason: string; purchase_order_id: number }[] }>(
        stack,
        owner,
        'GET',
        `/api/stock/movements?article_id=${articleId}`,
      );
      expect(journal.body.movements.map((m) => [m.delta, m.reason, m.purchase_order_id])).toEqual([
        [12, 'purchase', orderId],
        [8, 'purchase', orderId],
        [4, 'purchase', null],
      ]);
      // A receipt again: the order is received, the API refuses (409) and books nothing.
      const again = await stockCall(
        stack,
        owner,
        'POST',
        `/api/purchasing/orders/${orderId}/receipts`,
        { lines: [{ line_id: 1, quantity: 1 }] },
        {
          'Idempotency-Key': crypto.randomUUID(),
        },
      );
      expect(again.status).toBe(409);
      expect(hashShellBuild()).toBe(shellBuildHash);
    });
  }, 90_000);

  interface OutboxFile {
    to: string;
    subject: string;
    attachments?: { filename: string; contentType: string; content: string }[];
  }
  function readOutboxFiles(): OutboxFile[] {
    const dir = path.join(stack.dataDir, 'outbox');
    return fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8')) as OutboxFile);
  }
});

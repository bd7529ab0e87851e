import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { ApiClient, createWarehouse, preferEnglish, registerUser, type TestUser } from '../support/actions';
import { expectAxeClean } from '../support/axe';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { eventually, expectCount, expectHidden } from '../support/eventually';
import { browser, stack, useStackAndBrowser, visit } from '../support/pages';
import { readOutbox } from '../support/stack';
import { createArticle, stockCall } from '../support/stock-api';

/**
 * Issue 26 §3–4 in the browser (stock-spec-2): the article page's stock chart and its table, the
 * reorder page, and the low-stock digest subscribed on the profile page and found in the outbox.
 * The API runs its digest queue every 300 ms here (DIGEST_POLL_MS), so "today's hour" comes at once.
 */
describeInBrowser('stock over time, reordering and the low-stock digest', () => {
  let owner: TestUser;
  let articleId: number;

  // With the demo data: its clerk (guest@lager.demo, role Lagerist) is checked at the end.
  useStackAndBrowser({ apiEnv: { DIGEST_POLL_MS: '300' }, seedDemo: true });

  beforeAll(async () => {
    owner = await registerUser(stack, { prefix: 'digestowner', name: 'Dora Digest' });
    await createWarehouse(owner, 'Verlaufslager');
    articleId = await createArticle(stack, owner, { sku: 'KISTE-1', name: 'Kisten', minStock: 5, quantity: 10 });
    // A long name and a three-digit suggestion (2 × 60 − 7 = 113): the list must show all of it.
    await createArticle(stack, owner, {
      sku: 'SCHRAUBENDREHER-SET-32',
      name: 'Schraubendreher-Set mit Bits, magnetisch, 32-teilig in Kunststoffbox',
      minStock: 60,
      quantity: 7,
    });
  });

  async function session(width: number, english = false): Promise<Session> {
    const s = await newSession(browser, { width });
    if (english) await preferEnglish(s.page);
    await s.context.addCookies(owner.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    return s;
  }

  const main = (page: Page) => page.getByRole('main');
  const unsubscribeLink = () =>
    /https?:\/\/\S+\/api\/digests\/unsubscribe\?token=\S+/.exec(
      readOutbox(stack, owner.email).find((m) => m.subject.includes('reorder level'))!.text,
    )![0];

  /** The chart (a canvas uPlot draws, labelled) and the same figures in the table. */
  const CHART = {
    de: {
      title: 'Bestandsverlauf',
      chart: /Diagramm des Bestands über 30 Tage/,
      table: 'Als Tabelle anzeigen',
      caption: 'Bestand über 30 Tage',
    },
    en: {
      title: 'Stock over time',
      chart: /Chart of the stock over 30 days/,
      table: 'Show as table',
      caption: 'Stock over 30 days',
    },
  };
  async function seeChart(page: Page, language: 'de' | 'en', stock: string) {
    const text = CHART[language];
    await main(page).getByRole('heading', { name: text.title }).waitFor();
    await main(page).getByRole('img', { name: text.chart }).waitFor();
    await main(page).getByText(text.table).click();
    const table = main(page).getByRole('table', { name: text.caption });
    await eventually(async () =>
      expect(await table.locator('tbody tr td:nth-child(2)').allTextContents()).toContain(stock),
    );
  }

  test('German, 1280 px: chart and table, subscribe to the digest, receive it, reorder page', async () => {
    const s = await session(1280);
    await withArtifacts('reorder digest de', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/articles/${articleId}`);
      await seeChart(page, 'de', '10 Stk.');
      await main(page).getByRole('button', { name: '1 Jahr' }).click();
      await main(page)
        .getByRole('img', { name: /Diagramm des Bestands über 1 Jahr/ })
        .waitFor();
      await expectAxeClean(page);

      // The owner registered in English (the API client's language): the mail is English.
      // Subscribe for a later hour first (not due), let the article go low, then move the hour to now:
      // the digest is due at once and has news.
      const now = new Date();
      const later = now.getUTCHours() + (now.getUTCMinutes() >= 55 ? 2 : 1);
      const [zone, first] = later <= 23 ? ['UTC', later] : ['Pacific/Honolulu', (later - 10) % 24];
      await visit(page, '/user');
      const card = main(page).getByRole('form', { name: 'Verlaufslager' });
      await card.getByLabel('Tägliche Bestandswarnung für Verlaufslager').check();
      await card.getByLabel('Zeitzone').selectOption(zone);
      await card.getByLabel('Senden um').selectOption(String(first));
      await card.getByRole('button', { name: 'Bestandswarnung für Verlaufslager speichern' }).click();
      await card.getByText('Gespeichert: Die Bestandswarnung ist eingeschaltet.').waitFor();
      await expectAxeClean(page);

      const out = await stockCall(
        stack,
        owner,
        'POST',
        '/api/stock/movements',
        { article_id: articleId, kind: 'out', quantity: 6, reason: 'sale' },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      expect(out.status).toBe(201);

      await page.reload();
      await card.getByLabel('Zeitzone').selectOption('UTC');
      await card.getByLabel('Senden um').selectOption(String(new Date().getUTCHours()));
      await card.getByRole('button', { name: 'Bestandswarnung für Verlaufslager speichern' }).click();
      await card.getByText('Gespeichert: Die Bestandswarnung ist eingeschaltet.').waitFor();
      await eventually(
        () => {
          const digests = readOutbox(stack, owner.email).filter((m) => m.subject.includes('reorder level'));
          expect(digests.map((m) => m.subject)).toEqual(['Verlaufslager: 1 article(s) at or below reorder level']);
          expect(digests[0]!.text).toContain('KISTE-1 – Kisten: 4 pcs (reorder level 5 pcs)');
          expect(digests[0]!.text).toMatch(/\/api\/digests\/unsubscribe\?token=/);
        },
        { timeout: 20_000 },
      );
      // The mail's unsubscribe link opens a page that looks like the app and names the warehouse.
      await page.goto(unsubscribeLink());
      await page.getByRole('heading', { level: 1, name: 'Unsubscribe from the low-stock digest' }).waitFor();
      await page.getByText('You receive a daily low-stock digest for Verlaufslager.', { exact: false }).waitFor();
      await expectAxeClean(page);

      await page.goto(`${stack.shell.url}/stock/reorder`);
      await main(page).getByRole('heading', { level: 1, name: 'Bestellvorschläge' }).waitFor();
      await main(page)
        .getByRole('row', { name: /KISTE-1/ })
        .waitFor();
      // Every column fits at 1280 px: the suggestion of the long-named article reads "113 Stk." in full.
      const long = main(page).getByRole('row', { name: /SCHRAUBENDREHER/ });
      await eventually(async () => expect(await long.locator('td').last().textContent()).toBe('113 Stk.'));
      const region = main(page).getByRole('region', { name: 'Bestellvorschläge' });
      await eventually(async () =>
        expect(await region.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0),
      );
      const row = main(page).getByRole('row', { name: /KISTE-1/ });
      await eventually(async () =>
        expect(await row.locator('td').allTextContents()).toEqual([
          'KISTE-1',
          'Kisten',
          '4 Stk.',
          '5 Stk.',
          '–',
          '0 Stk.',
          '6 Stk.',
        ]),
      );
      await expectAxeClean(page);
    });
  }, 90_000);

  test('English, 375 px: chart and table, reorder page, the digest card', async () => {
    const s = await session(375, true);
    await withArtifacts('reorder digest en', [s], async () => {
      const { page } = s;
      await page.goto(`${stack.shell.url}/stock/articles/${articleId}`);
      await seeChart(page, 'en', '4 pcs');
      await expectAxeClean(page);
      await visit(page, '/stock/reorder');
      await main(page).getByRole('heading', { level: 1, name: 'Reorder suggestions' }).waitFor();
      // A phone gets cards: the suggestion under the name, inside the screen.
      const reorderCard = main(page)
        .getByRole('list', { name: 'Reorder suggestions' })
        .getByRole('listitem')
        .filter({ hasText: 'SCHRAUBENDREHER-SET-32' });
      const suggestion = reorderCard.getByText('Suggested order: 113 pcs');
      await suggestion.waitFor();
      const box = (await suggestion.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      await expectHidden(main(page).getByRole('table'));
      await expectAxeClean(page);
      await visit(page, '/user');
      const card = main(page).getByRole('form', { name: 'Verlaufslager' });
      await eventually(async () =>
        expect(await card.getByLabel('Daily digest for Verlaufslager').isChecked()).toBe(true),
      );
      await expectAxeClean(page);

      // Unsubscribe in the browser (the page's own CSP lets its form post), then the profile says so.
      await page.goto(unsubscribeLink());
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByText('You will no longer receive the low-stock digest for Verlaufslager.').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expectAxeClean(page);
      await page.getByRole('link', { name: 'Manage your subscriptions on your profile page' }).click();
      await eventually(async () =>
        expect(await card.getByLabel('Daily digest for Verlaufslager').isChecked()).toBe(false),
      );
      await eventually(async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        ),
      );
    });
  }, 90_000);

  test('the demo clerk (guest@lager.demo, Lagerist) sees the stock: journal with his bookings (de, 1280), articles and reorder list (en, 375)', async () => {
    const clerk = new ApiClient(stack.shell.url, 'de');
    expect((await clerk.send('POST', '/api/login', { email: 'guest@lager.demo', password: 'demo1234' })).status).toBe(
      200,
    );
    const desk = await newSession(browser, { width: 1280 });
    const phone = await newSession(browser, { width: 375 });
    await preferEnglish(phone.page);
    for (const s of [desk, phone]) {
      await s.context.addCookies(clerk.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    }
    await withArtifacts('demo clerk', [desk, phone], async () => {
      await desk.page.goto(`${stack.shell.url}/stock/movements`);
      await main(desk.page).getByRole('heading', { level: 1, name: 'Bewegungen' }).waitFor();
      await main(desk.page).getByRole('cell', { name: 'Gustav Guest' }).first().waitFor();
      await expectAxeClean(desk.page);

      await phone.page.goto(`${stack.shell.url}/stock`);
      await main(phone.page).getByRole('heading', { level: 1, name: 'Stock' }).waitFor();
      await main(phone.page).getByRole('link', { name: /./ }).first().waitFor();
      await expectCount(main(phone.page).getByRole('link', { name: 'New article' }), 0);
      await visit(phone.page, '/stock/reorder');
      await main(phone.page).getByRole('list', { name: 'Reorder suggestions' }).getByRole('listitem').first().waitFor();
      await expectAxeClean(phone.page);
    });
  });
});

import type { Page } from 'playwright-core';
import { createWarehouse, registerUser, type TestUser } from '../support/actions';
import { expectAxeClean } from '../support/axe';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { eventually, expectTextContaining } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { stockCall } from '../support/stock-api';

/**
 * stock-spec-3 §2 in the browser (issue 41), one journey on a 375 px phone: a lot received by scanning
 * its GS1-128 code (article, lot and best-before filled from it), part of it shipped by FEFO, the lot
 * traced, seen on /stock/expiry; then a goods-out of the lot booked offline and sent when online again.
 */
describeInBrowser('lots, best-before and trace (issue 41)', () => {
  let owner: TestUser;
  let milk: { id: number };
  const api = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    stockCall<T>(stack, owner, method, path, body, headers);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const bestBefore = inDays(10);
  const yymmdd = bestBefore.slice(2).replaceAll('-', '');

  useStackAndBrowser();

  beforeAll(async () => {
    owner = await registerUser(stack, { prefix: 'lotowner', name: 'Lotte Lot' });
    await createWarehouse(owner, 'Frischelager');
    await owner.api.get('/sanctum/csrf-cookie');
    const created = await api<{ article: { id: number } }>('POST', '/api/stock/articles', {
      sku: 'MILCH-1',
      name: 'Milch',
      unit: 'pcs',
      min_stock: 0,
      barcode: '4006381333931',
      tracking: 'lot',
      expiry: true,
    });
    expect(created.status).toBe(201);
    milk = created.body.article;
  });

  async function session(): Promise<Session> {
    const s = await newSession(browser, { width: 375 });
    await s.context.addCookies(owner.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    return s;
  }

  const openQuickBooking = async (page: Page) => {
    await page.goto(new URL('/stock/book', stack.shell.url).href);
    await page.getByRole('heading', { level: 1, name: 'Schnellbuchung' }).waitFor();
  };
  const scan = async (page: Page, code: string) => {
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('Code', { exact: true }).press('Enter');
  };

  it('receives a lot by GS1-128 scan, ships part by FEFO, traces it, sees it expiring; books it offline too', async () => {
    const s = await session();
    await withArtifacts('lots-journey', [s], async () => {
      const { page } = s;
      const indexFilled = page.waitForResponse((r) => r.url().includes('updated_since') && r.ok());
      await openQuickBooking(page);
      await indexFilled;

      // Goods in of 5 by scanning (01)(17)(10): the lot and the date come from the code.
      await page.getByRole('button', { name: 'Wareneingang' }).click();
      await page.getByLabel('Menge', { exact: true }).fill('5');
      await scan(page, `(01)04006381333931(17)${yymmdd}(10)24-117`);
      await page.getByText('Milch: gebucht, Bestand 5 Stk.').waitFor();

      // Goods out of 2 by the EAN alone: FEFO takes them from 24-117 and says so.
      await page.getByRole('button', { name: 'Warenausgang' }).click();
      await page.getByLabel('Menge', { exact: true }).fill('2');
      await scan(page, '4006381333931');
      await page.getByText('Entnommen: 24-117 (2)').waitFor();

      // The trace: in and out, oldest first.
      await page.goto(new URL(`/stock/trace?article_id=${milk.id}&lot=24-117`, stack.shell.url).href);
      await page.getByRole('heading', { level: 2, name: 'Milch (MILCH-1) · 24-117' }).waitFor();
      const rows = page.getByRole('table').getByRole('row');
      await eventually(async () => expect(await rows.count()).toBe(3));
      await eventually(async () => expect(await rows.nth(1).textContent()).toMatch(/Wareneingang.*\+5 Stk\./));
      await eventually(async () => expect(await rows.nth(2).textContent()).toMatch(/Warenausgang.*-2 Stk\./));
      await expectAxeClean(page);

      // /stock/expiry: expiring within 30 days, 3 left at STANDARD.
      await page.goto(new URL('/stock/expiry', stack.shell.url).href);
      const row = page.getByRole('row', { name: /24-117/ });
      await row.waitFor();
      await expectTextContaining(row, 'STANDARD: 3 Stk.');
      await expectAxeClean(page);

      // Offline: a goods-out of lot 24-117 waits on the device with its lot, and goes out when online.
      await openQuickBooking(page);
      await eventually(async () => expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true));
      await s.context.setOffline(true);
      await page.getByRole('button', { name: 'Charge / MHD angeben' }).click();
      await page.getByLabel('Charge', { exact: true }).fill('24-117');
      await page.getByLabel('Menge', { exact: true }).fill('1');
      await scan(page, '4006381333931');
      await page.getByText(/Milch: wartet auf Verbindung/).waitFor();
      await s.context.setOffline(false);
      const outbox = page.getByRole('region', { name: 'Offline gebuchte Buchungen' });
      await outbox.getByText('gebucht, Bestand danach 2').waitFor({ timeout: 20_000 });
      const journal = await api<{ movements: { kind: string; lot: string; delta: number }[] }>(
        'GET',
        `/api/stock/movements?lot=24-117`,
      );
      expect(journal.body.movements.map((m) => [m.kind, m.lot, m.delta])).toEqual([
        ['out', '24-117', -1],
        ['out', '24-117', -2],
        ['in', '24-117', 5],
      ]);
    });
  });
});

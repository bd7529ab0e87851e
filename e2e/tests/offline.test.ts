import crypto from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createWarehouse, preferEnglish, registerUser, type TestUser } from '../support/actions';
import { expectAxeClean } from '../support/axe';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { eventually, expectCount } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { type RemoteServer, repoRoot, serveRemote } from '../support/stack';
import { stockCall } from '../support/stock-api';

const { remoteManifestFor } = require('../../scripts/stack.cjs') as {
  remoteManifestFor: (urls: Record<string, string>) => unknown;
};

/**
 * Offline spec §4 in the browser: the built apps and the real API, Chromium's offline switch.
 * Quick booking offline, the tab closed and opened again, back online: booked once each, the
 * booking beyond the stock refused with the available quantity.
 */
describeInBrowser('working offline (issue 25)', () => {
  let owner: TestUser;
  let milk: { id: number; sku: string };

  const api = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    stockCall<T>(stack, owner, method, path, body, headers);
  const journal = async () =>
    (await api<{ movements: { delta: number }[] }>('GET', `/api/stock/movements?article_id=${milk.id}`)).body.movements;

  /** Set by a test: the remotes manifest the shell serves instead of the stack's own (a remote moved). */
  let servedManifest: unknown;
  useStackAndBrowser({ remotesManifest: () => servedManifest });

  beforeAll(async () => {
    owner = await registerUser(stack, { prefix: 'offlineowner', name: 'Olga Offline' });
    await createWarehouse(owner, 'Kühlhaus');
    await owner.api.get('/sanctum/csrf-cookie');
    const created = await api<{ article: { id: number; sku: string } }>('POST', '/api/stock/articles', {
      sku: 'MILCH-1',
      name: 'Milch',
      unit: 'pcs',
      min_stock: 0,
    });
    milk = created.body.article;
    await stockUp(5);
  });

  /** Goods in over the API, so each journey books out of stock of its own. */
  async function stockUp(quantity: number) {
    const stocked = await api(
      'POST',
      '/api/stock/movements',
      { article_id: milk.id, kind: 'in', quantity, reason: 'purchase' },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(stocked.status).toBe(201);
  }

  /** The Idempotency-Key of every booking this page sends (both tabs' requests reach the API). */
  async function recordBookings(page: Page, keys: string[]) {
    await page.route('**/api/stock/movements', async (route) => {
      const key = route.request().headers()['idempotency-key'];
      if (route.request().method() === 'POST' && key) keys.push(key);
      await route.continue();
    });
  }

  /** A quick booking out in English (online it books, offline it waits). */
  async function quickBook(page: Page, quantity: number) {
    await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
    await page.getByLabel('Code', { exact: true }).fill('MILCH-1');
    await page.getByLabel('Code', { exact: true }).press('Enter');
  }

  /** /stock/book covered online, `quantity` more in stock, then offline: the journal's length before. */
  async function offlineWithStock(page: Page, quantity: number): Promise<number> {
    await openCovered(page);
    await stockUp(quantity);
    const before = (await journal()).length;
    await page.context().setOffline(true);
    return before;
  }

  async function session(options: { width?: number; english?: boolean } = {}): Promise<Session> {
    const s = await newSession(browser, { width: options.width, locale: options.english ? 'en-GB' : 'de-DE' });
    if (options.english) await preferEnglish(s.page);
    await s.context.addCookies(owner.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    return s;
  }

  const openQuickBooking = async (page: Page) => {
    await page.goto(new URL('/stock/book', stack.shell.url).href);
    await page.getByRole('heading', { level: 1, name: /^(Schnellbuchung|Quick booking)$/ }).waitFor();
  };

  async function bookOut(page: Page, quantity: number) {
    const field = page.getByLabel('Menge', { exact: true });
    await field.fill(String(quantity));
    await page.getByLabel('Code', { exact: true }).fill('MILCH-1');
    await page.getByLabel('Code', { exact: true }).press('Enter');
    await page.getByText(/Milch: wartet auf Verbindung/).waitFor();
  }

  /** /stock/book opened online: the article index filled and the worker in control of the next start. */
  async function openCovered(page: Page) {
    const indexFilled = page.waitForResponse((r) => r.url().includes('updated_since') && r.ok());
    await openQuickBooking(page);
    await indexFilled;
    await eventually(async () =>
      expect(await page.evaluate(() => document.documentElement.dataset.offline)).toBe('ready'),
    );
    await openQuickBooking(page);
    await eventually(async () => expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true));
  }

  it('books offline, survives a closed tab, and sends each booking once when online again', async () => {
    const s = await session();
    await withArtifacts('offline-bookings', [s], async () => {
      await openCovered(s.page);
      const before = (await journal()).length;

      await s.context.setOffline(true);
      await s.page.reload();
      await s.page.getByText('Offline – Buchungen werden gesendet, sobald eine Verbindung besteht').waitFor();
      await bookOut(s.page, 1);
      await bookOut(s.page, 3);
      await bookOut(s.page, 10);

      // The tab closes; a new one (still offline) shows the three waiting.
      await s.page.close();
      const page = await s.context.newPage();
      await openQuickBooking(page);
      const outbox = page.getByRole('region', { name: 'Offline gebuchte Buchungen' });
      await expectCount(outbox.getByText('Wartet auf Verbindung'), 3);
      expect(await journal()).toHaveLength(before);

      await s.context.setOffline(false);
      await outbox.getByText('Braucht Aufmerksamkeit').waitFor({ timeout: 20_000 });
      await outbox.getByText('Nicht genug Bestand: 1 Stk. verfügbar.').waitFor();
      const after = await journal();
      expect(after).toHaveLength(before + 2);
      expect(after.slice(0, 2).map((m) => m.delta)).toEqual([-3, -1]);
    });
  });

  it('an answer cut off after the server booked: the resend with the same key books nothing more', async () => {
    const s = await session();
    await withArtifacts('offline-cut-off', [s], async () => {
      await openCovered(s.page);
      await s.context.setOffline(true);
      await bookOut(s.page, 1);
      const before = (await journal()).length;

      // The first send reaches the server, its answer never reaches the page.
      let cut = false;
      await s.page.route('**/api/stock/movements', async (route) => {
        if (route.request().method() !== 'POST' || cut) return route.continue();
        await route.fetch();
        cut = true;
        await route.abort('connectionreset');
      });
      await s.context.setOffline(false);
      await eventually(() => expect(cut).toBe(true));
      await eventually(async () => expect(await journal()).toHaveLength(before + 1));

      // Sent again a little later (or at the next start): the server answers what it booked.
      const outbox = s.page.getByRole('region', { name: 'Offline gebuchte Buchungen' });
      await outbox.getByText('gebucht, Bestand danach 0 Stk.').waitFor({ timeout: 20_000 });
      expect(await journal()).toHaveLength(before + 1);
      // Listed booked once; the next opening of the page no longer lists it (issue 38).
      await s.page.reload();
      await s.page.getByRole('heading', { level: 1, name: 'Schnellbuchung' }).waitFor();
      await s.page.getByText('Noch keine Buchung in dieser Sitzung.').waitFor();
      await expectCount(outbox, 0);
      expect(await journal()).toHaveLength(before + 1);
    });
  });

  it('logout with a booking not sent asks first; another user on the same browser sees none of it', async () => {
    const s = await session();
    await withArtifacts('offline-users', [s], async () => {
      await openCovered(s.page);
      await s.context.setOffline(true);
      await bookOut(s.page, 1);
      await s.page.getByText('1 Buchung wartet auf Verbindung').waitFor();
      // Still no way through for bookings: the one made offline keeps waiting.
      await s.page.route('**/api/stock/movements', (route) =>
        route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
      );
      await s.context.setOffline(false);

      await s.page.getByRole('button', { name: 'Abmelden' }).click();
      const question = s.page.getByRole('dialog', { name: '1 Buchung noch nicht gesendet' });
      await question.waitFor();
      // One booking: "sie wird", not "sie werden" (issue 38).
      await question.getByText('Beim Abmelden wird sie verworfen.').waitFor();
      await question.getByRole('button', { name: 'Angemeldet bleiben' }).click();
      await question.waitFor({ state: 'detached' });
      expect(s.page.url()).toMatch(/\/stock\/book$/);

      // Someone else signs in on this browser (the first session ended without a logout).
      const other = await registerUser(stack, { prefix: 'offlineother', name: 'Otto Other' });
      await createWarehouse(other, 'Nebenlager');
      await s.context.clearCookies();
      await s.context.addCookies(other.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
      const indexFilled = s.page.waitForResponse((r) => r.url().includes('updated_since') && r.ok());
      await openQuickBooking(s.page);
      await indexFilled;
      const signedIn = await s.page.evaluate(() => fetch('/api/user').then((r) => r.json() as Promise<{ id: number }>));
      const pending = await s.page.evaluate(() => JSON.parse(localStorage.getItem('lager.outbox.pending') ?? '{}'));
      // The first user's booking still waits on this browser — for them only.
      expect(Object.values(pending)).toEqual([1]);
      expect(pending).not.toHaveProperty(String(signedIn.id));
      await expectCount(s.page.getByRole('region', { name: 'Offline gebuchte Buchungen' }), 0);
      await expectCount(s.page.getByText(/wartet auf Verbindung|warten auf Verbindung/), 0);
    });
  });

  it('two tabs of one user come online together: each booking is sent once (one sender, Web Lock)', async () => {
    const s = await session();
    await withArtifacts('offline-two-tabs', [s], async () => {
      const before = await offlineWithStock(s.page, 10);
      await bookOut(s.page, 1);
      await bookOut(s.page, 2);
      await bookOut(s.page, 3);
      // A second tab of the same user, opened offline, holds the same three.
      const second = await s.context.newPage();
      await openQuickBooking(second);
      const outboxes = [s.page, second].map((p) => p.getByRole('region', { name: 'Offline gebuchte Buchungen' }));
      for (const outbox of outboxes) {
        await expectCount(outbox.getByText('Wartet auf Verbindung'), 3);
      }
      const sent: string[] = [];
      await recordBookings(s.page, sent);
      await recordBookings(second, sent);

      // Both tabs see the connection come back at the same moment and both try to send.
      await s.context.setOffline(false);
      for (const outbox of outboxes) {
        await expectCount(outbox.getByText(/gebucht, Bestand danach/), 3, { timeout: 20_000 });
      }
      expect(sent).toHaveLength(3);
      expect(new Set(sent).size).toBe(3);
      const after = await journal();
      expect(after).toHaveLength(before + 3);
      expect(after.slice(0, 3).map((m) => m.delta)).toEqual([-3, -2, -1]);
    });
  });

  it('bookings made offline are sent when the app is opened again on /dashboard, without visiting /stock/book', async () => {
    const s = await session();
    await withArtifacts('offline-sent-from-dashboard', [s], async () => {
      const before = await offlineWithStock(s.page, 10);
      await bookOut(s.page, 2);
      await bookOut(s.page, 1);
      await s.page.close();

      // Back online, the worker opens the app on the dashboard.
      await s.context.setOffline(false);
      const page = await s.context.newPage();
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      const sent: string[] = [];
      await recordBookings(page, sent);
      await page.goto(new URL('/dashboard', stack.shell.url).href);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

      await eventually(async () => expect(await journal()).toHaveLength(before + 2), { timeout: 20_000 });
      expect((await journal()).slice(0, 2).map((m) => m.delta)).toEqual([-1, -2]);
      // The header's count of waiting bookings goes; the page never left the dashboard.
      await expectCount(page.getByText(/auf Verbindung/), 0);
      expect(new Set(sent).size).toBe(2);
      expect(sent).toHaveLength(2);
      expect(visited.filter((path) => path.startsWith('/stock'))).toEqual([]);
      expect(page.url()).toMatch(/\/dashboard$/);
    });
  });

  it('a returning user at 375 px: a section moved to a new host loads at the next page load, online and offline (issue 38)', async () => {
    const s = await session({ width: 375, english: true });
    let moved: RemoteServer | undefined;
    await withArtifacts('offline-moved-section', [s], async () => {
      // The worker was installed while the stock section lived on its first host.
      await openCovered(s.page);

      // A deploy moves the section: remotes.json names a host this worker has never seen.
      moved = await serveRemote(path.join(repoRoot, 'remote-stock', 'dist'));
      const urls = Object.fromEntries(Object.entries(stack.remotes).map(([name, r]) => [name, r.url]));
      servedManifest = remoteManifestFor({ ...urls, 'remote-stock': moved.url });
      const fromNewHost: string[] = [];
      s.page.on('requestfinished', (request) => {
        if (request.url().startsWith(moved!.url)) fromNewHost.push(request.url());
      });
      const articles = s.page.getByRole('heading', { level: 1, name: 'Stock' });
      const unavailable = s.page.getByText('Section unavailable');
      await s.page.goto(new URL('/stock', stack.shell.url).href);
      await articles.waitFor();
      expect(fromNewHost.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
      // Loaded again now that the worker knows the new host (it fetches from there itself).
      await s.page.reload();
      await articles.waitFor();
      await openQuickBooking(s.page);
      await expectCount(unavailable, 0);

      // Offline, the section comes from the new host's files the worker kept.
      await stockUp(1);
      const before = (await journal()).length;
      await s.context.setOffline(true);
      await openQuickBooking(s.page);
      await s.page.getByText('Offline – bookings are sent as soon as there is a connection').waitFor();
      await expectCount(unavailable, 0);
      await eventually(async () =>
        expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375),
      );
      await expectAxeClean(s.page, 'main');

      // Booked offline, then a link to a page of the section never opened online: a note in its
      // place, the section stays; online again the page appears by itself and the booking goes out
      // once, no Retry, no reload.
      await quickBook(s.page, 1);
      await s.page.getByText('1 booking waiting for connection').waitFor();
      await s.page.evaluate(() => Object.assign(window, { samePage: true }));
      await s.page.getByRole('navigation', { name: 'Stock' }).getByRole('link', { name: 'Movements' }).click();
      await s.page
        .getByRole('alert')
        .getByText(/^This part could not be loaded/)
        .waitFor();
      await expectCount(unavailable, 0);
      await s.page.getByRole('navigation', { name: 'Stock' }).waitFor();
      await expectAxeClean(s.page, 'main');
      await s.context.setOffline(false);
      await s.page.getByRole('heading', { level: 1, name: 'Movements' }).waitFor({ timeout: 15_000 });
      await eventually(async () => expect(await journal()).toHaveLength(before + 1), { timeout: 20_000 });
      await expectCount(s.page.getByText(/waiting for connection/), 0, { timeout: 10_000 });
      expect(s.page.url()).toMatch(/\/stock\/movements$/);
      expect(await s.page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    }).finally(async () => {
      servedManifest = undefined;
      await moved?.stop();
    });
  });

  it('booked offline, links followed offline, a chunk missing offline: online again, booked once without a reload and the click goes through (issue 38)', async () => {
    const s = await session();
    await withArtifacts('offline-navigation', [s], async () => {
      const stockNav = s.page.getByRole('navigation', { name: 'Bestand' });
      // Online: quick booking covered, the article list seen once (the worker keeps its answer).
      await openCovered(s.page);
      await stockNav.getByRole('link', { name: 'Artikel', exact: true }).click();
      await s.page.getByRole('checkbox', { name: 'Milch für Etiketten auswählen' }).waitFor();
      await stockNav.getByRole('link', { name: 'Schnellbuchung', exact: true }).click();
      await s.page.getByRole('heading', { level: 1, name: 'Schnellbuchung' }).waitFor();
      await stockUp(10);
      const before = (await journal()).length;
      await s.context.setOffline(true);
      const sent: string[] = [];
      await recordBookings(s.page, sent);

      await bookOut(s.page, 2);
      await s.page.getByText('1 Buchung wartet auf Verbindung').waitFor();
      await s.page.evaluate(() => Object.assign(window, { samePage: true }));
      // Still offline: in-app links (no reload), to the shell's warehouse page, back, to the article list.
      const mainNav = s.page.getByRole('navigation', { name: 'Hauptnavigation' });
      await mainNav.getByRole('link', { name: 'Lager', exact: true }).click();
      await s.page.waitForURL(/\/warehouse$/);
      await s.page.goBack();
      await s.page.getByRole('heading', { level: 1, name: 'Schnellbuchung' }).waitFor();
      await stockNav.getByRole('link', { name: 'Artikel', exact: true }).click();
      const select = s.page.getByRole('checkbox', { name: 'Milch für Etiketten auswählen' });
      await select.check();
      // The print dialog's code was never loaded: the click says so where it was made.
      await s.page.getByRole('button', { name: 'Etiketten drucken (1)' }).click();
      const inline = s.page.locator('.actions').getByRole('alert');
      await inline.getByText(/konnte nicht geladen werden/).waitFor();
      await expectCount(s.page.getByText('Bereich nicht verfügbar'), 0);
      await eventually(async () => expect(await select.isChecked()).toBe(true));
      await expectAxeClean(s.page, 'main');
      expect(await journal()).toHaveLength(before);

      // Online again, no reload: the waiting booking goes out once, the dialog asked for opens.
      await s.context.setOffline(false);
      await eventually(async () => expect(await journal()).toHaveLength(before + 1), { timeout: 20_000 });
      await expectCount(s.page.getByText(/auf Verbindung/), 0, { timeout: 10_000 });
      const dialog = s.page.getByRole('dialog');
      await dialog.waitFor({ timeout: 10_000 });
      await expectCount(inline, 0);
      await expectAxeClean(s.page);
      await s.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await eventually(async () => expect(await select.isChecked()).toBe(true));
      expect(sent).toHaveLength(1);
      expect((await journal())[0]?.delta).toBe(-2);
      // All of it without a reload.
      expect(await s.page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    });
  });

  it('needs attention on a phone and a desktop, in both languages: readable, the reason kept, another location chosen; the hint after an online booking (issue 38)', async () => {
    const shelf = await api<{ location: { id: number } }>('POST', '/api/stock/locations', {
      code: 'K-01-1',
      name: null,
      parent_id: null,
    });
    expect(shelf.status).toBe(201);
    const s = await session({ width: 375 });
    await withArtifacts('offline-attention', [s], async () => {
      const before = await offlineWithStock(s.page, 3);
      const code = s.page.getByLabel('Code', { exact: true });
      const chosen = s.page.getByText('Lagerplatz K-01-1 gewählt.');
      // A location label scanned offline, cleared (the note goes with it), scanned again.
      await code.fill('K-01-1');
      await code.press('Enter');
      await chosen.waitFor();
      await s.page.getByRole('button', { name: 'Lagerplatz abwählen' }).click();
      await expectCount(chosen, 0);
      await code.fill('K-01-1');
      await code.press('Enter');
      await chosen.waitFor();
      await bookOut(s.page, 1);
      const outbox = s.page.getByRole('region', { name: /^(Offline gebuchte Buchungen|Bookings made offline)$/ });
      await outbox.getByText(/Milch · Lagerplatz K-01-1/).waitFor();

      await s.context.setOffline(false);
      const reason = outbox.getByText('Nicht genug Bestand am Lagerplatz K-01-1: 0 Stk. verfügbar.');
      await reason.waitFor({ timeout: 20_000 });
      const attention = outbox.locator('li').filter({ hasText: 'Nicht genug Bestand am Lagerplatz K-01-1' });
      /** Nothing wider than the screen, the reason on few lines, each button's text on one. */
      const readable = async (width: number, discard: string) => {
        await eventually(async () =>
          expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width),
        );
        expect((await reason.boundingBox())!.height).toBeLessThan(100);
        const button = attention.getByRole('button', { name: discard });
        expect((await button.boundingBox())!.height).toBeLessThan(60);
        await eventually(async () => expect(await button.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true));
        await expectAxeClean(s.page, 'main');
      };
      await readable(375, 'Verwerfen');

      // English on a desktop: the server's German reason is still the specific one.
      await s.page.getByRole('contentinfo').getByLabel('Sprache').selectOption('en');
      await s.page.setViewportSize({ width: 1280, height: 900 });
      const english = outbox.getByText('Not enough stock at location K-01-1: 0 pcs available.');
      await english.waitFor();
      const item = outbox.locator('li').filter({ hasText: 'Not enough stock at location K-01-1' });
      await expect(item.getByRole('button', { name: 'Discard' }).boundingBox()).resolves.toBeTruthy();
      await expectAxeClean(s.page, 'main');
      await eventually(async () =>
        expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280),
      );
      expect((await item.getByRole('button', { name: 'Discard' }).boundingBox())!.height).toBeLessThan(60);

      // Edit and retry at the article's default location: booked, the stock with its unit.
      await item.getByLabel('Location').selectOption('');
      await item.getByRole('button', { name: 'Edit and retry' }).click();
      await outbox.getByText(/^booked, stock after \d+ pcs$/).waitFor({ timeout: 20_000 });
      expect(await journal()).toHaveLength(before + 1);
      expect((await journal())[0]).toMatchObject({ delta: -1, location_code: 'STANDARD' });

      // Booked online now; offline right after, the hint starts from what the server said.
      const stockNow = async () =>
        (await api<{ article: { quantity: number } }>('GET', `/api/stock/articles/${milk.id}`)).body.article.quantity;
      const left = await stockNow();
      await quickBook(s.page, 1);
      await s.page.getByText(`Milch: booked, stock ${left - 1} pcs.`).waitFor();
      // The recent list names where it was booked.
      await s.page
        .getByRole('region', { name: 'Last bookings' })
        .getByText(/Milch · Location STANDARD/)
        .waitFor();
      await s.context.setOffline(true);
      await quickBook(s.page, 1);
      await s.page
        .getByText(`Milch: waiting for connection (stock about ${left - 2} pcs – a hint, the server decides).`)
        .waitFor();
      // More than the saved stock: said at once.
      await quickBook(s.page, 999);
      await s.page.getByText(/^Milch: waiting for connection\. The saved stock is less/).waitFor();
      expect(await stockNow()).toBe(left - 1);
    });
  });
});

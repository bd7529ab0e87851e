import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  buildTestApp,
  type Client,
  createWarehouse,
  loggedIn,
  PASSWORD,
  type TestApp,
  useTestApp,
} from '../../../test/helpers';
import { book, createArticle, member, stockUp } from '../../../test/stock/helpers';
import { createOutboxTransport, type OutboxMail, readOutbox } from '../../platform/mail/transport';
import { memberships, users } from '../../platform/tenancy/tables';
import { runDigests } from './service';
import { digestSubscriptions } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let t: TestApp;
let app: FastifyInstance;
let sent: OutboxMail[];
let owner: Client;
let ownerId: number;
let warehouseId: number;

useTestApp(__filename, async (opened) => {
  t = opened;
  ({ app, sent } = opened);
  const o = await loggedIn(app, { name: 'Olga Owner' });
  owner = o.client;
  ownerId = o.user.id;
  warehouseId = (await createWarehouse(owner, 'Digestlager')).id;
});

const UTC_ALWAYS = { hour: 0, time_zone: 'UTC' };
const mailsTo = (email: string) => sent.filter((m) => m.to === email);
const subscriptionsOf = (userId: number) =>
  app.ctx.db.select().from(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));

/** An article that goes from above its reorder level to at or below it now. */
async function goLow(client: Client, name: string) {
  const article = await createArticle(client, { name, min_stock: 5 });
  await stockUp(client, article.id, 10);
  await book(client, '/api/stock/movements', { article_id: article.id, kind: 'out', quantity: 6, reason: 'sale' });
  return article;
}

describe('subscribing (profile page)', () => {
  it('lists the warehouses where the user holds view_stock, with the subscription', async () => {
    const { user, client } = await member(app, owner, warehouseId, ['view_stock']);
    const other = await createWarehouse(client, 'Eigenes Lager');
    expect((await client.get('/api/digests')).json().warehouses).toEqual([
      { warehouse_id: warehouseId, name: 'Digestlager', subscribed: false, hour: null, time_zone: null },
      { warehouse_id: other.id, name: 'Eigenes Lager', subscribed: false, hour: null, time_zone: null },
    ]);
    const res = await client.put(`/api/digests/${warehouseId}`, { hour: 7, time_zone: 'Europe/Berlin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toEqual({
      warehouse_id: warehouseId,
      name: 'Digestlager',
      subscribed: true,
      hour: 7,
      time_zone: 'Europe/Berlin',
    });
    expect((await client.get('/api/digests')).json().warehouses[0]).toMatchObject({ subscribed: true, hour: 7 });
    expect((await client.put(`/api/digests/${warehouseId}`, { hour: 9, time_zone: 'UTC' })).statusCode).toBe(200);
    expect(await subscriptionsOf(user.id)).toEqual([expect.objectContaining({ hour: 9, timeZone: 'UTC' })]);
    expect((await client.delete(`/api/digests/${warehouseId}`)).statusCode).toBe(204);
    expect(await subscriptionsOf(user.id)).toEqual([]);
    expect((await client.delete(`/api/digests/${warehouseId}`)).statusCode).toBe(404);
  });

  it('needs view_stock in that warehouse (403), a warehouse that exists (404), a real hour and time zone (422)', async () => {
    const { client: noStock } = await member(app, owner, warehouseId, []);
    expect((await noStock.get('/api/digests')).json().warehouses).toEqual([]);
    expect((await noStock.put(`/api/digests/${warehouseId}`, UTC_ALWAYS)).statusCode).toBe(403);
    const { client: stranger } = await loggedIn(app);
    expect((await stranger.put(`/api/digests/${warehouseId}`, UTC_ALWAYS)).statusCode).toBe(403);
    expect((await owner.put('/api/digests/999999', UTC_ALWAYS)).statusCode).toBe(404);
    const zone = await owner.put(`/api/digests/${warehouseId}`, { hour: 7, time_zone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(422);
    expect(Object.keys(zone.json().errors)).toEqual(['time_zone']);
    expect((await owner.put(`/api/digests/${warehouseId}`, { hour: 24, time_zone: 'UTC' })).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/digests' })).statusCode).toBe(401);
  });
});

describe('the daily digest', () => {
  it('goes out once a day, only when an article went low since the last one, in the user’s language', async () => {
    const { user, client } = await loggedIn(app, { name: 'Erik English' });
    await app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, user.id));
    const own = await createWarehouse(client, 'Side Store');
    expect((await client.put(`/api/digests/${own.id}`, UTC_ALWAYS)).statusCode).toBe(200);

    await runDigests(app);
    expect(mailsTo(user.email)).toEqual([]); // nothing went low since subscribing

    await goLow(client, 'Washers');
    const stillFine = await createArticle(client, { name: 'Nuts', min_stock: 1 });
    await stockUp(client, stillFine.id, 5);
    // Today's check found nothing: a crossing later the same day is still reported that day (#39).
    await runDigests(app);
    await runDigests(app);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Side Store: 1 article(s) at or below reorder level');
    expect(mails[0]!.text).toContain('Washers: 4 pcs (reorder level 5 pcs)');
    expect(mails[0]!.text).not.toContain('Nuts');
    // That day is closed now: the next crossing goes into tomorrow's digest.
    await goLow(client, 'Bolts');
    await runDigests(app);
    expect(mailsTo(user.email)).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await runDigests(app, tomorrow);
    await runDigests(app, tomorrow);
    expect(mailsTo(user.email)).toHaveLength(2);
    expect(mailsTo(user.email)[1]!.text).toContain('Bolts: 4 pcs');
    expect(mailsTo(user.email)[1]!.text).not.toContain('Washers');
    const link = /https?:\/\/\S+unsubscribe\?token=\S+/.exec(mails[0]!.text)![0];
    expect(mails[0]!.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('is German for a German user and is sent at their hour in their time zone', async () => {
    const { user, client } = await loggedIn(app, { name: 'Dora Deutsch' });
    await app.ctx.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    const own = await createWarehouse(client, 'Nordlager');
    await client.put(`/api/digests/${own.id}`, { hour: 7, time_zone: 'Europe/Berlin' });
    await goLow(client, 'Schrauben');
    // 05:30 UTC is 06:30 in Berlin (winter): not yet; 06:00 UTC is 07:00 there.
    const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await runDigests(app, new Date(`${day}T05:30:00Z`));
    expect(mailsTo(user.email)).toEqual([]);
    await runDigests(app, new Date(`${day}T06:00:00Z`));
    const [mail] = mailsTo(user.email);
    expect(mail!.subject).toBe('Nordlager: 1 Artikel auf oder unter Meldebestand');
    expect(mail!.text).toContain('Schrauben: 4 Stk. (Meldebestand 5 Stk.)');
  });

  it('is not sent to someone who lost view_stock meanwhile', async () => {
    const { user, client } = await member(app, owner, warehouseId, ['view_stock']);
    await client.put(`/api/digests/${warehouseId}`, UTC_ALWAYS);
    await app.ctx.db.update(memberships).set({ roleId: null }).where(eq(memberships.userId, user.id));
    await goLow(owner, 'Klammern');
    await runDigests(app, new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('goes out exactly once when two instances run the queue at the same time', async () => {
    const second = await buildTestApp(t.database);
    try {
      const people = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const { user, client } = await loggedIn(app);
          const own = await createWarehouse(client);
          await client.put(`/api/digests/${own.id}`, UTC_ALWAYS);
          await goLow(client, 'Rollen');
          return user.email;
        }),
      );
      const later = new Date(Date.now() + 4 * 24 * 60 * 60 * 1000);
      await Promise.all([runDigests(app, later), runDigests(second.app, later), runDigests(app, later)]);
      const all = [...sent, ...second.sent];
      for (const email of people) expect(all.filter((m) => m.to === email)).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });
});

describe('ending a subscription', () => {
  async function subscribed() {
    const { user, client } = await member(app, owner, warehouseId, ['view_stock']);
    await app.ctx.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    await client.put(`/api/digests/${warehouseId}`, UTC_ALWAYS);
    await goLow(owner, 'Band');
    await runDigests(app, new Date(Date.now() + 5 * 24 * 60 * 60 * 1000));
    const mail = mailsTo(user.email).pop()!;
    const url = new URL(/https?:\/\/\S+unsubscribe\?token=\S+/.exec(mail.text)![0]);
    return { user, client, path: `${url.pathname}${url.search}` };
  }

  it('one click: the link shows a button, the POST (RFC 8058) ends it without a session', async () => {
    const { user, path } = await subscribed();
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Abbestellen</button>');
    expect(page.body).toContain('Sie erhalten täglich eine Bestandswarnung für Digestlager.');
    expect(page.body).toMatch(/<a href="http[^"]+\/user">Abonnements auf Ihrer Profilseite verwalten<\/a>/);
    // The API's CSP (form-action 'none') blocked the button in a browser: the page has its own,
    // letting the form post here and its one inline style (by hash) apply, nothing else.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain("form-action 'none'");
    const style = /<style>(.*?)<\/style>/.exec(page.body)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(await subscriptionsOf(user.id)).toHaveLength(1); // opening the link changes nothing
    const post = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('Sie erhalten keine Bestandswarnung für Digestlager mehr.');
    expect(await subscriptionsOf(user.id)).toEqual([]);
    expect((await app.inject({ method: 'POST', url: path })).statusCode).toBe(404);
  });

  it('refuses a forged or altered token', async () => {
    const { user, path } = await subscribed();
    const forged = path.replace(/token=(\d+)\.(\d+)\./, `token=$1.${ownerId}.`);
    expect((await app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `${path.slice(0, -2)}xx` })).statusCode).toBe(404);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it('ends when the member is removed, the warehouse deleted or the account deleted', async () => {
    const removed = await subscribed();
    expect((await owner.delete('/api/admin/warehouse/remove-users', { user_ids: [removed.user.id] })).statusCode).toBe(
      200,
    );
    expect(await subscriptionsOf(removed.user.id)).toEqual([]);

    const { user, client } = await loggedIn(app);
    const own = await createWarehouse(client);
    await client.put(`/api/digests/${own.id}`, UTC_ALWAYS);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    const deleted = await client.post('/api/admin/warehouse/delete', { warehouse_ids: [own.id], password: PASSWORD });
    expect(deleted.json().deleted).toBe(1);
    expect(await subscriptionsOf(user.id)).toEqual([]);

    const gone = await subscribed();
    expect((await gone.client.delete('/api/profile/delete', { password: PASSWORD })).statusCode).toBe(204);
    expect(await subscriptionsOf(gone.user.id)).toEqual([]);
  });
});

describe('the file outbox and queued mails', () => {
  it('writes a queued mail sent twice (a crash before it was recorded) as one file, with its headers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lager-digest-outbox-'));
    const outbox = createOutboxTransport(dir);
    const mail = {
      to: 'a@example.test',
      subject: 'S',
      text: 't',
      html: '<p>t</p>',
      headers: { 'List-Unsubscribe': '<http://x.test/u>' },
      queued: { key: 'digest-000000000007', createdAt: new Date('2026-11-25T07:00:00Z') },
    };
    await outbox.send(mail);
    await outbox.send(mail);
    expect(readdirSync(dir)).toEqual([`${Date.parse('2026-11-25T07:00:00Z')}-digest-000000000007.json`]);
    expect(readOutbox(dir)).toEqual([
      {
        to: 'a@example.test',
        subject: 'S',
        text: 't',
        html: '<p>t</p>',
        headers: { 'List-Unsubscribe': '<http://x.test/u>' },
        created_at: '2026-11-25T07:00:00.000Z',
      },
    ]);
  });
});

describe('expiring lots (stock-spec-3 §2)', () => {
  it('adds the lots expiring within 14 days, and goes out for them alone', async () => {
    const { user, client } = await loggedIn(app, { name: 'Lena Lot' });
    await app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, user.id));
    const own = await createWarehouse(client, 'Cold Store');
    expect((await client.put(`/api/digests/${own.id}`, UTC_ALWAYS)).statusCode).toBe(200);
    const milk = await createArticle(client, { name: 'Milk', sku: 'MLK-14', tracking: 'lot', expiry: true });
    const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const [lot, bestBefore] of [
      ['SOON', day(12)],
      ['LATER', day(40)],
    ]) {
      const res = await book(client, '/api/stock/movements', {
        article_id: milk.id,
        kind: 'in',
        quantity: 3,
        lot,
        best_before: bestBefore,
      });
      expect(res.statusCode).toBe(201);
    }
    await runDigests(app, new Date(Date.now() + 24 * 60 * 60 * 1000));
    const [mail] = mailsTo(user.email);
    expect(mail!.subject).toBe('Cold Store: 1 lot(s) expiring within 14 days');
    expect(mail!.text).toContain('These lots expire within 14 days (or have expired):');
    expect(mail!.text).toContain(`MLK-14 – Milk, lot SOON: best before ${day(12)}, 3 pcs`);
    expect(mail!.text).not.toContain('LATER');
    expect(mail!.text).toContain('/stock/expiry');
  });
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, createWarehouse, useOwnerApp } from '../../../test/helpers';
import { book, createArticle, move, stockUp } from '../../../test/stock/helpers';
import { stockArticles, stockIdempotencyKeys } from './tables';

// Offline spec §2: what the article index and the outbox of the web app rely on.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let home: number;

useOwnerApp(__filename, (t) => ({ app, owner, warehouseId: home } = t), { owner: { name: 'Olga Owner' } });

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const ageArticle = (id: number, interval: string) =>
  app.ctx.db
    .update(stockArticles)
    .set({ updatedAt: sql.raw(`now() - interval '${interval}'`) })
    .where(eq(stockArticles.id, id));

describe('GET api/stock/articles?updated_since', () => {
  it('answers what changed since, archived included and deletions named, oldest change first', async () => {
    const unchanged = await createArticle(owner);
    const edited = await createArticle(owner);
    const archived = await createArticle(owner);
    const deleted = await createArticle(owner);
    for (const article of [unchanged, edited, archived, deleted]) await ageArticle(article.id, '1 hour');
    const since = minutes(-1);

    await stockUp(owner, edited.id, 3);
    await owner.post(`/api/stock/articles/${archived.id}/archive`);
    expect((await owner.delete(`/api/stock/articles/${deleted.id}`)).statusCode).toBe(204);
    const created = await createArticle(owner);

    const res = await owner.get(`/api/stock/articles?updated_since=${encodeURIComponent(since)}`);
    expect(res.statusCode).toBe(200);
    const { articles, deleted_ids } = res.json();
    expect(articles.map((a: { id: number }) => a.id)).toEqual([edited.id, archived.id, created.id]);
    expect(articles[0]).toMatchObject({ quantity: 3 });
    expect(articles[1].archived_at).not.toBeNull();
    expect(deleted_ids).toEqual([deleted.id]);
  });

  it('pages by the change time without skipping, deletions only on the first page', async () => {
    const since = new Date().toISOString();
    const made = [await createArticle(owner), await createArticle(owner), await createArticle(owner)];
    const first = (await owner.get(`/api/stock/articles?updated_since=${since}&limit=2`)).json();
    expect(first.deleted_ids).toEqual([]);
    const second = (
      await owner.get(`/api/stock/articles?updated_since=${since}&limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect([...first.articles, ...second.articles].map((a: { id: number }) => a.id)).toEqual(made.map((a) => a.id));
    expect(second).not.toHaveProperty('deleted_ids');
    expect(second.next_cursor).toBeNull();
  });

  it('refuses a time it cannot read, naming the field', async () => {
    const res = await owner.get('/api/stock/articles?updated_since=gestern');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('updated_since');
  });
});

describe('occurred_at on bookings', () => {
  it('is stored and answered in the booking, the journal and its CSV, which still sorts by created_at', async () => {
    const article = await createArticle(owner);
    const earlier = minutes(-120);
    const first = await move(owner, article.id, 'in', 5, { occurred_at: earlier });
    expect(first.statusCode).toBe(201);
    expect(first.json().movement.occurred_at).toBe(earlier);
    // Booked after the first, happened before it: the journal keeps the order stock changed in.
    await move(owner, article.id, 'out', 1, { reason: 'sale', occurred_at: minutes(-180) });
    await stockUp(owner, article.id, 1);
    const journal = (await owner.get(`/api/stock/movements?article_id=${article.id}`)).json().movements;
    expect(journal.map((m: { delta: number }) => m.delta)).toEqual([1, -1, 5]);
    expect(journal[0].occurred_at).toBeNull();
    expect(journal[2].occurred_at).toBe(earlier);

    const csv = (await owner.get(`/api/stock/movements.csv?article_id=${article.id}`, { 'accept-language': 'en' }))
      .body;
    const [header, ...rows] = csv.replace('\uFEFF', '').trim().split('\n');
    // The lot columns (stock-spec-3 §2) follow the device time, then the location's two columns; the lot columns
    // empty for an untracked article.
    expect(header).toMatch(
      /^Time,.*,Reverses,Time on device,Lot,Serial,Best before,Location,Stock at the location after$/,
    );
    expect(rows[2]?.split(',').at(-6)).toBe(earlier);
    expect(rows[0]?.split(',').at(-6)).toBe('');
    expect(rows[2]?.split(',').slice(-5, -2).join(',')).toBe(',,');
  });

  it.each([
    ['goods in', '/api/stock/movements', (id: number) => ({ article_id: id, kind: 'in', quantity: 1 }), 1],
    ['a stocktake', '/api/stock/counts', (id: number) => ({ lines: [{ article_id: id, counted: 4 }] }), 4],
  ])(
    'on %s: more than 5 minutes ahead or 7 days back is 422 on occurred_at, translated',
    async (_, url, body, after) => {
      const article = await createArticle(owner);
      const ahead = await book(owner, url, { ...body(article.id), occurred_at: minutes(6) });
      expect(ahead.statusCode).toBe(422);
      expect(ahead.json().errors.occurred_at[0]).toBe('The occurred at field may be at most 5 minutes in the future.');
      const back = await owner.request(
        'POST',
        url,
        { ...body(article.id), occurred_at: minutes(-7 * 24 * 60 - 1) },
        { 'idempotency-key': randomUUID(), 'accept-language': 'de' },
      );
      expect(back.statusCode).toBe(422);
      expect(back.json().errors.occurred_at[0]).toBe('Das Feld occurred at darf höchstens 7 Tage zurückliegen.');
      const inside = await book(owner, url, { ...body(article.id), occurred_at: minutes(-7 * 24 * 60 + 5) });
      expect(inside.statusCode).toBe(201);
      // Only the booking inside the bounds changed the stock.
      expect((await owner.get(`/api/stock/articles/${article.id}`)).json().article.quantity).toBe(after);
    },
  );

  it('a time without a zone offset is 422 on occurred_at, not read in the server’s zone (issue 37)', async () => {
    const article = await createArticle(owner);
    // Ten minutes ago as a phone's local clock would write it, without Z or offset.
    const local = minutes(-10)
      .replace(/\.\d+Z$/, '')
      .replace(/Z$/, '');
    const res = await book(owner, '/api/stock/movements', {
      article_id: article.id,
      kind: 'in',
      quantity: 1,
      occurred_at: local,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.occurred_at[0]).toBe(
      'The occurred at field needs a time zone (Z or an offset such as +01:00).',
    );
    expect((await owner.get(`/api/stock/articles/${article.id}`)).json().article.quantity).toBe(0);
    // With an offset the same instant is fine, whichever zone it is written in.
    const offset = new Date(Date.parse(minutes(-10)) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const ok = await book(owner, '/api/stock/movements', {
      article_id: article.id,
      kind: 'in',
      quantity: 1,
      occurred_at: offset,
    });
    expect(ok.statusCode).toBe(201);
    expect(Date.parse(ok.json().movement.occurred_at)).toBe(Date.parse(offset));
  });

  it('rides along on reversals and both halves of a transfer', async () => {
    const article = await createArticle(owner);
    const goodsIn = (await stockUp(owner, article.id, 2)).movement;
    const at = minutes(-30);
    const reversal = await book(owner, `/api/stock/movements/${goodsIn.id}/reverse`, { occurred_at: at });
    expect(reversal.json().movement.occurred_at).toBe(at);
    // A new warehouse becomes the current one: transfer from an article there back home.
    await createWarehouse(owner);
    const moving = await createArticle(owner, { sku: article.sku });
    await stockUp(owner, moving.id, 2);
    const moved = await book(owner, '/api/stock/transfers', {
      article_id: moving.id,
      to_warehouse_id: home,
      quantity: 1,
      occurred_at: at,
    });
    expect(moved.statusCode).toBe(201);
    expect([moved.json().out.occurred_at, moved.json().in.occurred_at]).toEqual([at, at]);
  });
});

describe('idempotency keys for bookings sent a week later', () => {
  const bookWithKey = async (age: string) => {
    const article = await createArticle(owner);
    const key = randomUUID();
    const body = { article_id: article.id, kind: 'in', quantity: 1 };
    expect((await book(owner, '/api/stock/movements', body, key)).statusCode).toBe(201);
    await app.ctx.db
      .update(stockIdempotencyKeys)
      .set({ createdAt: sql.raw(`now() - interval '${age}'`) })
      .where(eq(stockIdempotencyKeys.key, key));
    const again = await book(owner, '/api/stock/movements', body, key);
    return { again, quantity: (await owner.get(`/api/stock/articles/${article.id}`)).json().article.quantity };
  };

  it('a key used 7 days ago still replays its answer and books nothing', async () => {
    const { again, quantity } = await bookWithKey('7 days 1 hour');
    expect(again.statusCode).toBe(201);
    expect(quantity).toBe(1);
  });

  it('a replay whose occurred_at has since grown older than 7 days answers the first answer, unchanged', async () => {
    const article = await createArticle(owner, { unit: 'kg' });
    // A first booking makes the warehouse's STANDARD location; the next one is booked in one round trip.
    await stockUp(owner, (await createArticle(owner)).id, 1);
    const key = randomUUID();
    // Ten minutes inside the 7-day bound when first sent.
    const occurredAt = minutes(10 - 7 * 24 * 60);
    const body = { article_id: article.id, kind: 'in', quantity: 2.5, reason: 'purchase', occurred_at: occurredAt };
    const first = await book(owner, '/api/stock/movements', body, key);
    expect(first.statusCode).toBe(201);
    // Eleven minutes later the device sends it again: occurred_at is now past the bound.
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 11 * 60_000);
    try {
      const again = await book(owner, '/api/stock/movements', body, key);
      expect([again.statusCode, again.body]).toEqual([201, first.body]);
    } finally {
      clock.mockRestore();
    }
    expect((await owner.get(`/api/stock/articles/${article.id}`)).json().article.quantity).toBe(2.5);
  });

  it('the hourly purge keeps a week-old key and drops one past the TTL', async () => {
    const { purgeIdempotencyKeys } = await import('./idempotency');
    const kept = randomUUID();
    const gone = randomUUID();
    const article = await createArticle(owner);
    for (const key of [kept, gone]) {
      await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'in', quantity: 1 }, key);
    }
    const age = (key: string, interval: string) =>
      app.ctx.db
        .update(stockIdempotencyKeys)
        .set({ createdAt: sql.raw(`now() - interval '${interval}'`) })
        .where(eq(stockIdempotencyKeys.key, key));
    await age(kept, '7 days 12 hours');
    await age(gone, '8 days 1 hour');
    await purgeIdempotencyKeys(app.ctx.db);
    const left = await app.ctx.db.select({ key: stockIdempotencyKeys.key }).from(stockIdempotencyKeys);
    expect(left.map((r) => r.key)).toContain(kept);
    expect(left.map((r) => r.key)).not.toContain(gone);
  });

  it('the purge with vacuum (PGlite has no autovacuum) leaves the keys table vacuumed and analyzed', async () => {
    const { purgeIdempotencyKeys } = await import('./idempotency');
    const article = await createArticle(owner);
    for (let i = 0; i < 3; i++) {
      await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'in', quantity: 1 }, randomUUID());
    }
    await purgeIdempotencyKeys(app.ctx.db, { vacuum: true });
    const [keys] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(stockIdempotencyKeys);
    const stats = await app.ctx.db.execute(
      sql`SELECT reltuples::int AS tuples FROM pg_class WHERE oid = 'stock_idempotency_keys'::regclass`,
    );
    // Never vacuumed nor analyzed, PostgreSQL keeps -1 (or the 0 of the empty table it was made as).
    expect((stats as unknown as { rows: { tuples: number }[] }).rows[0]!.tuples).toBe(keys!.n);
  });
});

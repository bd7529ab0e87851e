import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, createWarehouse, loggedIn, useOwnerApp } from '../../../test/helpers';
import { book, createArticle, move, stockUp } from '../../../test/stock/helpers';
import { stockIdempotencyKeys, stockMovements } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;

useOwnerApp(__filename, (t) => ({ app, owner } = t), { owner: { name: 'Olga Owner' } });

const journalOf = (articleId: number) =>
  app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, articleId)).orderBy(stockMovements.id);
const quantityOf = async (client: Client, articleId: number) =>
  (await client.get(`/api/stock/articles/${articleId}`)).json().article.quantity as number;

describe('goods in and out', () => {
  it('books in and out with a journal row each', async () => {
    const article = await createArticle(owner);
    const goodsIn = await move(owner, article.id, 'in', 12, { reason: 'purchase', reference: 'LS-4711' });
    expect(goodsIn.statusCode).toBe(201);
    expect(goodsIn.json()).toMatchObject({
      movement: {
        article_id: article.id,
        article_sku: article.sku,
        kind: 'in',
        delta: 12,
        quantity_after: 12,
        reason: 'purchase',
        reference: 'LS-4711',
        user_name: 'Olga Owner',
        reversed_by_id: null,
      },
      article: { quantity: 12 },
    });
    const goodsOut = await move(owner, article.id, 'out', 5, { reason: 'sale' });
    expect(goodsOut.statusCode).toBe(201);
    expect(goodsOut.json().movement).toMatchObject({ delta: -5, quantity_after: 7 });
    expect((await journalOf(article.id)).map((m) => [m.kind, m.delta, m.quantityAfter])).toEqual([
      ['in', 12000, 12000],
      ['out', -5000, 7000],
    ]);
  });

  it('refuses more than the stock with 409 and the available quantity, in both languages', async () => {
    const article = await createArticle(owner);
    await stockUp(owner, article.id, 3);
    const res = await move(owner, article.id, 'out', 4, { reason: 'sale' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Not enough stock: 3 pcs available.', code: 'stock.insufficient' });
    owner.lang = 'de';
    const de = await move(owner, article.id, 'out', 4, { reason: 'sale' });
    owner.lang = 'en';
    expect(de.json().message).toBe('Nicht genug Bestand: 3 Stk. verfügbar.');
    expect(await quantityOf(owner, article.id)).toBe(3);
    expect(await journalOf(article.id)).toHaveLength(1);
  });

  it('formats decimal stock per language in the refusal', async () => {
    const article = await createArticle(owner, { unit: 'kg' });
    await stockUp(owner, article.id, 2.5);
    owner.lang = 'de';
    const res = await move(owner, article.id, 'out', 3, { reason: 'sale' });
    owner.lang = 'en';
    expect(res.json().message).toBe('Nicht genug Bestand: 2,5 kg verfügbar.');
  });

  it('requires a reason for out and correction, a note for "other", and a reason that fits the kind', async () => {
    const article = await createArticle(owner);
    await stockUp(owner, article.id, 5);
    const cases: [object, string][] = [
      [{ kind: 'out', quantity: 1 }, 'reason'],
      [{ kind: 'correction', quantity: 1 }, 'reason'],
      [{ kind: 'out', quantity: 1, reason: 'other' }, 'note'],
      [{ kind: 'out', quantity: 1, reason: 'purchase' }, 'reason'],
      [{ kind: 'in', quantity: 0 }, 'quantity'],
      [{ kind: 'in', quantity: 1.5 }, 'quantity'],
      [{ kind: 'in', quantity: 1.0001 }, 'quantity'],
    ];
    for (const [body, field] of cases) {
      const res = await book(owner, '/api/stock/movements', { article_id: article.id, ...body });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const other = await move(owner, article.id, 'out', 1, { reason: 'other', note: 'Muster für Kunden' });
    expect(other.statusCode).toBe(201);
  });
});

describe('corrections', () => {
  it('books the difference to the counted quantity', async () => {
    const article = await createArticle(owner);
    await stockUp(owner, article.id, 10);
    const res = await move(owner, article.id, 'correction', 7, { reason: 'loss' });
    expect(res.statusCode).toBe(201);
    expect(res.json().movement).toMatchObject({ kind: 'correction', delta: -3, quantity_after: 7, reason: 'loss' });
  });

  it('records nothing when the count equals the stock, and says so', async () => {
    const article = await createArticle(owner);
    await stockUp(owner, article.id, 4);
    const res = await move(owner, article.id, 'correction', 4, { reason: 'count' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      movement: null,
      unchanged: true,
      message: 'The counted quantity equals the stock: nothing was booked.',
    });
    expect(await journalOf(article.id)).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('is required (422 idempotency.missing) and must be a UUID', async () => {
    const article = await createArticle(owner);
    const body = { article_id: article.id, kind: 'in', quantity: 1 };
    const missing = await book(owner, '/api/stock/movements', body, null);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('idempotency.missing');
    const invalid = await book(owner, '/api/stock/movements', body, 'not-a-uuid');
    expect(invalid.json().code).toBe('idempotency.invalid');
    expect(await journalOf(article.id)).toHaveLength(0);
  });

  it('the same key and body twice answers the first answer again and books once', async () => {
    const article = await createArticle(owner);
    const key = randomUUID();
    const body = { article_id: article.id, kind: 'in', quantity: 3 };
    const first = await book(owner, '/api/stock/movements', body, key);
    const second = await book(owner, '/api/stock/movements', { quantity: 3, kind: 'in', article_id: article.id }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await journalOf(article.id)).toHaveLength(1);
    expect(await quantityOf(owner, article.id)).toBe(3);
  });

  it('the same key with another body is refused with 422 idempotency.mismatch', async () => {
    const article = await createArticle(owner);
    const key = randomUUID();
    await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'in', quantity: 3 }, key);
    const res = await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'in', quantity: 4 }, key);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('idempotency.mismatch');
    expect(await quantityOf(owner, article.id)).toBe(3);
  });

  it('concurrent duplicates with one key book once', async () => {
    const article = await createArticle(owner);
    const key = randomUUID();
    const body = { article_id: article.id, kind: 'in', quantity: 1 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => book(owner, '/api/stock/movements', body, key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((r) => r.json().movement.id)).size).toBe(1);
    expect(await journalOf(article.id)).toHaveLength(1);
  });

  it('keys are per user: another user with the same key books separately', async () => {
    const article = await createArticle(owner);
    const key = randomUUID();
    const { client: second } = await loggedIn(app);
    // The second user is no member: their attempt is refused before the key matters.
    expect(
      (await book(second, '/api/stock/movements', { article_id: article.id, kind: 'in', quantity: 1 }, key)).statusCode,
    ).toBe(403);
    await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'in', quantity: 1 }, key);
    expect(await quantityOf(owner, article.id)).toBe(1);
  });

  it('a failed booking leaves no key behind, so a retry is evaluated afresh', async () => {
    const article = await createArticle(owner);
    const key = randomUUID();
    const body = { article_id: article.id, kind: 'out', quantity: 2, reason: 'sale' };
    expect((await book(owner, '/api/stock/movements', body, key)).statusCode).toBe(409);
    await stockUp(owner, article.id, 2);
    expect((await book(owner, '/api/stock/movements', body, key)).statusCode).toBe(201);
  });

  it('a key older than its 8-day TTL counts as new', async () => {
    const article = await createArticle(owner);
    const key = randomUUID();
    const body = { article_id: article.id, kind: 'in', quantity: 1 };
    await book(owner, '/api/stock/movements', body, key);
    await app.ctx.db
      .update(stockIdempotencyKeys)
      .set({ createdAt: sql`now() - interval '8 days 1 hour'` })
      .where(eq(stockIdempotencyKeys.key, key));
    expect((await book(owner, '/api/stock/movements', body, key)).statusCode).toBe(201);
    expect(await quantityOf(owner, article.id)).toBe(2);
  });
});

describe('reversals', () => {
  it('books the opposite delta and links it', async () => {
    const article = await createArticle(owner);
    const goodsIn = (await stockUp(owner, article.id, 8)).movement;
    const res = await book(owner, `/api/stock/movements/${goodsIn.id}/reverse`, { note: 'Falsch gebucht' });
    expect(res.statusCode).toBe(201);
    expect(res.json().movement).toMatchObject({
      kind: 'reversal',
      delta: -8,
      quantity_after: 0,
      reverses_id: goodsIn.id,
    });
    const journal = await owner.get(`/api/stock/movements?article_id=${article.id}`);
    const original = journal.json().movements.find((m: { id: number }) => m.id === goodsIn.id);
    expect(original.reversed_by_id).toBe(res.json().movement.id);
  });

  it('refuses a second reversal, reversing a reversal, and a negative result', async () => {
    const article = await createArticle(owner);
    const goodsIn = (await stockUp(owner, article.id, 5)).movement;
    const reversal = (await book(owner, `/api/stock/movements/${goodsIn.id}/reverse`, {})).json().movement;
    const again = await book(owner, `/api/stock/movements/${goodsIn.id}/reverse`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('movement.already_reversed');
    const ofReversal = await book(owner, `/api/stock/movements/${reversal.id}/reverse`, {});
    expect(ofReversal.json().code).toBe('movement.is_reversal');

    const second = (await stockUp(owner, article.id, 5)).movement;
    await move(owner, article.id, 'out', 4, { reason: 'sale' });
    const negative = await book(owner, `/api/stock/movements/${second.id}/reverse`, {});
    expect(negative.statusCode).toBe(409);
    expect(negative.json().code).toBe('stock.insufficient');
    expect(await quantityOf(owner, article.id)).toBe(1);
  });

  it('concurrent reversals of one movement book once', async () => {
    const article = await createArticle(owner);
    const goodsIn = (await stockUp(owner, article.id, 5)).movement;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => book(owner, `/api/stock/movements/${goodsIn.id}/reverse`, {})),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await quantityOf(owner, article.id)).toBe(0);
  });

  it('answers 404 for a movement of another warehouse', async () => {
    const { client: stranger } = await loggedIn(app);
    await createWarehouse(stranger);
    const foreign = await createArticle(stranger);
    const movement = (await stockUp(stranger, foreign.id, 1)).movement;
    const res = await book(owner, `/api/stock/movements/${movement.id}/reverse`, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('movement.not_found');
  });
});

describe('stocktake (counts)', () => {
  it('books every difference in one go and skips equal lines', async () => {
    const [a, b, c] = [await createArticle(owner), await createArticle(owner), await createArticle(owner)];
    await stockUp(owner, a.id, 10);
    await stockUp(owner, b.id, 5);
    const res = await book(owner, '/api/stock/counts', {
      lines: [
        { article_id: a.id, counted: 8 },
        { article_id: b.id, counted: 5 },
        { article_id: c.id, counted: 2 },
      ],
      note: 'Inventur',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().unchanged).toBe(1);
    expect(res.json().movements.map((m: { article_id: number; delta: number }) => [m.article_id, m.delta])).toEqual([
      [a.id, -2],
      [c.id, 2],
    ]);
    expect(await quantityOf(owner, a.id)).toBe(8);
    expect(await quantityOf(owner, c.id)).toBe(2);
  });

  it('books nothing when one line is invalid (all or nothing)', async () => {
    const [a, b] = [await createArticle(owner), await createArticle(owner)];
    const res = await book(owner, '/api/stock/counts', {
      lines: [
        { article_id: a.id, counted: 3 },
        { article_id: b.id, counted: 1.5 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['lines.1.counted']);
    expect(await quantityOf(owner, a.id)).toBe(0);
    const duplicate = await book(owner, '/api/stock/counts', {
      lines: [
        { article_id: a.id, counted: 3 },
        { article_id: a.id, counted: 4 },
      ],
    });
    expect(duplicate.statusCode).toBe(422);
    expect(await journalOf(a.id)).toHaveLength(0);
  });

  it('refuses more than 1000 lines, and an article of another warehouse with 404', async () => {
    const a = await createArticle(owner);
    const many = Array.from({ length: 1001 }, (_, i) => ({ article_id: i + 1, counted: 1 }));
    expect((await book(owner, '/api/stock/counts', { lines: many })).statusCode).toBe(422);
    const { client: stranger } = await loggedIn(app);
    await createWarehouse(stranger);
    const foreign = await createArticle(stranger);
    const res = await book(owner, '/api/stock/counts', {
      lines: [
        { article_id: a.id, counted: 1 },
        { article_id: foreign.id, counted: 1 },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(await quantityOf(owner, a.id)).toBe(0);
  });
});

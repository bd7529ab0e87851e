import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, useOwnerApp } from '../../../test/helpers';
import { createArticle, move, stockUp } from '../../../test/stock/helpers';
import { stockArticles, stockMovements } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;

// A pool as large as the burst, so on PostgreSQL the 50 bookings really run side by side.
useOwnerApp(__filename, (t) => ({ app, owner } = t), { poolSize: 20 });

it('50 parallel goods-out of 1 on a stock of 20: exactly 20 succeed, 30 refused, stock 0, 20 journal rows', async () => {
  const article = await createArticle(owner);
  await stockUp(owner, article.id, 20);
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => move(owner, article.id, 'out', 1, { reason: 'sale' })),
  );
  const statuses = answers.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 201)).toHaveLength(20);
  expect(statuses.filter((s) => s === 409)).toHaveLength(30);
  for (const refused of answers.filter((r) => r.statusCode === 409)) {
    expect(refused.json()).toEqual({ code: 'stock.insufficient', message: 'Not enough stock: 0 pcs available.' });
  }
  const [row] = await app.ctx.db.select().from(stockArticles).where(eq(stockArticles.id, article.id));
  expect(row!.quantity).toBe(0);
  const outs = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, article.id));
  expect(outs.filter((m) => m.kind === 'out')).toHaveLength(20);
  // Every journal row states the stock after it: 19, 18, … 0, each exactly once.
  expect(
    outs
      .filter((m) => m.kind === 'out')
      .map((m) => m.quantityAfter / 1000)
      .sort((a, b) => a - b),
  ).toEqual(Array.from({ length: 20 }, (_, i) => i));
});

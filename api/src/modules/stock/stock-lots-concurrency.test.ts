import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, useOwnerApp } from '../../../test/helpers';
import { createArticle, move } from '../../../test/stock/helpers';
import { stockArticles, stockLotQuantities, stockMovements } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;

// A pool as large as the burst, so on PostgreSQL the 50 bookings really run side by side.
useOwnerApp(__filename, (t) => ({ app, owner } = t), { poolSize: 20 });

it('50 parallel FEFO goods-out of 1 on lots summing 20: exactly 20 succeed, no lot negative, oldest lots emptied first', async () => {
  const article = await createArticle(owner, { tracking: 'lot', expiry: true });
  // Five lots of 4, received out of best-before order.
  for (const [lot, date] of [
    ['L5', '2027-05-01'],
    ['L1', '2027-01-01'],
    ['L3', '2027-03-01'],
    ['L2', '2027-02-01'],
    ['L4', '2027-04-01'],
  ]) {
    expect((await move(owner, article.id, 'in', 4, { lot, best_before: date })).statusCode).toBe(201);
  }
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => move(owner, article.id, 'out', 1, { reason: 'sale' })),
  );
  const statuses = answers.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 201)).toHaveLength(20);
  expect(statuses.filter((s) => s === 409)).toHaveLength(30);
  const [row] = await app.ctx.db.select().from(stockArticles).where(eq(stockArticles.id, article.id));
  expect(row!.quantity).toBe(0);
  const lots = await app.ctx.db.select().from(stockLotQuantities).where(eq(stockLotQuantities.articleId, article.id));
  expect(lots.map((l) => l.quantity)).toEqual([0, 0, 0, 0, 0]);
  const outs = (await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, article.id)))
    .filter((m) => m.kind === 'out')
    .sort((x, y) => x.id - y.id);
  expect(outs).toHaveLength(20);
  // Serialized on the article row, FEFO took the lots in best-before order: L1 ×4, L2 ×4, …
  expect(outs.map((m) => m.lot)).toEqual(['L1', 'L2', 'L3', 'L4', 'L5'].flatMap((lot) => [lot, lot, lot, lot]));
  expect(outs.map((m) => m.quantityAfter / 1000)).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
});

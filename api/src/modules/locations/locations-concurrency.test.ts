import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, useOwnerApp } from '../../../test/helpers';
import { book, createArticle } from '../../../test/stock/helpers';
import { stockMovements } from '../stock';
import { stockLocationQuantities } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let otherWarehouseId: number;

// A pool as large as the burst, so on PostgreSQL the requests really run side by side. Quelle is current.
useOwnerApp(__filename, (t) => ({ app, owner, firstWarehouseId: otherWarehouseId } = t), {
  warehouses: ['Ziel', 'Quelle'],
  poolSize: 20,
});

async function location(code: string) {
  return (await owner.post('/api/stock/locations', { code })).json().location.id as number;
}
const quantities = async (articleId: number) =>
  (await app.ctx.db.select().from(stockLocationQuantities).where(eq(stockLocationQuantities.articleId, articleId))).map(
    (r) => [r.locationId, r.quantity / 1000] as const,
  );

it('50 parallel relocations of 1 from a location holding 20: exactly 20 succeed, it ends at 0, journal +40 rows', async () => {
  const article = await createArticle(owner);
  const from = await location('P-FROM');
  const to = await location('P-TO');
  await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'in', quantity: 20, location_id: from });
  const before = (await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, article.id)))
    .length;
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      book(owner, '/api/stock/relocations', {
        article_id: article.id,
        from_location_id: from,
        to_location_id: to,
        quantity: 1,
      }),
    ),
  );
  const statuses = answers.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 201)).toHaveLength(20);
  expect(statuses.filter((s) => s === 409)).toHaveLength(30);
  for (const refused of answers.filter((r) => r.statusCode === 409)) {
    expect(refused.json()).toEqual({
      code: 'stock.insufficient',
      message: 'Not enough stock at location P-FROM: 0 pcs available.',
    });
  }
  expect(new Map(await quantities(article.id))).toEqual(
    new Map([
      [from, 0],
      [to, 20],
    ]),
  );
  const after = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, article.id));
  expect(after.length - before).toBe(40);
  // The halves of each relocation share their transfer_id, one out and one in.
  const pairs = new Map<string, number[]>();
  for (const m of after.filter((m) => m.kind === 'relocation'))
    pairs.set(m.transferId!, [...(pairs.get(m.transferId!) ?? []), m.delta]);
  expect([...pairs.values()].every((deltas) => deltas.sort().join() === '-1000,1000')).toBe(true);
});

it('parallel transfers and relocations of the same stock never make a location negative', async () => {
  const article = await createArticle(owner, { sku: 'RACE-1' });
  const from = await location('RACE-A');
  const to = await location('RACE-B');
  await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'in', quantity: 10, location_id: from });
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      i % 2
        ? book(owner, '/api/stock/relocations', {
            article_id: article.id,
            from_location_id: from,
            to_location_id: to,
            quantity: 1,
          })
        : book(owner, '/api/stock/transfers', {
            article_id: article.id,
            to_warehouse_id: otherWarehouseId,
            quantity: 1,
            location_id: from,
          }),
    ),
  );
  const ok = answers.filter((r) => r.statusCode === 201).length;
  expect(ok).toBe(10);
  expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
  const rows = new Map(await quantities(article.id));
  expect(rows.get(from)).toBe(0);
  const [sum] = (
    (await app.ctx.db.execute(
      sql`SELECT a.quantity AS total, (SELECT coalesce(sum(q.quantity), 0) FROM stock_location_quantities q WHERE q.article_id = a.id) AS spread
          FROM stock_articles a WHERE a.id = ${article.id}`,
    )) as unknown as { rows: { total: string; spread: string }[] }
  ).rows;
  expect(Number(sum!.total)).toBe(Number(sum!.spread));
  expect([...rows.values()].every((q) => q >= 0)).toBe(true);
});

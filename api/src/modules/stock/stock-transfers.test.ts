import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, createWarehouse, loggedIn } from '../../../test/helpers';
import { book, createArticle, member, stockUp, transfer, useSourceAndTarget } from '../../../test/stock/helpers';
import { memberships } from '../../platform/tenancy/tables';
import { stockArticles, stockMovements } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let source: number;
let target: number;

useSourceAndTarget(__filename, (t) => ({ app, owner, source, target } = t));

const inWarehouse = (warehouseId: number, sku: string) =>
  app.ctx.db
    .select()
    .from(stockArticles)
    .where(and(eq(stockArticles.warehouseId, warehouseId), eq(stockArticles.sku, sku)));
const movementsOf = (warehouseId: number) =>
  app.ctx.db.select().from(stockMovements).where(eq(stockMovements.warehouseId, warehouseId));

describe('transfers', () => {
  it('books transfer_out here and transfer_in there, linked, creating the target article', async () => {
    const article = await createArticle(owner, { sku: 'T-1', name: 'Kabel', barcode: '96385074' });
    await stockUp(owner, article.id, 10);
    const res = await book(owner, '/api/stock/transfers', {
      article_id: article.id,
      to_warehouse_id: target,
      quantity: 4,
      note: 'Umzug',
    });
    expect(res.statusCode).toBe(201);
    const { out, in: incoming } = res.json();
    expect(out).toMatchObject({ kind: 'transfer_out', delta: -4, quantity_after: 6 });
    expect(incoming).toMatchObject({ kind: 'transfer_in', delta: 4, quantity_after: 4, article_sku: 'T-1' });
    expect(out.transfer_id).toEqual(incoming.transfer_id);
    const [there] = await inWarehouse(target, 'T-1');
    expect(there).toMatchObject({ name: 'Kabel', unit: 'pcs', barcode: '96385074', quantity: 4000 });
  });

  it('adds to an existing article with the same SKU (ignoring case)', async () => {
    const article = await createArticle(owner, { sku: 'T-2' });
    await stockUp(owner, article.id, 3);
    await app.ctx.db
      .insert(stockArticles)
      .values({ warehouseId: target, sku: 't-2', name: 'x', unit: 'pcs', quantity: 1000 });
    const res = await transfer(owner, article.id, target, 3);
    expect(res.statusCode).toBe(201);
    expect(res.json().in.quantity_after).toBe(4);
  });

  it('refuses more than the stock (409) and the current warehouse as target (422)', async () => {
    const article = await createArticle(owner);
    await stockUp(owner, article.id, 1);
    const tooMuch = await transfer(owner, article.id, target, 2);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('stock.insufficient');
    const same = await transfer(owner, article.id, source, 1);
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe('transfer.same_warehouse');
  });

  describe('a user who may book but not create articles in the target', () => {
    let clerk: Client;
    let article: { id: number; sku: string };
    beforeAll(async () => {
      const made = await member(app, owner, source, ['view_stock', 'transfer_stock', 'book_goods']);
      clerk = made.client;
      // The same user in the target: allowed to book there, not to manage articles.
      const roleRes = await owner.post('/api/admin/createrole', {
        name: 'Ziel-Buchung',
        permissions: [7, 9],
        warehouse_id: target,
      });
      await app.ctx.db
        .insert(memberships)
        .values({ userId: made.user.id, warehouseId: target, roleId: roleRes.json().role.id });
      article = await createArticle(owner, { sku: 'T-NEW' });
      await stockUp(owner, article.id, 5);
    });

    it('a transfer whose second half fails leaves both warehouses unchanged', async () => {
      const before = { here: (await movementsOf(source)).length, there: (await movementsOf(target)).length };
      const res = await transfer(clerk, article.id, target, 2);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'transfer.target_article_missing',
        errors: { to_warehouse_id: [expect.stringContaining('T-NEW')] },
      });
      const [here] = await inWarehouse(source, 'T-NEW');
      expect(here!.quantity).toBe(5000);
      expect(await inWarehouse(target, 'T-NEW')).toEqual([]);
      expect((await movementsOf(source)).length).toBe(before.here);
      expect((await movementsOf(target)).length).toBe(before.there);
    });

    it('succeeds once the article exists there', async () => {
      await app.ctx.db.insert(stockArticles).values({ warehouseId: target, sku: 'T-NEW', name: 'x', unit: 'pcs' });
      const res = await transfer(clerk, article.id, target, 2);
      expect(res.statusCode).toBe(201);
    });

    it('refuses a different unit there (both unchanged)', async () => {
      const kg = await createArticle(owner, { sku: 'T-UNIT', unit: 'kg' });
      await stockUp(owner, kg.id, 5);
      await app.ctx.db.insert(stockArticles).values({ warehouseId: target, sku: 'T-UNIT', name: 'x', unit: 'l' });
      const res = await transfer(clerk, kg.id, target, 1);
      expect(res.json().code).toBe('transfer.unit_mismatch');
      const [here] = await inWarehouse(source, 'T-UNIT');
      expect(here!.quantity).toBe(5000);
    });
  });

  it('refuses a target where the user may not book goods, or is no member', async () => {
    const article = await createArticle(owner);
    await stockUp(owner, article.id, 5);
    const { client: clerk } = await member(app, owner, source, ['view_stock', 'transfer_stock']);
    const res = await transfer(clerk, article.id, target, 1);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('transfer.target_forbidden');
    const { client: outsider } = await loggedIn(app);
    const foreign = (await createWarehouse(outsider)).id;
    const notMember = await transfer(owner, article.id, foreign, 1);
    expect(notMember.json().code).toBe('transfer.target_forbidden');
  });

  it('is idempotent like every booking', async () => {
    const article = await createArticle(owner, { sku: 'T-IDEM' });
    await stockUp(owner, article.id, 5);
    const key = '6f1c1c1e-0b8a-4d55-9a43-0c8f4f3f0a11';
    const body = { article_id: article.id, to_warehouse_id: target, quantity: 1 };
    const first = await book(owner, '/api/stock/transfers', body, key);
    const second = await book(owner, '/api/stock/transfers', body, key);
    expect(second.json()).toEqual(first.json());
    const [there] = await inWarehouse(target, 'T-IDEM');
    expect(there!.quantity).toBe(1000);
  });

  it('opposite transfers at the same time neither deadlock nor lose stock', async () => {
    const here = await createArticle(owner, { sku: 'T-SWAP' });
    await stockUp(owner, here.id, 50);
    await transfer(owner, here.id, target, 25);
    const [there] = await inWarehouse(target, 'T-SWAP');
    // A second user looking at the target warehouse who may book in both.
    const { client: other, user } = await member(app, owner, target, ['view_stock', 'transfer_stock', 'book_goods']);
    const role = await owner.post('/api/admin/createrole', {
      name: 'Quelle-Buchung',
      permissions: [7, 9],
      warehouse_id: source,
    });
    await app.ctx.db.insert(memberships).values({ userId: user.id, warehouseId: source, roleId: role.json().role.id });
    const calls = Array.from({ length: 10 }, (_, i) =>
      i % 2 ? transfer(owner, here.id, target, 1) : transfer(other, there!.id, source, 1),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const [a] = await inWarehouse(source, 'T-SWAP');
    const [b] = await inWarehouse(target, 'T-SWAP');
    expect(a!.quantity + b!.quantity).toBe(50_000);
  });
});

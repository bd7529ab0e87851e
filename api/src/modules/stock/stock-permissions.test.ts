import { STOCK_PERMISSION_NAMES, type StockPermissionName } from '@lager/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, createWarehouse, loggedIn, useTestApp } from '../../../test/helpers';
import { book, createArticle, member, move, stockUp, transfer } from '../../../test/stock/helpers';
import { users } from '../../platform/tenancy/tables';
import { stockArticles } from './tables';

/**
 * The six stock permissions × every stock call. Each member holds one permission, with or
 * without view_stock; a call passes the authorization only with every permission it needs.
 */
// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let warehouseId: number;
let otherWarehouseId: number;
const holders = new Map<string, Client>();
const label = (permissions: StockPermissionName[]) => permissions.join('+') || 'none';
const SETS: StockPermissionName[][] = [[]];
for (const permission of STOCK_PERMISSION_NAMES) {
  SETS.push([permission]);
  if (permission !== 'view_stock') SETS.push(['view_stock', permission]);
}

useTestApp(__filename, async (t) => {
  ({ app } = t);
  ({ client: owner } = await loggedIn(app));
  otherWarehouseId = (await createWarehouse(owner, 'Zweitlager')).id;
  warehouseId = (await createWarehouse(owner, 'Hauptlager')).id;
  for (const permissions of SETS)
    holders.set(label(permissions), (await member(app, owner, warehouseId, permissions)).client);
  // Transfers need book_goods in the target: every member gets it there.
  const role = await owner.post('/api/admin/createrole', {
    name: 'Ziel',
    permissions: [7, 9],
    warehouse_id: otherWarehouseId,
  });
  const { memberships } = await import('../../platform/tenancy/tables');
  const members = await app.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.currentWarehouseId, warehouseId));
  for (const { id } of members) {
    await app.ctx.db
      .insert(memberships)
      .values({ userId: id, warehouseId: otherWarehouseId, roleId: role.json().role.id })
      .onConflictDoNothing();
  }
});

type Call = (client: Client) => Promise<{ statusCode: number; body: string }>;
const csv = (client: Client, body: string) =>
  client.request('POST', '/api/stock/import?dry_run=1', body, { 'content-type': 'text/csv' });

let n = 0;
const article = async (quantity = 5) => {
  const made = await createArticle(owner, { sku: `P-${++n}` });
  if (quantity) await stockUp(owner, made.id, quantity);
  return made;
};

const calls: [string, StockPermissionName[], Call][] = [
  ['GET summary', [], (c) => c.get('/api/stock/summary')],
  ['GET articles', [], (c) => c.get('/api/stock/articles')],
  ['GET article', [], async (c) => c.get(`/api/stock/articles/${(await article(0)).id}`)],
  ['GET movements', [], (c) => c.get('/api/stock/movements')],
  ['GET movements.csv', [], (c) => c.get('/api/stock/movements.csv')],
  [
    'POST articles',
    ['manage_articles'],
    (c) => c.post('/api/stock/articles', { sku: `N-${++n}`, name: 'n', unit: 'pcs', min_stock: 0 }),
  ],
  [
    'PUT article',
    ['manage_articles'],
    async (c) => {
      const a = await article(0);
      return c.put(`/api/stock/articles/${a.id}`, { sku: a.sku, name: 'renamed', unit: 'pcs', min_stock: 1 });
    },
  ],
  ['POST archive', ['manage_articles'], async (c) => c.post(`/api/stock/articles/${(await article(0)).id}/archive`)],
  ['POST restore', ['manage_articles'], async (c) => c.post(`/api/stock/articles/${(await article(0)).id}/restore`)],
  ['DELETE article', ['manage_articles'], async (c) => c.delete(`/api/stock/articles/${(await article(0)).id}`)],
  ['POST import', ['manage_articles'], (c) => csv(c, `sku,name,unit\nI-${++n},Import,pcs\n`)],
  ['POST movements (in)', ['book_goods'], async (c) => move(c, (await article(0)).id, 'in', 1)],
  ['POST movements (out)', ['book_goods'], async (c) => move(c, (await article()).id, 'out', 1, { reason: 'sale' })],
  [
    'POST movements (correction)',
    ['count_stock'],
    async (c) => move(c, (await article()).id, 'correction', 1, { reason: 'count' }),
  ],
  [
    'POST counts',
    ['count_stock'],
    async (c) => book(c, '/api/stock/counts', { lines: [{ article_id: (await article()).id, counted: 2 }] }),
  ],
  [
    'POST transfers',
    ['transfer_stock'],
    async (c) => {
      const a = await article();
      // The target has the article: members may book there but not create articles.
      await app.ctx.db
        .insert(stockArticles)
        .values({ warehouseId: otherWarehouseId, sku: a.sku, name: 'x', unit: 'pcs' });
      return transfer(c, a.id, otherWarehouseId, 1);
    },
  ],
  [
    'POST reverse',
    ['reverse_movements'],
    async (c) => {
      const a = await article(0);
      const movement = (await stockUp(owner, a.id, 2)).movement;
      return book(c, `/api/stock/movements/${movement.id}/reverse`, {});
    },
  ],
];

describe.each(calls)('%s', (_name, needs, call) => {
  const required: StockPermissionName[] = ['view_stock', ...needs];
  it.each(SETS.map(label))('member holding %s', async (held) => {
    const client = holders.get(held)!;
    const res = await call(client);
    const granted = held === 'none' ? [] : held.split('+');
    if (required.every((p) => granted.includes(p))) expect(res.statusCode).toBeLessThan(300);
    else {
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body).code).toBe('permission.missing');
    }
  });

  it('the owner may; an unverified user and a non-member may not', async () => {
    expect((await call(owner)).statusCode).toBeLessThan(300);
    const { client: unverified, user } = await loggedIn(app, { verified: false });
    await app.ctx.db.update(users).set({ currentWarehouseId: warehouseId }).where(eq(users.id, user.id));
    const refused = await call(unverified);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).code).toBe('auth.unverified');
    const { client: outsider, user: stranger } = await loggedIn(app);
    await app.ctx.db.update(users).set({ currentWarehouseId: warehouseId }).where(eq(users.id, stranger.id));
    const outside = await call(outsider);
    expect(outside.statusCode).toBe(403);
    expect(JSON.parse(outside.body).code).toBe('warehouse.not_member');
  });
});

it('a logged-out caller gets 401, a user without a current warehouse 403', async () => {
  const { Client: Anonymous } = await import('../../../test/helpers');
  expect((await new Anonymous(app).get('/api/stock/articles')).statusCode).toBe(401);
  const { client } = await loggedIn(app);
  const res = await client.get('/api/stock/articles');
  expect(res.statusCode).toBe(403);
  expect(res.json().code).toBe('warehouse.not_selected');
});

import { randomUUID } from 'node:crypto';
import { STOCK_PERMISSION_NAMES, type StockPermissionName } from '@lager/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, users } from '../../src/platform/tenancy/tables';
import { type Client, loggedIn, type OwnerApp, type TestAppOptions, useOwnerApp } from '../helpers';

/** Permission ids as the migration numbers them (7..12, in stock-spec.md's order). */
/** ids 7..13 in the list's order, then stock-spec-3 §3's two after purchasing's 14..17. */
export const permissionId = (name: StockPermissionName) =>
  name === 'view_stock_value' ? 18 : name === 'manage_counts' ? 19 : 7 + STOCK_PERMISSION_NAMES.indexOf(name);

let roles = 0;

/** A verified user who is a member of `warehouseId` (and looks at it) with a role holding `permissions`. */
export async function member(
  app: FastifyInstance,
  owner: Client,
  warehouseId: number,
  permissions: StockPermissionName[],
  options: { name?: string } = {},
) {
  let roleId: number | null = null;
  if (permissions.length) {
    const res = await owner.post('/api/admin/createrole', {
      name: `stock-role-${++roles}`,
      permissions: permissions.map(permissionId),
      warehouse_id: warehouseId,
    });
    if (res.statusCode !== 201) throw new Error(`create role failed: ${res.statusCode} ${res.body}`);
    roleId = res.json().role.id;
  }
  const { user, client } = await loggedIn(app, { name: options.name });
  await app.ctx.db.insert(memberships).values({ userId: user.id, warehouseId, roleId });
  await app.ctx.db.update(users).set({ currentWarehouseId: warehouseId }).where(eq(users.id, user.id));
  return { user, client };
}

/** A write with an Idempotency-Key (a fresh one unless given). */
export function book(client: Client, url: string, body: unknown, key: string | null = randomUUID()) {
  return client.request('POST', url, body, key ? { 'idempotency-key': key } : {});
}

export interface ArticleFields {
  sku?: string;
  name?: string;
  unit?: string;
  min_stock?: number;
  max_stock?: number | null;
  barcode?: string | null;
  description?: string | null;
  tracking?: 'none' | 'lot' | 'serial';
  expiry?: boolean;
}

let skus = 0;
export async function createArticle(client: Client, fields: ArticleFields = {}) {
  const n = ++skus;
  const res = await client.post('/api/stock/articles', {
    sku: `SKU-${n}`,
    name: `Article ${n}`,
    unit: 'pcs',
    min_stock: 0,
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`create article failed: ${res.statusCode} ${res.body}`);
  return res.json().article as { id: number; sku: string; quantity: number; unit: string };
}

/** Goods in of `quantity`, returning the article after the booking. */
export async function stockUp(client: Client, articleId: number, quantity: number) {
  const res = await move(client, articleId, 'in', quantity);
  if (res.statusCode !== 201) throw new Error(`goods in failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A booking of `quantity` of the article (`kind` in, out, correction, …); `fields` adds reason, note, reference, …. */
export function move(client: Client, articleId: number, kind: string, quantity: number | string, fields = {}) {
  return book(client, '/api/stock/movements', { article_id: articleId, kind, quantity, ...fields });
}

/** A transfer of `quantity` of the article into the warehouse `toWarehouseId`. */
export function transfer(client: Client, articleId: number, toWarehouseId: number, quantity: number | string) {
  return book(client, '/api/stock/transfers', { article_id: articleId, to_warehouse_id: toWarehouseId, quantity });
}

/**
 * useOwnerApp with the two warehouses a transfer needs: `target` (Ziel) and `source` (Quelle,
 * the owner's current one, where the bookings go).
 */
export function useSourceAndTarget(
  file: string,
  assign: (t: OwnerApp & { source: number; target: number }) => unknown,
  options: TestAppOptions = {},
) {
  const withNames = (t: OwnerApp) => assign({ ...t, source: t.warehouseId, target: t.firstWarehouseId });
  useOwnerApp(file, withNames, { ...options, warehouses: ['Ziel', 'Quelle'] });
}

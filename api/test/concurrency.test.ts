/**
 * Issue 18 item 5, the races: parallel requests that collide on a unique key or on a row another
 * request deletes must end in the contract's 422/404, never a 500, and leave one consistent
 * result. 20-50 parallel calls each, on PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/platform/db/client';
import { roles, users, warehouses } from '../src/platform/tenancy/tables';
import { Client, createWarehouse, loggedIn, PASSWORD, useTestApp } from './helpers';

let database: Database;
let app: FastifyInstance;

useTestApp(__filename, (t) => ({ database, app } = t));

const tally = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

/** Clients with their session and XSRF cookie ready, so the race is only the request itself. */
async function clients(n: number) {
  const list = Array.from({ length: n }, () => new Client(app));
  await Promise.all(list.map((c) => c.csrf()));
  return list;
}

describe('races on unique keys', () => {
  it('50 parallel registrations of one e-mail: one account, 49 × 422 email.taken', async () => {
    const email = `race-${Date.now()}@example.test`;
    const visitors = await clients(50);
    const results = await Promise.all(
      visitors.map((c) =>
        c.post('/api/register', {
          name: 'Racer',
          email,
          password: 'secret-password',
          password_confirmation: 'secret-password',
          accept_terms: true,
        }),
      ),
    );
    expect(tally(results)).toEqual({ 201: 1, 422: 49 });
    for (const r of results.filter((r) => r.statusCode === 422)) {
      expect(r.json()).toMatchObject({ code: 'email.taken' });
      expect(r.json().errors).toHaveProperty('email');
    }
    const [row] = await app.ctx.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(row!.n).toBe(1);
  });

  it('two users taking one new e-mail at once: one 200, one 422, ten times over', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = [await loggedIn(app), await loggedIn(app)];
      const email = `taken-${round}-${Date.now()}@example.test`;
      const results = await Promise.all([
        a.client.put('/api/profile/update', { email }),
        b.client.put('/api/profile/update', { email }),
      ]);
      expect(tally(results)).toEqual({ 200: 1, 422: 1 });
      expect(results.find((r) => r.statusCode === 422)!.json()).toMatchObject({ code: 'email.taken' });
    }
  });

  it('20 parallel warehouses and roles of one name: one each, the rest 422 on name', async () => {
    const { client } = await loggedIn(app);
    const warehouseResults = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post('/api/admin/warehouse', { name: 'Twin', industry_id: 1, usage_id: 1 }),
      ),
    );
    expect(tally(warehouseResults)).toEqual({ 201: 1, 422: 19 });
    expect(warehouseResults.find((r) => r.statusCode === 422)!.json()).toMatchObject({ code: 'warehouse.name_taken' });

    const roleResults = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post('/api/admin/createrole', { name: 'Twin role', description: null, permissions: [1] }),
      ),
    );
    expect(tally(roleResults)).toEqual({ 201: 1, 422: 19 });
    expect(roleResults.find((r) => r.statusCode === 422)!.json()).toMatchObject({ code: 'role.name_taken' });
  });

  it('20 parallel warehouses and roles whose names differ only in case: the database keeps one each', async () => {
    const { client } = await loggedIn(app);
    // Every request passes the route's check before any insert: only the unique index on lower(name) decides.
    const spellings = (base: string) => Array.from({ length: 20 }, (_, i) => (i % 2 ? base.toUpperCase() : base));
    const warehouseResults = await Promise.all(
      spellings('Zwilling').map((name) => client.post('/api/admin/warehouse', { name, industry_id: 1, usage_id: 1 })),
    );
    expect(tally(warehouseResults)).toEqual({ 201: 1, 422: 19 });
    for (const r of warehouseResults.filter((r) => r.statusCode === 422)) {
      expect(r.json()).toMatchObject({ code: 'warehouse.name_taken' });
    }
    const roleResults = await Promise.all(
      spellings('Zwillingsrolle').map((name) =>
        client.post('/api/admin/createrole', { name, description: null, permissions: [1] }),
      ),
    );
    expect(tally(roleResults)).toEqual({ 201: 1, 422: 19 });
    const [left] = await app.ctx.db
      .select({ n: count() })
      .from(warehouses)
      .where(sql`lower(${warehouses.name}) = 'zwilling'`);
    expect(left!.n).toBe(1);
  });
});

describe('races on rows another request deletes', () => {
  it('edit ‖ delete warehouse and create role ‖ delete warehouse: never 500, nothing left behind', async () => {
    const { client, user } = await loggedIn(app);
    const seen: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const keep = await createWarehouse(client, `Keep ${round}`);
      const doomed = await createWarehouse(client, `Doomed ${round}`);
      await client.patch('/api/profile/setwarehouse', { warehouse_id: doomed.id });
      const results = await Promise.all([
        client.put(`/api/warehouses/edit/${doomed.id}`, { name: `Renamed ${round}`, industry_id: 2, usage_id: 2 }),
        client.post('/api/admin/createrole', { name: `Role ${round}`, description: null, permissions: [1, 2] }),
        client.post('/api/admin/createrole', { name: `Role b ${round}`, warehouse_id: doomed.id, permissions: [3] }),
        client.post('/api/admin/warehouse/delete', { warehouse_ids: [doomed.id], password: PASSWORD }),
      ]);
      seen.push(...results.map((r) => r.statusCode));
      for (const r of results) {
        expect({ status: r.statusCode, ok: r.statusCode < 500 }).toEqual({ status: r.statusCode, ok: true });
        if (r.statusCode >= 400) expect(typeof r.json().code).toBe('string');
      }
      expect(results[3]!.statusCode).toBe(200);
      const left = await app.ctx.db.select().from(roles).where(eq(roles.warehouseId, doomed.id));
      expect(left).toHaveLength(0);
      await client.patch('/api/profile/setwarehouse', { warehouse_id: keep.id });
    }
    expect(seen.some((s) => s >= 500)).toBe(false);
    const [gone] = await app.ctx.db
      .select({ n: count() })
      .from(warehouses)
      .where(and(eq(warehouses.ownerId, user.id)));
    expect(gone!.n).toBe(20);
  });
});

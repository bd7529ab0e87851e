import type { FastifyInstance } from 'fastify';
import { Client, createWarehouse, loggedIn, PASSWORD, useTestApp } from '../../../test/helpers';
import type { Database } from '../../platform/db/client';
import { memberships } from '../../platform/tenancy/tables';

let database: Database;
let app: FastifyInstance;

useTestApp(__filename, (t) => ({ database, app } = t));

async function ownerWithGuest() {
  const owner = await loggedIn(app);
  const guest = await loggedIn(app);
  const warehouse = await createWarehouse(owner.client);
  await app.ctx.db.insert(memberships).values({ userId: guest.user.id, warehouseId: warehouse.id, roleId: null });
  return { owner, guest, warehouse };
}

describe('lookups', () => {
  it('serves industries and usages with translation keys, other included', async () => {
    const industries = (await new Client(app).get('/api/industries')).json();
    expect(industries).toHaveLength(25);
    expect(industries[0]).toEqual({ id: 1, name: 'gastronomy' });
    expect(industries.map((i: { name: string }) => i.name)).toContain('beauty_wellness');
    const usages = (await new Client(app).get('/api/usages')).json();
    expect(usages).toHaveLength(12);
    expect(usages.at(-1)).toEqual({ id: 12, name: 'other' });
  });
});

describe('verified gate', () => {
  it.each([
    ['GET', '/api/mywarehouses'],
    ['GET', '/api/mywarehouses/owned'],
    ['GET', '/api/mywarehouses/guest'],
    ['GET', '/api/warehouses'],
    ['POST', '/api/admin/warehouse'],
    ['GET', '/api/admin/roles'],
    ['GET', '/api/admin/permissions'],
    ['POST', '/api/invitations/send'],
  ])('%s %s answers 403 to unverified and 401 to anonymous users', async (method, url) => {
    const { client } = await loggedIn(app, { verified: false });
    const res = await client.request(method as 'GET', url, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your email address is not verified.');
    expect((await new Client(app).request(method as 'GET', url, method === 'GET' ? undefined : {})).statusCode).toBe(
      401,
    );
  });
});

describe('create and list', () => {
  it('creates a warehouse that becomes current, with the owner role', async () => {
    const { client } = await loggedIn(app);
    const res = await client.post('/api/admin/warehouse', { name: 'Keller', industry_id: 3, usage_id: 2 });
    expect(res.statusCode).toBe(201);
    const { warehouse } = res.json();
    expect(warehouse).toEqual({ id: expect.any(Number), name: 'Keller', industry_id: 3, usage_id: 2 });
    expect((await client.get('/api/user')).json().current_warehouse_id).toBe(warehouse.id);
    expect((await client.get('/api/mywarehouses')).json().warehouses).toEqual([{ ...warehouse, user_role: 'owner' }]);
    expect((await client.get('/api/mywarehouses/owned')).json().warehouses).toEqual([warehouse]);
    expect((await client.get('/api/mywarehouses/guest')).json().warehouses).toEqual([]);
    expect((await client.get('/api/warehouses')).json().warehouses).toEqual([{ id: warehouse.id, name: 'Keller' }]);
  });

  it('rejects a duplicate name per owner, missing fields and unknown lookups with 422', async () => {
    const { client } = await loggedIn(app);
    await createWarehouse(client, 'Dup');
    const dup = await client.post('/api/admin/warehouse', { name: 'Dup', industry_id: 1, usage_id: 1 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['You already have a warehouse with this name.']);
    const missing = await client.post('/api/admin/warehouse', { name: '' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['industry_id', 'name', 'usage_id']);
    const unknown = await client.post('/api/admin/warehouse', { name: 'X', industry_id: 999, usage_id: 1 });
    expect(unknown.json().errors).toHaveProperty('industry_id');
    // Another owner may use the same name.
    const { client: other } = await loggedIn(app);
    expect((await other.post('/api/admin/warehouse', { name: 'Dup', industry_id: 1, usage_id: 1 })).statusCode).toBe(
      201,
    );
  });

  it('shows guest memberships with the role name or null', async () => {
    const { guest, warehouse } = await ownerWithGuest();
    const mine = (await guest.client.get('/api/mywarehouses')).json().warehouses;
    expect(mine).toEqual([{ ...warehouse, industry_id: 1, usage_id: 1, user_role: null }]);
    expect((await guest.client.get('/api/mywarehouses/guest')).json().warehouses).toHaveLength(1);
    expect((await guest.client.get('/api/mywarehouses/owned')).json().warehouses).toHaveLength(0);
  });
});

describe('edit (owner only)', () => {
  it('reads and updates for the owner; 403 for a member, 404 for unknown ids', async () => {
    const { owner, guest, warehouse } = await ownerWithGuest();
    const read = await owner.client.get(`/api/warehouses/edit/${warehouse.id}`);
    expect(read.json()).toEqual({ id: warehouse.id, name: warehouse.name, industry_id: 1, usage_id: 1 });
    const put = await owner.client.put(`/api/warehouses/edit/${warehouse.id}`, {
      name: 'Renamed',
      industry_id: 2,
      usage_id: 3,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ id: warehouse.id, name: 'Renamed', industry_id: 2, usage_id: 3 });
    expect((await guest.client.get(`/api/warehouses/edit/${warehouse.id}`)).statusCode).toBe(403);
    expect(
      (await guest.client.put(`/api/warehouses/edit/${warehouse.id}`, { name: 'Hijack', industry_id: 1, usage_id: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await owner.client.get('/api/warehouses/edit/999999')).statusCode).toBe(404);
    expect((await owner.client.get('/api/warehouses/edit/abc')).statusCode).toBe(404);
  });

  it('rejects renaming onto another own warehouse name', async () => {
    const { client } = await loggedIn(app);
    await createWarehouse(client, 'One');
    const two = await createWarehouse(client, 'Two');
    const res = await client.put(`/api/warehouses/edit/${two.id}`, { name: 'One', industry_id: 1, usage_id: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('name');
    expect(
      (await client.put(`/api/warehouses/edit/${two.id}`, { name: 'Two', industry_id: 5, usage_id: 1 })).statusCode,
    ).toBe(200);
  });
});

describe('delete', () => {
  it('deletes only owned warehouses, with the password', async () => {
    const { owner, guest, warehouse } = await ownerWithGuest();
    const second = await createWarehouse(owner.client);
    expect((await owner.client.post('/api/admin/warehouse/delete', { warehouse_ids: [warehouse.id] })).statusCode).toBe(
      422,
    );
    const wrong = await owner.client.post('/api/admin/warehouse/delete', {
      warehouse_ids: [warehouse.id],
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('Incorrect password');
    const byGuest = await guest.client.post('/api/admin/warehouse/delete', {
      warehouse_ids: [warehouse.id],
      password: PASSWORD,
    });
    expect(byGuest.json().deleted).toBe(0);
    const res = await owner.client.post('/api/admin/warehouse/delete', {
      warehouse_ids: [warehouse.id, second.id],
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), deleted: 2 });
    expect((await guest.client.get('/api/mywarehouses')).json().warehouses).toEqual([]);
    expect((await owner.client.get('/api/user')).json().current_warehouse_id).toBeNull();
  });
});

describe('leave', () => {
  it('lets a guest leave with the password; wrong password 403, missing 422', async () => {
    const { guest, warehouse } = await ownerWithGuest();
    const url = `/api/warehouse/${warehouse.id}/leave`;
    expect((await guest.client.delete(url, {})).statusCode).toBe(422);
    const wrong = await guest.client.delete(url, { password: 'wrong-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('Incorrect password');
    expect((await guest.client.delete(url, { password: PASSWORD })).statusCode).toBe(200);
    expect((await guest.client.get('/api/mywarehouses')).json().warehouses).toEqual([]);
    expect((await guest.client.delete(url, { password: PASSWORD })).statusCode).toBe(404);
  });

  it('accepts POST too, and the owner cannot leave', async () => {
    const { owner, guest, warehouse } = await ownerWithGuest();
    const url = `/api/warehouse/${warehouse.id}/leave`;
    const res = await owner.client.delete(url, { password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('warehouse.owner_cannot_leave');
    expect((await guest.client.post(url, { password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('names ignore case (issue 16 item 10)', () => {
  it('"Hauptlager" and "hauptlager" are one warehouse name per owner, on create and rename; other owners are free', async () => {
    const { client } = await loggedIn(app);
    await createWarehouse(client, 'Hauptlager');
    const lower = await client.post('/api/admin/warehouse', { name: 'hauptlager', industry_id: 1, usage_id: 1 });
    expect(lower.statusCode).toBe(422);
    expect(lower.json()).toMatchObject({ code: 'warehouse.name_taken' });
    expect(lower.json().errors.name).toEqual(['You already have a warehouse with this name.']);
    const spaced = await client.post('/api/admin/warehouse', { name: '  HAUPTLAGER ', industry_id: 1, usage_id: 1 });
    expect(spaced.json()).toMatchObject({ code: 'warehouse.name_taken' });

    const other = await createWarehouse(client, 'Nebenlager');
    const rename = await client.put(`/api/warehouses/edit/${other.id}`, {
      name: 'HauptLager',
      industry_id: 1,
      usage_id: 1,
    });
    expect(rename.json()).toMatchObject({ code: 'warehouse.name_taken' });
    // Its own name in another case is a rename, not a clash.
    const recase = await client.put(`/api/warehouses/edit/${other.id}`, {
      name: 'NEBENLAGER',
      industry_id: 1,
      usage_id: 1,
    });
    expect(recase.statusCode).toBe(200);
    expect(recase.json().name).toBe('NEBENLAGER');
    const names = (await client.get('/api/mywarehouses/owned')).json().warehouses.map((w: { name: string }) => w.name);
    expect(names.sort()).toEqual(['Hauptlager', 'NEBENLAGER']);

    const { client: stranger } = await loggedIn(app);
    const free = await stranger.post('/api/admin/warehouse', { name: 'hauptlager', industry_id: 1, usage_id: 1 });
    expect(free.statusCode).toBe(201);
  });

  it('role names are unique per warehouse ignoring case, on create and update', async () => {
    const { client } = await loggedIn(app);
    await createWarehouse(client);
    const first = await client.post('/api/admin/createrole', { name: 'Lagerist', description: null, permissions: [1] });
    expect(first.statusCode).toBe(201);
    const again = await client.post('/api/admin/createrole', { name: 'LAGERIST', description: null, permissions: [1] });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'role.name_taken' });
    expect(again.json().errors.name).toEqual(['A role with this name already exists in this warehouse.']);

    const second = await client.post('/api/admin/createrole', { name: 'Einkauf', description: null, permissions: [1] });
    const secondId = second.json().role.id;
    const clash = await client.put(`/api/admin/updaterole/${secondId}`, {
      name: 'lagerist',
      description: null,
      permissions: [1],
    });
    expect(clash.json()).toMatchObject({ code: 'role.name_taken' });
    const recase = await client.put(`/api/admin/updaterole/${secondId}`, {
      name: 'EINKAUF',
      description: null,
      permissions: [1],
    });
    expect(recase.statusCode).toBe(200);
    const roleNames = (await client.get('/api/admin/roles')).json().roles.map((r: { name: string }) => r.name);
    expect(roleNames.sort()).toEqual(['EINKAUF', 'Lagerist']);

    // The same name in another warehouse of the same owner is fine.
    await createWarehouse(client);
    expect(
      (await client.post('/api/admin/createrole', { name: 'lagerist', description: null, permissions: [1] }))
        .statusCode,
    ).toBe(201);
  });
});

/**
 * Issue 18 item 5: input that used to end in a 500. Ids are integers 1..2³¹−1 (422 in a body,
 * 404 in a path), no loose coercion, NUL bytes refused, names of only blanks are empty, and
 * values PostgreSQL refuses become the contract's 422 instead of a server error.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mapDatabaseError } from '../src/platform/db/database-errors';
import { AppError } from '../src/platform/errors';
import { users, warehouses } from '../src/platform/tenancy/tables';
import { Client, type createUser, createWarehouse, loggedIn, useTestApp } from './helpers';

let app: FastifyInstance;
let owner: Client;
let ownerUser: Awaited<ReturnType<typeof createUser>>;
let warehouseId: number;

useTestApp(__filename, async (t) => {
  ({ app } = t);
  ({ client: owner, user: ownerUser } = await loggedIn(app));
  warehouseId = (await createWarehouse(owner)).id;
});

const BIG = 2 ** 31;

describe('ids', () => {
  it('refuses ids above 2^31-1 in a body with 422 and in a path with 404', async () => {
    const body = await owner.post('/api/admin/warehouse', { name: 'Big', industry_id: BIG, usage_id: 1 });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toHaveProperty('industry_id');
    const setCurrent = await owner.patch('/api/profile/setwarehouse', { warehouse_id: 99_999_999_999 });
    expect(setCurrent.statusCode).toBe(422);
    for (const url of [`/api/warehouses/edit/${BIG}`, '/api/warehouses/edit/99999999999999999999']) {
      const res = await owner.put(url, { name: 'x', industry_id: 1, usage_id: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('takes only canonical decimals in the path: 0x10, 1e1, 1.0 and " 5" are no ids', async () => {
    for (const id of ['0x10', '1e1', '1.0', '%205', `0${warehouseId}`, 'true']) {
      const res = await owner.put(`/api/warehouses/edit/${id}`, { name: 'x', industry_id: 1, usage_id: 1 });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 404 });
    }
    const ok = await owner.get(`/api/warehouses/edit/${warehouseId}`);
    expect(ok.statusCode).toBe(200);
  });
});

describe('no loose coercion in JSON bodies', () => {
  it.each([
    ['true for an id', { name: 'Typed', industry_id: true, usage_id: 1 }, 'industry_id'],
    ['"0x10" for an id', { name: 'Typed', industry_id: '0x10', usage_id: 1 }, 'industry_id'],
    ['["x"] for a name', { name: ['x'], industry_id: 1, usage_id: 1 }, 'name'],
    ['a number for a name', { name: 5, industry_id: 1, usage_id: 1 }, 'name'],
    ['1.5 for an id', { name: 'Typed', industry_id: 1.5, usage_id: 1 }, 'industry_id'],
  ])('refuses %s with 422 on that field', async (_label, payload, field) => {
    const res = await owner.post('/api/admin/warehouse', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(field);
    const rows = await app.ctx.db.select().from(warehouses).where(eq(warehouses.ownerId, ownerUser.id));
    expect(rows).toHaveLength(1);
  });
});

describe('strings', () => {
  it('refuses a NUL byte in the login e-mail, a name or a password with 422, never 500', async () => {
    const client = new Client(app);
    const login = await client.post('/api/login', { email: 'a\u0000@example.test', password: 'x' });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors).toHaveProperty('email');
    const register = await client.post('/api/register', {
      name: 'Nul\u0000Name',
      email: 'nul@example.test',
      password: 'secret-password',
      password_confirmation: 'secret-password',
      accept_terms: true,
    });
    expect(register.statusCode).toBe(422);
    expect(register.json().errors).toHaveProperty('name');
    const warehouse = await owner.post('/api/admin/warehouse', { name: 'A\u0000', industry_id: 1, usage_id: 1 });
    expect(warehouse.statusCode).toBe(422);
    const check = await client.get('/api/check-email?email=a%00@b.de');
    expect(check.statusCode).toBe(422);
    const path = await owner.put('/api/warehouses/edit/1%00', { name: 'x', industry_id: 1, usage_id: 1 });
    expect(path.statusCode).toBe(404);
  });

  it.each([
    ['spaces', '     '],
    ['zero-width characters', '\u200B\u200B\uFEFF'],
    ['a mix', ' \u200B \u2060\t'],
  ])('treats a name of only %s as empty (422 required), not stored as ""', async (_label, name) => {
    const res = await owner.post('/api/admin/warehouse', { name, industry_id: 1, usage_id: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name[0]).toMatch(/required/i);
    const profile = await owner.put('/api/profile/update', { name });
    expect(profile.statusCode).toBe(422);
    const [me] = await app.ctx.db.select().from(users).where(eq(users.id, ownerUser.id));
    expect(me!.name).toBe(ownerUser.name);
  });

  it('trims names like Laravel but keeps passwords as typed', async () => {
    const client = new Client(app);
    const email = `trim-${Date.now()}@example.test`;
    const res = await client.post('/api/register', {
      name: '  Trimmed \u200B',
      email: `  ${email} `,
      password: ' spaced password ',
      password_confirmation: ' spaced password ',
      accept_terms: true,
    });
    expect(res.statusCode).toBe(201);
    const [user] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(user!.name).toBe('Trimmed');
    expect((await client.post('/api/login', { email, password: ' spaced password ' })).statusCode).toBe(200);
  });
});

describe('what the database refuses', () => {
  const pgError = (code: string, detail: string, table: string) =>
    Object.assign(new Error('Failed query: insert ...\nparams: secret'), {
      cause: Object.assign(new Error('db'), { code, detail, table }),
    });

  it('maps a unique violation to the contract 422 on the field the user typed', () => {
    const taken = mapDatabaseError(pgError('23505', 'Key (email)=(a@b.c) already exists.', 'users'));
    expect(taken).toBeInstanceOf(AppError);
    expect(taken).toMatchObject({ statusCode: 422, code: 'email.taken' });
    expect(taken!.options.errors).toHaveProperty('email');
    const name = mapDatabaseError(pgError('23505', 'Key (owner_id, name)=(1, x) already exists.', 'warehouses'));
    expect(name).toMatchObject({ statusCode: 422, code: 'warehouse.name_taken' });
    const role = mapDatabaseError(pgError('23505', 'Key (warehouse_id, name)=(1, x) already exists.', 'roles'));
    expect(role).toMatchObject({ statusCode: 422, code: 'role.name_taken' });
  });

  it('maps a row deleted meanwhile (foreign key) to 404 and a value out of range to 422', () => {
    const gone = mapDatabaseError(
      pgError('23503', 'Key (warehouse_id)=(7) is not present in table "warehouses".', 'roles'),
    );
    expect(gone).toMatchObject({ statusCode: 404, code: 'warehouse.not_found' });
    expect(mapDatabaseError(pgError('22003', 'integer out of range', 'roles'))).toMatchObject({ statusCode: 422 });
    expect(mapDatabaseError(pgError('22021', 'invalid byte sequence', 'users'))).toMatchObject({ statusCode: 422 });
    expect(mapDatabaseError(new TypeError('a real bug'))).toBeNull();
  });

  it('maps a lost connection to 503 with Retry-After', () => {
    const lost = mapDatabaseError(new Error('Connection terminated unexpectedly'));
    expect(lost).toMatchObject({ statusCode: 503, code: 'service.unavailable' });
    expect(lost!.options.headers).toEqual({ 'retry-after': '5' });
    const refused = mapDatabaseError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(refused).toMatchObject({ statusCode: 503 });
  });
});

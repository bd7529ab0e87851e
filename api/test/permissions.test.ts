import type { PermissionName } from '@lager/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { memberships, users } from '../src/db/schema';
import { buildTestApp, type Client, createUser, createWarehouse, loggedIn, openTestDatabase } from './helpers';

let database: Database;
let app: FastifyInstance;
const PERMISSIONS: PermissionName[] = [
  'create_role',
  'edit_role',
  'delete_role',
  'assign_user_role',
  'invite_user',
  'remove_user',
];

let owner: Client;
let warehouseId: number;
const members = new Map<PermissionName | 'none', Client>();
let n = 0;

beforeAll(async () => {
  database = await openTestDatabase(__filename);
  ({ app } = await buildTestApp(database));
  ({ client: owner } = await loggedIn(app));
  warehouseId = (await createWarehouse(owner)).id;
  for (const [index, permission] of [...PERMISSIONS, 'none' as const].entries()) {
    const roleId = permission === 'none' ? null : await newRole([index + 1]);
    const member = await loggedIn(app);
    await join(member.user.id, roleId);
    members.set(permission, member.client);
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function newRole(permissionIds: number[] = [1]): Promise<number> {
  const res = await owner.post('/api/admin/createrole', {
    name: `role-${++n}`,
    description: 'd',
    permissions: permissionIds,
  });
  return res.json().role.id;
}

async function join(userId: number, roleId: number | null) {
  await app.ctx.db.insert(memberships).values({ userId, warehouseId, roleId });
  await app.ctx.db.update(users).set({ currentWarehouseId: warehouseId }).where(eq(users.id, userId));
}

async function newMember(): Promise<number> {
  const user = await createUser(app);
  await join(user.id, null);
  return user.id;
}

type Call = (client: Client) => Promise<{ statusCode: number }>;
const calls: [string, PermissionName[], Call][] = [
  [
    'POST /api/admin/createrole',
    ['create_role'],
    (c) => c.post('/api/admin/createrole', { name: `new-${++n}`, permissions: [1, 2] }),
  ],
  ['GET /api/admin/updaterole/:id', ['edit_role'], async (c) => c.get(`/api/admin/updaterole/${await newRole()}`)],
  [
    'PUT /api/admin/updaterole/:id',
    ['edit_role'],
    async (c) => c.put(`/api/admin/updaterole/${await newRole()}`, { name: `edited-${++n}`, permissions: [3] }),
  ],
  [
    'DELETE /api/admin/deleterole',
    ['delete_role'],
    async (c) => c.delete('/api/admin/deleterole', { warehouse_id: warehouseId, role_id: await newRole() }),
  ],
  [
    'PATCH /api/admin/updateuserrole',
    ['assign_user_role'],
    async (c) =>
      c.patch('/api/admin/updateuserrole', {
        user_id: await newMember(),
        warehouse_id: warehouseId,
        new_role_id: await newRole(),
      }),
  ],
  [
    'POST /api/invitations/send',
    ['invite_user'],
    async (c) => c.post('/api/invitations/send', { email: (await createUser(app)).email, role_id: await newRole() }),
  ],
  [
    'DELETE /api/admin/warehouse/remove-users',
    ['remove_user'],
    async (c) => c.delete('/api/admin/warehouse/remove-users', { user_ids: [await newMember()] }),
  ],
  ['GET /api/admin/roles', PERMISSIONS, (c) => c.get('/api/admin/roles')],
  ['GET /api/admin/roles/:warehouse_id', PERMISSIONS, (c) => c.get(`/api/admin/roles/${warehouseId}`)],
];

describe.each(calls)('%s', (_name, allowed, call) => {
  it.each(PERMISSIONS)('with only %s', async (permission) => {
    const res = await call(members.get(permission)!);
    if (allowed.includes(permission)) expect(res.statusCode).toBeLessThan(300);
    else expect(res.statusCode).toBe(403);
  });

  it('403 with no role, 2xx for the owner', async () => {
    expect((await call(members.get('none')!)).statusCode).toBe(403);
    expect((await call(owner)).statusCode).toBeLessThan(300);
  });
});

describe('member list', () => {
  it('is readable by any member, not by outsiders', async () => {
    const res = await members.get('none')!.get(`/api/warehouse/${warehouseId}/users`);
    expect(res.statusCode).toBe(200);
    const list = res.json().users;
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      email: expect.any(String),
      pivot: { role_id: expect.anything() },
    });
    const { client: outsider } = await loggedIn(app);
    expect((await outsider.get(`/api/warehouse/${warehouseId}/users`)).statusCode).toBe(403);
    expect((await outsider.get('/api/warehouse/999999/users')).statusCode).toBe(404);
  });
});

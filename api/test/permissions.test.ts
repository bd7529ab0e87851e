import { PERMISSION_NAMES, type PermissionName } from '@lager/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invitations } from '../src/modules/invitations';
import type { Database } from '../src/platform/db/client';
import { memberships, rolePermissions, roles, users } from '../src/platform/tenancy/tables';
import { buildTestApp, type Client, createUser, createWarehouse, loggedIn, openTestDatabase } from './helpers';

let database: Database;
let app: FastifyInstance;
const PERMISSIONS: PermissionName[] = [...PERMISSION_NAMES];
/** Permission id of a name (ids follow the contract's order). */
const idOf = (name: PermissionName) => PERMISSIONS.indexOf(name) + 1;
const ALL_IDS = PERMISSIONS.map(idOf);

let owner: Client;
let warehouseId: number;
const members = new Map<PermissionName | 'none', Client>();
const memberIds = new Map<PermissionName | 'none', number>();
const memberRoles = new Map<PermissionName, number>();
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
    memberIds.set(permission, member.user.id);
    if (permission !== 'none') memberRoles.set(permission, roleId!);
  }
  // PGlite, eight accounts and seven roles: more than the default 30 s on a busy runner.
}, 120_000);
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
    (c) => c.post('/api/admin/createrole', { name: `new-${++n}`, permissions: [idOf('create_role')] }),
  ],
  ['GET /api/admin/updaterole/:id', ['edit_role'], async (c) => c.get(`/api/admin/updaterole/${await newRole()}`)],
  [
    'PUT /api/admin/updaterole/:id',
    ['edit_role'],
    async (c) =>
      c.put(`/api/admin/updaterole/${await newRole()}`, { name: `edited-${++n}`, permissions: [idOf('edit_role')] }),
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
        new_role_id: await newRole([idOf('assign_user_role')]),
      }),
  ],
  [
    'POST /api/invitations/send',
    ['invite_user'],
    async (c) =>
      c.post('/api/invitations/send', {
        email: (await createUser(app)).email,
        role_id: await newRole([idOf('invite_user')]),
      }),
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

// Issue 18 item 2: nobody but the owner grants, assigns or edits a role to include a permission they
// do not hold, and nobody edits the role they hold.
describe('no privilege escalation', () => {
  const permissionIdsOf = async (roleId: number) =>
    (await app.ctx.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId)))
      .map((r) => r.permissionId)
      .sort();

  it('invite_user cannot invite (a second account of their own) into a richer role', async () => {
    const second = await createUser(app);
    const richest = await newRole(ALL_IDS);
    const res = await members
      .get('invite_user')!
      .post('/api/invitations/send', { email: second.email, role_id: richest });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('role.permission_not_held');
    const open = await app.ctx.db.select().from(invitations).where(eq(invitations.email, second.email));
    expect(open).toHaveLength(0);
    // The same invitation into a role within what they hold is fine.
    const modest = await newRole([idOf('invite_user')]);
    const ok = await members
      .get('invite_user')!
      .post('/api/invitations/send', { email: second.email, role_id: modest });
    expect(ok.statusCode).toBe(201);
  });

  it('edit_role cannot edit the role they hold, not even to what it already has', async () => {
    const own = memberRoles.get('edit_role')!;
    for (const permissions of [ALL_IDS, [idOf('edit_role')]]) {
      const res = await members.get('edit_role')!.put(`/api/admin/updaterole/${own}`, { name: 'mine', permissions });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('role.own_role');
    }
    expect(await permissionIdsOf(own)).toEqual([idOf('edit_role')]);
  });

  it('edit_role cannot add a permission they lack to another role', async () => {
    const other = await newRole([idOf('edit_role')]);
    const res = await members.get('edit_role')!.put(`/api/admin/updaterole/${other}`, {
      name: `widened-${++n}`,
      permissions: [idOf('edit_role'), idOf('remove_user')],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('role.permission_not_held');
    expect(await permissionIdsOf(other)).toEqual([idOf('edit_role')]);
  });

  it('create_role cannot create a role with a permission they lack', async () => {
    const name = `rich-${++n}`;
    const res = await members.get('create_role')!.post('/api/admin/createrole', { name, permissions: ALL_IDS });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('role.permission_not_held');
    expect(await app.ctx.db.select().from(roles).where(eq(roles.name, name))).toHaveLength(0);
  });

  it('assign_user_role cannot assign a richer role, to others or to a second account', async () => {
    const target = await newMember();
    const richest = await newRole(ALL_IDS);
    const res = await members.get('assign_user_role')!.patch('/api/admin/updateuserrole', {
      user_id: target,
      warehouse_id: warehouseId,
      new_role_id: richest,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('role.permission_not_held');
    const [membership] = await app.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, target), eq(memberships.warehouseId, warehouseId)));
    expect(membership!.roleId).toBeNull();
  });

  it('a member holding all six may grant any of them but still not edit their own role', async () => {
    const allRole = await newRole(ALL_IDS);
    const { user, client } = await loggedIn(app);
    await join(user.id, allRole);
    expect((await client.post('/api/admin/createrole', { name: `full-${++n}`, permissions: ALL_IDS })).statusCode).toBe(
      201,
    );
    const own = await client.put(`/api/admin/updaterole/${allRole}`, { name: 'all', permissions: ALL_IDS });
    expect(own.json().code).toBe('role.own_role');
  });

  it('the owner may do all of it', async () => {
    const ownerRoleEdit = await owner.put(`/api/admin/updaterole/${await newRole()}`, {
      name: `owner-${++n}`,
      permissions: ALL_IDS,
    });
    expect(ownerRoleEdit.statusCode).toBe(200);
    const invite = await owner.post('/api/invitations/send', {
      email: (await createUser(app)).email,
      role_id: await newRole(ALL_IDS),
    });
    expect(invite.statusCode).toBe(201);
  });
});

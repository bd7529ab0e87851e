import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/platform/db/client';
import type { OutboxMail } from '../src/platform/mail/transport';
import { Client, createUser, createWarehouse, loggedIn, PASSWORD, useTestApp } from './helpers';

let database: Database;
let app: FastifyInstance;
let sent: OutboxMail[];

useTestApp(__filename, (t) => ({ database, app, sent } = t));

const tokenFrom = (mail: OutboxMail, action: 'accept' | 'decline') =>
  mail.text.match(new RegExp(`http://web\\.test/invitations/${action}/(\\S+)`))![1]!;

/** Owner with a warehouse and a role; a second verified user who joins through an invitation. */
async function setup() {
  const owner = await loggedIn(app);
  const warehouse = await createWarehouse(owner.client);
  const role = (
    await owner.client.post('/api/admin/createrole', { name: 'Staff', description: 'x', permissions: [5] })
  ).json().role;
  const guest = await loggedIn(app);
  return { owner, warehouse, role, guest };
}

async function invite(owner: Client, email: string, roleId: number) {
  const res = await owner.post('/api/invitations/send', { email, role_id: roleId });
  expect(res.statusCode).toBe(201);
  return sent.filter((m) => m.to === email).at(-1)!;
}

describe('invitations', () => {
  it('send → accept makes a member with the role and the current warehouse; again → 400', async () => {
    const { owner, warehouse, role, guest } = await setup();
    const mail = await invite(owner.client, guest.user.email, role.id);
    expect(mail.text).toContain('http://web.test/invitations/decline/');
    const token = tokenFrom(mail, 'accept');
    const res = await guest.client.post(`/api/invitations/accept/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation accepted.', warehouse_id: warehouse.id });
    expect((await guest.client.get('/api/user')).json().current_warehouse_id).toBe(warehouse.id);
    expect((await guest.client.get('/api/mywarehouses')).json().warehouses[0].user_role).toBe('Staff');
    expect((await guest.client.get('/api/user/permissions')).json().permissions).toEqual(['invite_user']);
    const again = await guest.client.post(`/api/invitations/decline/${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This invitation has already been processed.');
  });

  it('decline leaves no membership; unknown token 404; wrong user 403; logged out 401', async () => {
    const { owner, role, guest } = await setup();
    const token = tokenFrom(await invite(owner.client, guest.user.email, role.id), 'decline');
    expect((await owner.client.post(`/api/invitations/accept/${token}`)).statusCode).toBe(403);
    const anon = new Client(app);
    expect((await anon.post(`/api/invitations/accept/${token}`)).statusCode).toBe(401);
    const res = await guest.client.post(`/api/invitations/decline/${token}`);
    expect(res.statusCode).toBe(200);
    expect((await guest.client.get('/api/mywarehouses')).json().warehouses).toEqual([]);
    expect((await guest.client.post(`/api/invitations/accept/${token}`)).statusCode).toBe(400);
    expect((await guest.client.post('/api/invitations/accept/not-a-token')).statusCode).toBe(404);
  });

  it('names each refusal with the catalogue text and code', async () => {
    const { owner, role, guest } = await setup();
    const send = (email: string) => owner.client.post('/api/invitations/send', { email, role_id: role.id });
    const expectError = async (email: string, message: string, code: string) => {
      const res = await send(email);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message, code });
    };
    await expectError(
      'ghost@example.test',
      'This email is not associated with a registered user.',
      'invite.not_registered',
    );
    await expectError(owner.user.email, 'You cannot invite yourself.', 'invite.self');
    await invite(owner.client, guest.user.email, role.id);
    await expectError(guest.user.email, 'An invitation for this user already exists.', 'invite.exists');
    const member = await loggedIn(app);
    const token = tokenFrom(await invite(owner.client, member.user.email, role.id), 'accept');
    await member.client.post(`/api/invitations/accept/${token}`);
    await expectError(member.user.email, 'The user is already a member of this warehouse.', 'invite.already_member');
    owner.client.lang = 'de';
    expect((await send('ghost@example.test')).json().message).toBe(
      'Diese E-Mail-Adresse gehört zu keinem registrierten Benutzer.',
    );
    const other = await createUser(app);
    expect((await owner.client.post('/api/invitations/send', { email: other.email, role_id: 1 })).statusCode).toBe(422);
    expect((await owner.client.post('/api/invitations/send', { email: 'bad', role_id: role.id })).statusCode).toBe(422);
  });

  it('writes the invitation mail in the invitee language', async () => {
    const { owner, role } = await setup();
    const german = await createUser(app);
    const mail = await invite(owner.client, german.email, role.id);
    expect(mail.subject).toMatch(/^Einladung/);
  });
});

describe('roles', () => {
  it('creates, lists (without the owner role), reads and updates roles', async () => {
    const { owner, warehouse, role } = await setup();
    expect(role).toEqual({
      id: expect.any(Number),
      name: 'Staff',
      description: 'x',
      permissions: [{ id: 5, name: 'invite_user', description: 'Invite users' }],
    });
    const list = (await owner.client.get('/api/admin/roles')).json().roles;
    expect(list).toEqual([{ id: role.id, name: 'Staff', description: 'x' }]);
    expect((await owner.client.get(`/api/admin/roles/${warehouse.id}`)).json().roles).toEqual(list);
    const read = await owner.client.get(`/api/admin/updaterole/${role.id}`);
    expect(read.json().role.permissions.map((p: { id: number }) => p.id)).toEqual([5]);
    const put = await owner.client.put(`/api/admin/updaterole/${role.id}`, {
      name: 'Crew',
      description: null,
      permissions: [1, 2],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().role).toMatchObject({ name: 'Crew', description: null, permissions: [{ id: 1 }, { id: 2 }] });
  });

  it('validates names and permissions, protects the owner role, 404 for unknown roles', async () => {
    const { owner, role } = await setup();
    const dup = await owner.client.post('/api/admin/createrole', { name: 'Staff', permissions: [1] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toHaveProperty('name');
    expect(
      (await owner.client.post('/api/admin/createrole', { name: 'Empty', permissions: [] })).json().errors,
    ).toHaveProperty('permissions');
    expect((await owner.client.post('/api/admin/createrole', { name: 'Bad', permissions: [99] })).statusCode).toBe(422);
    expect((await owner.client.get('/api/admin/updaterole/1')).statusCode).toBe(403);
    expect((await owner.client.put('/api/admin/updaterole/1', { name: 'x', permissions: [1] })).statusCode).toBe(403);
    expect((await owner.client.get('/api/admin/updaterole/999999')).statusCode).toBe(404);
    expect((await owner.client.delete('/api/admin/deleterole', { role_id: 1 })).statusCode).toBe(403);
    expect((await owner.client.delete('/api/admin/deleterole', { role_id: 999999 })).statusCode).toBe(404);
    expect(role.id).toBeGreaterThan(1);
  });

  it('deleting a role leaves its members with role_id null', async () => {
    const { owner, warehouse, role, guest } = await setup();
    await guest.client.post(
      `/api/invitations/accept/${tokenFrom(await invite(owner.client, guest.user.email, role.id), 'accept')}`,
    );
    const res = await owner.client.delete('/api/admin/deleterole', { warehouse_id: warehouse.id, role_id: role.id });
    expect(res.statusCode).toBe(200);
    const members = (await owner.client.get(`/api/warehouse/${warehouse.id}/users`)).json().users;
    expect(members.find((m: { id: number }) => m.id === guest.user.id).pivot).toEqual({ role_id: null });
    expect((await guest.client.get('/api/mywarehouses')).json().warehouses[0].user_role).toBeNull();
  });
});

describe('assign and remove', () => {
  async function withMember() {
    const s = await setup();
    await s.guest.client.post(
      `/api/invitations/accept/${tokenFrom(await invite(s.owner.client, s.guest.user.email, s.role.id), 'accept')}`,
    );
    return s;
  }

  it('assigns a warehouse role; never the owner role, never to oneself or the owner', async () => {
    const { owner, warehouse, guest } = await withMember();
    const other = (await owner.client.post('/api/admin/createrole', { name: 'Other', permissions: [6] })).json().role;
    const body = { user_id: guest.user.id, warehouse_id: warehouse.id, new_role_id: other.id };
    expect((await owner.client.patch('/api/admin/updateuserrole', body)).statusCode).toBe(200);
    expect((await guest.client.get('/api/user/permissions')).json().permissions).toEqual(['remove_user']);
    expect((await owner.client.patch('/api/admin/updateuserrole', { ...body, new_role_id: 1 })).statusCode).toBe(403);
    expect(
      (await owner.client.patch('/api/admin/updateuserrole', { ...body, user_id: owner.user.id })).statusCode,
    ).toBe(403);
    // The guest (remove_user only) may not assign; with assign rights they still cannot touch the owner.
    expect(
      (await guest.client.patch('/api/admin/updateuserrole', { ...body, user_id: owner.user.id })).statusCode,
    ).toBe(403);
    const stranger = await createUser(app);
    expect((await owner.client.patch('/api/admin/updateuserrole', { ...body, user_id: stranger.id })).statusCode).toBe(
      404,
    );
    const foreign = await setup();
    expect(
      (await owner.client.patch('/api/admin/updateuserrole', { ...body, new_role_id: foreign.role.id })).statusCode,
    ).toBe(422);
    expect((await owner.client.patch('/api/admin/updateuserrole', { ...body, new_role_id: null })).statusCode).toBe(
      200,
    );
  });

  it('removes members, never oneself or the owner', async () => {
    const { owner, warehouse, guest } = await withMember();
    expect(
      (await owner.client.delete('/api/admin/warehouse/remove-users', { user_ids: [owner.user.id] })).statusCode,
    ).toBe(403);
    const res = await owner.client.delete('/api/admin/warehouse/remove-users', { user_ids: [guest.user.id] });
    expect(res.json()).toEqual({ message: 'Users removed successfully.', removed: 1 });
    expect((await guest.client.get('/api/mywarehouses')).json().warehouses).toEqual([]);
    expect((await guest.client.get('/api/user')).json().current_warehouse_id).toBeNull();
    expect((await owner.client.delete('/api/admin/warehouse/remove-users', { user_ids: [] })).statusCode).toBe(422);
    expect(warehouse.id).toBeGreaterThan(0);
  });
});

describe('cross-warehouse isolation', () => {
  it('an owner of A can neither read nor change anything of B', async () => {
    const a = await setup();
    const b = await setup();
    const c = a.owner.client;
    const B = b.warehouse.id;
    expect((await c.get(`/api/warehouse/${B}/users`)).statusCode).toBe(403);
    expect((await c.get(`/api/admin/roles/${B}`)).statusCode).toBe(403);
    expect((await c.get(`/api/warehouses/edit/${B}`)).statusCode).toBe(403);
    expect((await c.put(`/api/warehouses/edit/${B}`, { name: 'x', industry_id: 1, usage_id: 1 })).statusCode).toBe(403);
    expect((await c.get(`/api/admin/updaterole/${b.role.id}`)).statusCode).toBe(403);
    expect((await c.put(`/api/admin/updaterole/${b.role.id}`, { name: 'x', permissions: [1] })).statusCode).toBe(403);
    expect((await c.post('/api/admin/createrole', { name: 'x', permissions: [1], warehouse_id: B })).statusCode).toBe(
      403,
    );
    expect((await c.delete('/api/admin/deleterole', { warehouse_id: B, role_id: b.role.id })).statusCode).toBe(403);
    // A's own warehouse id with B's role: the role is not found there.
    expect(
      (await c.delete('/api/admin/deleterole', { warehouse_id: a.warehouse.id, role_id: b.role.id })).statusCode,
    ).toBe(404);
    const assign = { user_id: b.owner.user.id, warehouse_id: B, new_role_id: b.role.id };
    expect((await c.patch('/api/admin/updateuserrole', assign)).statusCode).toBe(403);
    expect(
      (await c.delete('/api/admin/warehouse/remove-users', { user_ids: [b.owner.user.id], warehouse_id: B }))
        .statusCode,
    ).toBe(403);
    expect(
      (await c.post('/api/invitations/send', { email: a.guest.user.email, role_id: b.role.id, warehouse_id: B }))
        .statusCode,
    ).toBe(403);
    expect((await c.patch('/api/profile/setwarehouse', { warehouse_id: B })).statusCode).toBe(403);
    expect((await c.delete(`/api/warehouse/${B}/leave`, { password: PASSWORD })).statusCode).toBe(404);
    expect(
      (await c.post('/api/admin/warehouse/delete', { warehouse_ids: [B], password: PASSWORD })).json().deleted,
    ).toBe(0);
    expect((await b.owner.client.get(`/api/admin/roles/${B}`)).json().roles).toHaveLength(1);
  });
});

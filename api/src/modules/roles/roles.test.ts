import { useAdminApp } from '../../../test/admin-fixture';

const { setup, invite, tokenFrom } = useAdminApp(__filename);

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

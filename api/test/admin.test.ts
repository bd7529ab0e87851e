import { useAdminApp } from './admin-fixture';
import { PASSWORD } from './helpers';

const { setup } = useAdminApp(__filename);

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

import { useAdminApp } from '../../../test/admin-fixture';
import { createUser } from '../../../test/helpers';

const { t, setup, invite, tokenFrom } = useAdminApp(__filename);

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
    const stranger = await createUser(t.app);
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

import { useAdminApp } from '../../../test/admin-fixture';
import { Client, createUser, loggedIn } from '../../../test/helpers';

const { t, setup, invite, tokenFrom } = useAdminApp(__filename);

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
    const anon = new Client(t.app);
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
    const member = await loggedIn(t.app);
    const token = tokenFrom(await invite(owner.client, member.user.email, role.id), 'accept');
    await member.client.post(`/api/invitations/accept/${token}`);
    await expectError(member.user.email, 'The user is already a member of this warehouse.', 'invite.already_member');
    owner.client.lang = 'de';
    expect((await send('ghost@example.test')).json().message).toBe(
      'Diese E-Mail-Adresse gehört zu keinem registrierten Benutzer.',
    );
    const other = await createUser(t.app);
    expect((await owner.client.post('/api/invitations/send', { email: other.email, role_id: 1 })).statusCode).toBe(422);
    expect((await owner.client.post('/api/invitations/send', { email: 'bad', role_id: role.id })).statusCode).toBe(422);
  });

  it('writes the invitation mail in the invitee language', async () => {
    const { owner, role } = await setup();
    const german = await createUser(t.app);
    const mail = await invite(owner.client, german.email, role.id);
    expect(mail.subject).toMatch(/^Einladung/);
  });
});

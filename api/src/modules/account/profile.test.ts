import { ALL_PERMISSION_NAMES } from '@lager/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Client, createUser, createWarehouse, loggedIn, PASSWORD, useTestApp } from '../../../test/helpers';
import type { Database } from '../../platform/db/client';
import type { OutboxMail } from '../../platform/mail/transport';
import { memberships, sessions, users, warehouses } from '../../platform/tenancy/tables';
import { invitations } from '../invitations';

let database: Database;
let app: FastifyInstance;
let sent: OutboxMail[];

useTestApp(__filename, (t) => ({ database, app, sent } = t));

describe('GET /api/user', () => {
  it('answers 401 when logged out', async () => {
    const res = await new Client(app).get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.', code: 'auth.unauthenticated' });
  });
});

describe('profile update', () => {
  it('changes the name', async () => {
    const { client } = await loggedIn(app);
    const res = await client.put('/api/profile/update', { name: 'New Name' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('New Name');
  });

  it('clears verification and mails a new link when the e-mail changes', async () => {
    const { client } = await loggedIn(app);
    const before = sent.length;
    const res = await client.put('/api/profile/update', { email: 'Changed-Address@Example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'changed-address@example.test', email_verified_at: null });
    const link = sent.slice(before).find((m) => m.to === 'changed-address@example.test');
    expect(link?.text).toContain('/email/verify/');
    expect((await client.get('/api/mywarehouses')).statusCode).toBe(403);
  });

  // Issue 18 item 8: the form asks no password, so a hijacked session must not take an account over unnoticed.
  it('tells the old address about the change, in the account language', async () => {
    const { user, client } = await loggedIn(app);
    const before = sent.length;
    await app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, user.id));
    const res = await client.put('/api/profile/update', { email: `moved-${user.id}@example.test` });
    expect(res.statusCode).toBe(200);
    const notice = sent.slice(before).find((m) => m.to === user.email);
    expect(notice?.subject).toBe('Your email address was changed');
    expect(notice?.text).toContain(`moved-${user.id}@example.test`);
    expect(notice?.text).toContain('http://web.test/forgot-password');
    // A name-only change or the same address sends nothing to anyone.
    const count = sent.length;
    await client.put('/api/profile/update', { name: 'Same Address', email: `moved-${user.id}@example.test` });
    expect(sent.length).toBe(count);
  });

  it('rejects a taken e-mail with errors.email containing "already taken", and an empty update', async () => {
    const other = await createUser(app);
    const { client } = await loggedIn(app);
    const res = await client.put('/api/profile/update', { email: other.email });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toContain('already taken');
    client.lang = 'de';
    expect((await client.put('/api/profile/update', { email: other.email })).json().errors.email[0]).toContain(
      'already taken',
    );
    expect((await client.put('/api/profile/update', {})).statusCode).toBe(422);
    expect((await client.put('/api/profile/update', { email: 'not-an-email' })).statusCode).toBe(422);
    expect((await new Client(app).put('/api/profile/update', { name: 'x' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('rejects a wrong current password with the German catalogue text', async () => {
    const { client } = await loggedIn(app);
    client.lang = 'de';
    const res = await client.put('/api/profile/password', {
      current_password: 'wrong-password',
      password: 'another-pass',
      password_confirmation: 'another-pass',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Das aktuelle Passwort ist nicht korrekt.');
    expect(res.json().errors.current_password).toEqual(['Das aktuelle Passwort ist nicht korrekt.']);
  });

  it('changes the password and rejects short or unconfirmed ones', async () => {
    const { user, client } = await loggedIn(app);
    const short = await client.put('/api/profile/password', {
      current_password: PASSWORD,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password[0]).toBe('The password field must be at least 8 characters.');
    const mismatch = await client.put('/api/profile/password', {
      current_password: PASSWORD,
      password: 'another-pass',
      password_confirmation: 'x',
    });
    expect(mismatch.statusCode).toBe(422);
    const ok = await client.put('/api/profile/password', {
      current_password: PASSWORD,
      password: 'another-pass',
      password_confirmation: 'another-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect((await new Client(app).post('/api/login', { email: user.email, password: 'another-pass' })).statusCode).toBe(
      200,
    );
  });
});

describe('account deletion', () => {
  it('needs the password: 422 without, 403 "Incorrect password" when wrong', async () => {
    const { client } = await loggedIn(app);
    expect((await client.delete('/api/profile/delete', {})).statusCode).toBe(422);
    const wrong = await client.delete('/api/profile/delete', { password: 'wrong-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('Incorrect password');
    client.lang = 'de';
    expect((await client.delete('/api/profile/delete', { password: 'wrong-password' })).json().message).toContain(
      'Incorrect password',
    );
  });

  it('deletes owned warehouses, memberships, invitations and sessions', async () => {
    const { user, client } = await loggedIn(app);
    const owned = await createWarehouse(client);
    const { user: host, client: hostClient } = await loggedIn(app);
    const guestOf = await createWarehouse(hostClient);
    await app.ctx.db.insert(memberships).values({ userId: user.id, warehouseId: guestOf.id, roleId: null });
    const { user: invitee } = await loggedIn(app);
    const role = (await client.post('/api/admin/createrole', { name: 'R', permissions: [1] })).json().role;
    expect((await client.post('/api/invitations/send', { email: invitee.email, role_id: role.id })).statusCode).toBe(
      201,
    );
    await app.ctx.db.insert(invitations).values({
      warehouseId: guestOf.id,
      inviterId: host.id,
      email: user.email,
      roleId: null,
      tokenHash: 'f'.repeat(64),
    });

    expect((await client.delete('/api/profile/delete', { password: PASSWORD })).statusCode).toBe(204);
    const { db } = app.ctx;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await db.select().from(warehouses).where(eq(warehouses.id, owned.id))).toHaveLength(0);
    expect(await db.select().from(memberships).where(eq(memberships.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(invitations).where(eq(invitations.warehouseId, owned.id))).toHaveLength(0);
    expect(await db.select().from(invitations).where(eq(invitations.email, user.email))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(warehouses).where(eq(warehouses.id, guestOf.id))).toHaveLength(1);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});

describe('current warehouse and permissions', () => {
  it('switches only to warehouses the user belongs to', async () => {
    const { client } = await loggedIn(app);
    const a = await createWarehouse(client);
    const b = await createWarehouse(client);
    expect((await client.get('/api/user')).json().current_warehouse_id).toBe(b.id);
    const res = await client.patch('/api/profile/setwarehouse', { warehouse_id: a.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.current_warehouse_id).toBe(a.id);
    const { client: stranger } = await loggedIn(app);
    expect((await stranger.patch('/api/profile/setwarehouse', { warehouse_id: a.id })).statusCode).toBe(403);
    expect((await stranger.patch('/api/profile/setwarehouse', {})).statusCode).toBe(422);
  });

  it('lists the permissions in the current warehouse (owner: every one, user and stock)', async () => {
    const { client } = await loggedIn(app);
    expect((await client.get('/api/user/permissions')).json()).toEqual({ permissions: [] });
    await createWarehouse(client);
    expect((await client.get('/api/user/permissions')).json().permissions.sort()).toEqual(
      [...ALL_PERMISSION_NAMES].sort(),
    );
    expect((await new Client(app).get('/api/user/permissions')).statusCode).toBe(401);
  });
});

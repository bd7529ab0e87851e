/**
 * Issue 18 item 6: consuming a token is one conditional update only one request can win, and
 * membership and current warehouse change together. Runs on PGlite and (CI) on PostgreSQL,
 * where the requests really overlap.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invitations } from '../src/modules/invitations';
import type { Database } from '../src/platform/db/client';
import type { OutboxMail } from '../src/platform/mail/transport';
import { verificationUrl } from '../src/platform/security/tokens';
import { memberships, users } from '../src/platform/tenancy/tables';
import { Client, createUser, createWarehouse, loggedIn, useTestApp } from './helpers';

let database: Database;
let app: FastifyInstance;
let sent: OutboxMail[];

useTestApp(__filename, (t) => ({ database, app, sent } = t));

/** n clients that already hold a CSRF cookie, so their writes start together. */
async function clients(n: number) {
  const list = Array.from({ length: n }, () => new Client(app));
  await Promise.all(list.map((c) => c.csrf()));
  return list;
}

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('password reset token', () => {
  it('used by 10 parallel requests: exactly one 200, the others 422, and the winner’s password holds', async () => {
    const user = await createUser(app);
    await new Client(app).post('/api/forgot-password', { email: user.email });
    const mail = sent.filter((m) => m.to === user.email).at(-1)!;
    const link = new URL(mail.text.match(/http:\/\/web\.test\/reset-password\S+/)![0]);
    const token = link.searchParams.get('token')!;

    const racers = await clients(10);
    const responses = await Promise.all(
      racers.map((c, i) =>
        c.post('/api/reset-password', {
          token,
          email: user.email,
          password: `new-password-${i}`,
          password_confirmation: `new-password-${i}`,
        }),
      ),
    );
    expect(statuses(responses)).toEqual([200, ...Array(9).fill(422)]);
    for (const res of responses.filter((r) => r.statusCode === 422))
      expect(res.json().code).toBe('reset.invalid_token');

    const winner = responses.findIndex((r) => r.statusCode === 200);
    const logins = await Promise.all(
      racers.map((_, i) => new Client(app).post('/api/login', { email: user.email, password: `new-password-${i}` })),
    );
    expect(logins.map((r, i) => (r.statusCode === 200 ? i : -1)).filter((i) => i >= 0)).toEqual([winner]);
  });
});

describe('invitation token', () => {
  /** An owner's warehouse with a role, and a guest invited into it with that role: the token of the mail. */
  async function invited() {
    const owner = await loggedIn(app);
    const warehouse = await createWarehouse(owner.client);
    const role = (await owner.client.post('/api/admin/createrole', { name: 'r', permissions: [5] })).json().role.id;
    const guest = await loggedIn(app);
    await owner.client.post('/api/invitations/send', { email: guest.user.email, role_id: role });
    const mail = sent.filter((m) => m.to === guest.user.email).at(-1)!;
    return { warehouse, role: role as number, guest, token: mail.text.match(/invitations\/accept\/(\S+)/)![1]! };
  }

  it('accepted 10 times at once: one 200, nine 400, one membership', async () => {
    const { warehouse, role, guest, token } = await invited();

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => guest.client.post(`/api/invitations/accept/${token}`)),
    );
    expect(statuses(responses)).toEqual([200, ...Array(9).fill(400)]);
    const rows = await app.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, guest.user.id), eq(memberships.warehouseId, warehouse.id)));
    expect(rows).toEqual([expect.objectContaining({ roleId: role })]);
  });

  it('accepted and declined at once: exactly one outcome', async () => {
    const { warehouse, guest, token } = await invited();

    const [accept, decline] = await Promise.all([
      guest.client.post(`/api/invitations/accept/${token}`),
      guest.client.post(`/api/invitations/decline/${token}`),
    ]);
    expect(statuses([accept!, decline!])).toEqual([200, 400]);
    const [invitation] = await app.ctx.db.select().from(invitations).where(eq(invitations.email, guest.user.email));
    const member = await app.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, guest.user.id), eq(memberships.warehouseId, warehouse.id)));
    expect(member.length).toBe(invitation!.status === 'accepted' ? 1 : 0);
  });
});

describe('verification link', () => {
  it('used 10 times at once: every answer 200, verified once, the moment not overwritten later', async () => {
    const { user, client } = await loggedIn(app, { verified: false });
    const link = new URL(verificationUrl('http://web.test', 'test-app-key', user.id, user.email));
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => client.get(`/api${link.pathname}${link.search}`)),
    );
    expect(statuses(responses)).toEqual(Array(10).fill(200));
    const [first] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(first!.emailVerifiedAt).toBeInstanceOf(Date);
    await client.get(`/api${link.pathname}${link.search}`);
    const [again] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(again!.emailVerifiedAt).toEqual(first!.emailVerifiedAt);
  });
});

describe('remove member ‖ that member switches to the warehouse', () => {
  it('never leaves current_warehouse_id pointing at a warehouse the user left (20 rounds)', async () => {
    const owner = await loggedIn(app);
    const warehouse = await createWarehouse(owner.client);
    for (let round = 0; round < 20; round++) {
      const member = await loggedIn(app);
      await app.ctx.db.insert(memberships).values({ userId: member.user.id, warehouseId: warehouse.id, roleId: null });
      await member.client.csrf();
      const [removal, change] = await Promise.all([
        owner.client.delete('/api/admin/warehouse/remove-users', {
          user_ids: [member.user.id],
          warehouse_id: warehouse.id,
        }),
        member.client.patch('/api/profile/setwarehouse', { warehouse_id: warehouse.id }),
      ]);
      expect(removal!.statusCode).toBe(200);
      expect([200, 403]).toContain(change!.statusCode);
      const [row] = await app.ctx.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row!.currentWarehouseId).not.toBe(warehouse.id);
    }
  });
});

describe('registration', () => {
  it('of one address 20 times at once: one 201, the others the contract’s 422 email.taken, no 500', async () => {
    const racers = await clients(20);
    const body = { name: 'Racer', password: 'secret-password', password_confirmation: 'secret-password' };
    const responses = await Promise.all(
      racers.map((c) => c.post('/api/register', { ...body, email: 'racer@example.test', accept_terms: true })),
    );
    expect(statuses(responses)).toEqual([201, ...Array(19).fill(422)]);
    for (const res of responses.filter((r) => r.statusCode === 422)) expect(res.json().code).toBe('email.taken');
  });
});

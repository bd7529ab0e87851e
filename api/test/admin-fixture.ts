import type { FastifyInstance } from 'fastify';
import type { OutboxMail } from '../src/platform/mail/transport';
import { type Client, createWarehouse, loggedIn, type TestApp, useTestApp } from './helpers';

/**
 * The set-up the warehouse-administration suites share (invitations, roles, members): an app per
 * file, an owner with a warehouse and a role, a second verified user, and an invitation by mail.
 */
export function useAdminApp(file: string) {
  let app: FastifyInstance;
  let sent: OutboxMail[];
  const t = {} as TestApp;
  useTestApp(file, (opened) => {
    ({ app, sent } = opened);
    Object.assign(t, opened);
  });

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

  return { t, setup, invite, tokenFrom };
}

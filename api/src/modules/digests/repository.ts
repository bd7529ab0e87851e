import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { rolePermissionNamesColumn } from '../../platform/tenancy/access';
import { memberships, users, warehouses } from '../../platform/tenancy/tables';
import { digestJobs, digestMails, type SubscriptionRow, digestSubscriptions as s } from './tables';

/** What a transaction callback receives (drizzle's tx has the same query API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Creates or changes the subscription; a new one reports what goes low from now on. */
export async function upsertSubscription(
  db: Db,
  values: { userId: number; warehouseId: number; hour: number; timeZone: string },
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(s)
    .values(values)
    .onConflictDoUpdate({ target: [s.userId, s.warehouseId], set: { hour: values.hour, timeZone: values.timeZone } })
    .returning();
  return row!;
}

export async function deleteSubscription(db: Db, where: { userId: number; warehouseId?: number; id?: number }) {
  const rows = await db
    .delete(s)
    .where(
      and(
        eq(s.userId, where.userId),
        where.warehouseId === undefined ? undefined : eq(s.warehouseId, where.warehouseId),
        where.id === undefined ? undefined : eq(s.id, where.id),
      ),
    )
    .returning({ id: s.id });
  return rows.length > 0;
}

export async function findSubscription(db: Db, id: number) {
  const [row] = await db
    .select({ subscription: s, language: users.language, warehouseName: warehouses.name })
    .from(s)
    .innerJoin(users, eq(users.id, s.userId))
    .innerJoin(warehouses, eq(warehouses.id, s.warehouseId))
    .where(eq(s.id, id))
    .limit(1);
  return row ?? null;
}

export const allSubscriptions = (db: Db) =>
  db.select({ id: s.id, hour: s.hour, timeZone: s.timeZone }).from(s).orderBy(asc(s.id));

/**
 * One job per subscription and local day; a second instance inserting the same finds it there.
 * A day whose check found nothing (`empty`) is checked again at every run of that day, so an
 * article that goes low later the same day is still reported that day; a day that sent its
 * digest (`sent`) or was `denied` stays closed (at most one mail a day).
 */
export async function insertJobs(db: Db, jobs: { subscriptionId: number; localDay: string }[]) {
  if (!jobs.length) return 0;
  const rows = await db
    .insert(digestJobs)
    .values(jobs)
    .onConflictDoUpdate({
      target: [digestJobs.subscriptionId, digestJobs.localDay],
      set: { state: 'pending', doneAt: null },
      setWhere: sql`${digestJobs.state} = 'empty'`,
    })
    .returning({ id: digestJobs.id });
  return rows.length;
}

export interface ClaimedJob {
  id: number;
  subscriptionId: number;
  userId: number;
  warehouseId: number;
  reportedUntil: Date;
  email: string;
  name: string;
  language: string;
  warehouseName: string;
  now: Date;
}

/**
 * The oldest pending job nobody else holds, locked until this transaction ends: a second
 * instance skips it, and a crashed one releases it with its connection (the job stays pending).
 */
export async function claimJob(tx: Tx): Promise<ClaimedJob | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      SELECT j.id, j.subscription_id, s.user_id, s.warehouse_id, s.reported_until, u.email, u.name, u.language,
             w.name AS warehouse_name, now() AS now
      FROM ${digestJobs} j
      JOIN ${s} s ON s.id = j.subscription_id
      JOIN ${users} u ON u.id = s.user_id
      JOIN ${warehouses} w ON w.id = s.warehouse_id
      WHERE j.state = 'pending'
      ORDER BY j.id
      LIMIT 1
      FOR UPDATE OF j SKIP LOCKED`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    subscriptionId: Number(row.subscription_id),
    userId: Number(row.user_id),
    warehouseId: Number(row.warehouse_id),
    reportedUntil: new Date(row.reported_until as string),
    email: String(row.email),
    name: String(row.name),
    language: String(row.language),
    warehouseName: String(row.warehouse_name),
    now: new Date(row.now as string),
  };
}

export async function finishJob(tx: Tx, job: ClaimedJob, state: 'sent' | 'empty' | 'denied') {
  await tx.update(digestJobs).set({ state, doneAt: sql`now()` }).where(eq(digestJobs.id, job.id));
  if (state === 'sent') {
    await tx.update(s).set({ reportedUntil: job.now }).where(eq(s.id, job.subscriptionId));
  }
}

export async function insertMail(tx: Tx, jobId: number, mail: Omit<typeof digestMails.$inferInsert, 'jobId'>) {
  await tx.insert(digestMails).values({ ...mail, jobId });
}

/** The oldest unsent mail nobody else is sending, locked until this transaction ends. */
export async function claimMail(tx: Tx) {
  const [row] = await tx
    .select()
    .from(digestMails)
    .where(sql`${digestMails.sentAt} IS NULL`)
    .orderBy(asc(digestMails.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function markMailSent(tx: Tx, id: number) {
  await tx.update(digestMails).set({ sentAt: sql`now()` }).where(eq(digestMails.id, id));
}

/** The user's warehouses with their owner, role permissions and subscription (profile page). */
export async function memberWarehouses(db: Db, userId: number) {
  return db
    .select({
      warehouseId: warehouses.id,
      name: warehouses.name,
      ownerId: warehouses.ownerId,
      roleId: memberships.roleId,
      rolePermissions: rolePermissionNamesColumn(memberships.roleId),
      hour: s.hour,
      timeZone: s.timeZone,
    })
    .from(memberships)
    .innerJoin(warehouses, eq(warehouses.id, memberships.warehouseId))
    .leftJoin(s, and(eq(s.userId, memberships.userId), eq(s.warehouseId, memberships.warehouseId)))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(sql`lower(${warehouses.name})`), asc(warehouses.id));
}

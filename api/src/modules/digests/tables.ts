/**
 * Low-stock digest (stock-spec-2 §4): who subscribed, the job queue (one job per subscription and
 * local day: the unique key is what makes a digest go out once), and the mail outbox written in
 * the same transaction as a job's completion.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { memberships } from '../../platform/tenancy/tables';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const digestSubscriptions = pgTable(
  'digest_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    /** Local hour 0–23 in `time_zone` when the digest is due. */
    hour: smallint('hour').notNull(),
    /** IANA name, e.g. Europe/Berlin. */
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    /** Articles that went low after this instant are news; moved on by every digest sent. */
    reportedUntil: tz('reported_until').notNull().defaultNow(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('digest_subscriptions_user_warehouse_unique').on(t.userId, t.warehouseId),
    // Loss of access ends the subscription: the membership goes (member removed), and with it on
    // warehouse or account deletion (memberships cascade from both).
    foreignKey({
      name: 'digest_subscriptions_membership_fk',
      columns: [t.userId, t.warehouseId],
      foreignColumns: [memberships.userId, memberships.warehouseId],
    }).onDelete('cascade'),
  ],
);

export const digestJobs = pgTable(
  'digest_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => digestSubscriptions.id, { onDelete: 'cascade' }),
    /** The subscriber's calendar day the digest belongs to. */
    localDay: date('local_day', { mode: 'string' }).notNull(),
    /** pending → sent (a mail is in the outbox) | empty (nothing went low) | denied (no view_stock). */
    state: varchar('state', { length: 8 }).notNull().default('pending'),
    createdAt: tz('created_at').notNull().defaultNow(),
    doneAt: tz('done_at'),
  },
  (t) => [
    uniqueIndex('digest_jobs_subscription_day_unique').on(t.subscriptionId, t.localDay),
    index('digest_jobs_pending_idx').on(t.id).where(sql`${t.state} = 'pending'`),
  ],
);

export const digestMails = pgTable(
  'digest_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** One mail per job, ever (no foreign key: the mail outlives an ended subscription). */
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    uniqueIndex('digest_mails_job_unique').on(t.jobId),
    index('digest_mails_unsent_idx').on(t.id).where(sql`${t.sentAt} IS NULL`),
  ],
);

export type SubscriptionRow = typeof digestSubscriptions.$inferSelect;

/** The invitations a warehouse sends (one open invitation per warehouse and e-mail). */
import { sql } from 'drizzle-orm';
import { char, foreignKey, integer, pgTable, serial, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { roles, tz, users, warehouses } from '../../platform/tenancy';

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id').notNull(),
    inviterId: integer('inviter_id').notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    roleId: integer('role_id'),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: tz('created_at').notNull().defaultNow(),
    processedAt: tz('processed_at'),
  },
  (t) => [
    foreignKey({
      name: 'invitations_warehouse_id_fkey',
      columns: [t.warehouseId],
      foreignColumns: [warehouses.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'invitations_inviter_id_fkey', columns: [t.inviterId], foreignColumns: [users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'invitations_role_id_fkey', columns: [t.roleId], foreignColumns: [roles.id] }).onDelete(
      'set null',
    ),
    unique('invitations_token_hash_key').on(t.tokenHash),
    // One open invitation per (warehouse, e-mail); processed ones may repeat.
    uniqueIndex('invitations_open_unique').on(t.warehouseId, t.email).where(sql`status = 'pending'`),
  ],
);

/**
 * The single source of the database schema: tables, keys, uniques, foreign keys and indexes.
 * Migrations in ../../drizzle are generated from this file (and src/stock/schema.ts) with
 * `npm run db:generate -w api`; never write DDL by hand.
 *
 * Constraint and index names are the ones PostgreSQL gave the first, hand-written schema
 * (`users_email_key`, `sessions_user_id_fkey`, ...), so a database created by the old SQL
 * migrations and one created by drizzle are identical and later migrations fit both.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  char,
  foreignKey,
  index,
  integer,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const industries = pgTable(
  'industries',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
  },
  (t) => [unique('industries_name_key').on(t.name)],
);

export const usages = pgTable(
  'usages',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
  },
  (t) => [unique('usages_name_key').on(t.name)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    descriptionDe: text('description_de').notNull(),
    descriptionEn: text('description_en').notNull(),
  },
  (t) => [unique('permissions_name_key').on(t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    password: text('password').notNull(),
    emailVerifiedAt: tz('email_verified_at'),
    currentWarehouseId: integer('current_warehouse_id'),
    language: varchar('language', { length: 2 }).notNull().default('de'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  // Annotated: users and warehouses reference each other, which TypeScript cannot infer.
  (t): PgTableExtraConfigValue[] => [
    unique('users_email_key').on(t.email),
    // Leaving or losing the warehouse one looks at must not leave a dangling id.
    foreignKey({
      name: 'users_current_warehouse_fk',
      columns: [t.currentWarehouseId],
      foreignColumns: [warehouses.id],
    }).onDelete('set null'),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: char('id', { length: 64 }).primaryKey(),
    userId: integer('user_id'),
    csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
    ipAddress: varchar('ip_address', { length: 45 }),
    userAgent: text('user_agent'),
    lastActivity: tz('last_activity').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sessions_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }).onDelete('cascade'),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_last_activity_idx').on(t.lastActivity),
  ],
);

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    industryId: integer('industry_id').notNull(),
    usageId: integer('usage_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t): PgTableExtraConfigValue[] => [
    foreignKey({ name: 'warehouses_industry_id_fkey', columns: [t.industryId], foreignColumns: [industries.id] }),
    foreignKey({ name: 'warehouses_usage_id_fkey', columns: [t.usageId], foreignColumns: [usages.id] }),
    foreignKey({ name: 'warehouses_owner_id_fkey', columns: [t.ownerId], foreignColumns: [users.id] }).onDelete(
      'cascade',
    ),
    // "Hauptlager" and "hauptlager" are one name: unique per owner ignoring case.
    uniqueIndex('warehouses_owner_name_unique').on(t.ownerId, sql`lower(${t.name})`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    /** null only for the global owner role (id 1). */
    warehouseId: integer('warehouse_id'),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'roles_warehouse_id_fkey', columns: [t.warehouseId], foreignColumns: [warehouses.id] }).onDelete(
      'cascade',
    ),
    // Unique per warehouse ignoring case, as warehouse names per owner.
    uniqueIndex('roles_warehouse_name_unique').on(t.warehouseId, sql`lower(${t.name})`),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull(),
    permissionId: integer('permission_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'role_permissions_pkey', columns: [t.roleId, t.permissionId] }),
    foreignKey({ name: 'role_permissions_role_id_fkey', columns: [t.roleId], foreignColumns: [roles.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'role_permissions_permission_id_fkey',
      columns: [t.permissionId],
      foreignColumns: [permissions.id],
    }).onDelete('cascade'),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    /** null after the member's role was deleted: still a member, without permissions. */
    roleId: integer('role_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'memberships_pkey', columns: [t.userId, t.warehouseId] }),
    foreignKey({ name: 'memberships_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'memberships_warehouse_id_fkey',
      columns: [t.warehouseId],
      foreignColumns: [warehouses.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'memberships_role_id_fkey', columns: [t.roleId], foreignColumns: [roles.id] }).onDelete(
      'set null',
    ),
    index('memberships_warehouse_idx').on(t.warehouseId),
  ],
);

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

export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: varchar('email', { length: 255 }).primaryKey(),
  tokenHash: char('token_hash', { length: 64 }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const accessLogs = pgTable(
  'access_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: tz('created_at').notNull().defaultNow(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 512 }).notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ipAddress: varchar('ip_address', { length: 45 }),
    userId: integer('user_id'),
    /** Which section versions (rollout) the web app ran when it sent the request, for support. */
    sections: varchar('sections', { length: 512 }),
  },
  (t) => [index('access_logs_created_at_idx').on(t.createdAt)],
);

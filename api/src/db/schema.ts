/**
 * Drizzle table definitions used for queries. The DDL lives in ./migrations (plain SQL, one
 * set for PGlite and PostgreSQL); keep both in step when adding columns.
 */
import { bigserial, char, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const industries = pgTable('industries', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
});

export const usages = pgTable('usages', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
});

export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  descriptionDe: text('description_de').notNull(),
  descriptionEn: text('description_en').notNull(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  email: varchar('email', { length: 255 }).notNull(),
  password: text('password').notNull(),
  emailVerifiedAt: tz('email_verified_at'),
  currentWarehouseId: integer('current_warehouse_id'),
  language: varchar('language', { length: 2 }).notNull().default('de'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: char('id', { length: 64 }).primaryKey(),
  userId: integer('user_id'),
  csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
  ipAddress: varchar('ip_address', { length: 45 }),
  userAgent: text('user_agent'),
  lastActivity: tz('last_activity').notNull().defaultNow(),
});

export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  industryId: integer('industry_id').notNull(),
  usageId: integer('usage_id').notNull(),
  ownerId: integer('owner_id').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  warehouseId: integer('warehouse_id'),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull(),
    permissionId: integer('permission_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    roleId: integer('role_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.warehouseId] })],
);

export const invitations = pgTable('invitations', {
  id: serial('id').primaryKey(),
  warehouseId: integer('warehouse_id').notNull(),
  inviterId: integer('inviter_id').notNull(),
  email: varchar('email', { length: 255 }).notNull(),
  roleId: integer('role_id'),
  tokenHash: char('token_hash', { length: 64 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('pending'),
  createdAt: tz('created_at').notNull().defaultNow(),
  processedAt: tz('processed_at'),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: varchar('email', { length: 255 }).primaryKey(),
  tokenHash: char('token_hash', { length: 64 }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const accessLogs = pgTable('access_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: tz('created_at').notNull().defaultNow(),
  method: varchar('method', { length: 8 }).notNull(),
  path: varchar('path', { length: 512 }).notNull(),
  status: integer('status').notNull(),
  durationMs: integer('duration_ms').notNull(),
  ipAddress: varchar('ip_address', { length: 45 }),
  userId: integer('user_id'),
  sections: varchar('sections', { length: 512 }),
});

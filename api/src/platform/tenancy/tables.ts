/**
 * The tenancy core: who is who (users, sessions) and who may do what where (warehouses,
 * memberships, roles, permissions, and the fixed lists they use). The platform's session and
 * authorization plugins stand on these tables, and they reference each other (users ↔
 * warehouses), so they are one file owned by the platform; every other table belongs to one
 * module (`modules/<feature>/tables.ts`). Migrations in api/drizzle are generated from all
 * `tables.ts` files with `npm run db:generate -w api`; never write DDL by hand.
 *
 * Constraint and index names are the ones PostgreSQL gave the first, hand-written schema
 * (`users_email_key`, `sessions_user_id_fkey`, ...), so a database created by the old SQL
 * migrations and one created by drizzle are identical and later migrations fit both.
 */
import { sql } from 'drizzle-orm';
import {
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

export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

export type User = typeof users.$inferSelect;
export type Warehouse = typeof warehouses.$inferSelect;
/** A warehouse as its member sees it: the role name, 'owner', or null after the role was deleted. */
export type MemberWarehouse = WarehouseFields & { roleName: string | null };
/** What a warehouse's answer shows (`warehouseJson`). */
export type WarehouseFields = Pick<Warehouse, 'id' | 'name' | 'industryId' | 'usageId'>;
export type Role = typeof roles.$inferSelect;
export type Permission = typeof permissions.$inferSelect;
export type RoleWithPermissions = Role & { permissions: Permission[] };
export type Membership = typeof memberships.$inferSelect;
/** A member as the member list shows them. */
export interface Member {
  id: number;
  name: string;
  email: string;
  roleId: number | null;
}

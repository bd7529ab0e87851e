import { OWNER_ROLE_ID } from '@lager/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { industries, memberships, roles, usages, users, warehouses } from '../db/schema';
import { type FieldErrors, validationError } from '../errors';

const columns = {
  id: warehouses.id,
  name: warehouses.name,
  industry_id: warehouses.industryId,
  usage_id: warehouses.usageId,
};

/** Every warehouse the user belongs to, with "owner", the role name or null. */
export async function listMemberWarehouses(db: Db, userId: number) {
  const rows = await db
    .select({ ...columns, roleId: memberships.roleId, roleName: roles.name, ownerId: warehouses.ownerId })
    .from(memberships)
    .innerJoin(warehouses, eq(warehouses.id, memberships.warehouseId))
    .leftJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
  return rows.map(({ roleId, roleName, ownerId, ...w }) => ({
    ...w,
    user_role: ownerId === userId || roleId === OWNER_ROLE_ID ? 'owner' : (roleName ?? null),
  }));
}

export function listOwnedWarehouses(db: Db, userId: number) {
  return db
    .select(columns)
    .from(warehouses)
    .where(eq(warehouses.ownerId, userId))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}

export function listGuestWarehouses(db: Db, userId: number) {
  return db
    .select(columns)
    .from(memberships)
    .innerJoin(warehouses, eq(warehouses.id, memberships.warehouseId))
    .where(and(eq(memberships.userId, userId), ne(warehouses.ownerId, userId)))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}

export async function findWarehouse(db: Db, id: number) {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id)).limit(1);
  return row ?? null;
}

export interface WarehouseInput {
  name: string;
  industry_id: number;
  usage_id: number;
}

/** Laravel-style checks the schema cannot do: existing lookups, name unique per owner. */
export async function assertWarehouseInput(db: Db, ownerId: number, input: WarehouseInput, exceptId?: number) {
  const errors: FieldErrors = {};
  const nameClash = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(
      and(
        eq(warehouses.ownerId, ownerId),
        eq(warehouses.name, input.name.trim()),
        exceptId ? ne(warehouses.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (nameClash.length) errors.name = [{ key: 'warehouseNameTaken' }];
  const [industry] = await db
    .select({ id: industries.id })
    .from(industries)
    .where(eq(industries.id, input.industry_id));
  if (!industry) errors.industry_id = [{ key: 'validation.exists', vars: { field: 'industry id' } }];
  const [usage] = await db.select({ id: usages.id }).from(usages).where(eq(usages.id, input.usage_id));
  if (!usage) errors.usage_id = [{ key: 'validation.exists', vars: { field: 'usage id' } }];
  if (Object.keys(errors).length)
    throw validationError(errors, errors.name ? 'warehouse.name_taken' : 'validation.failed');
}

/** Creates the warehouse, makes the creator its owner member and switches to it. */
export async function createWarehouse(db: Db, ownerId: number, input: WarehouseInput) {
  return db.transaction(async (tx) => {
    const [warehouse] = await tx
      .insert(warehouses)
      .values({ name: input.name.trim(), industryId: input.industry_id, usageId: input.usage_id, ownerId })
      .returning();
    await tx.insert(memberships).values({ userId: ownerId, warehouseId: warehouse!.id, roleId: OWNER_ROLE_ID });
    await tx.update(users).set({ currentWarehouseId: warehouse!.id }).where(eq(users.id, ownerId));
    return warehouse!;
  });
}

export async function updateWarehouse(db: Db, id: number, input: WarehouseInput) {
  const [row] = await db
    .update(warehouses)
    .set({ name: input.name.trim(), industryId: input.industry_id, usageId: input.usage_id, updatedAt: sql`now()` })
    .where(eq(warehouses.id, id))
    .returning();
  return row!;
}

/** Deletes those of `ids` the user owns; members, roles and invitations go by cascade. */
export async function deleteOwnedWarehouses(db: Db, ownerId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const deleted = await db
    .delete(warehouses)
    .where(and(eq(warehouses.ownerId, ownerId), inArray(warehouses.id, ids)))
    .returning({ id: warehouses.id });
  return deleted.length;
}

/** Removes memberships and moves affected users off the warehouse they were looking at. */
export async function removeMembers(db: Db, warehouseId: number, userIds: number[]) {
  if (userIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(memberships)
      .where(and(eq(memberships.warehouseId, warehouseId), inArray(memberships.userId, userIds)))
      .returning({ userId: memberships.userId });
    const gone = removed.map((r) => r.userId);
    if (gone.length) {
      await tx
        .update(users)
        .set({ currentWarehouseId: null })
        .where(and(inArray(users.id, gone), eq(users.currentWarehouseId, warehouseId)));
    }
    return gone.length;
  });
}

export function listMembers(db: Db, warehouseId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, roleId: memberships.roleId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.warehouseId, warehouseId))
    .orderBy(asc(users.name), asc(users.id));
}

import { OWNER_ROLE_ID } from '@lager/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { nameTaken } from '../../platform/db/name-taken';
import { perDatabase } from '../../platform/prepared';
import {
  type MemberWarehouse,
  memberships,
  roles,
  users,
  type Warehouse,
  warehouses,
} from '../../platform/tenancy/tables';
import { industryExists, usageExists } from '../lookups';

export interface WarehouseInput {
  name: string;
  industry_id: number;
  usage_id: number;
}

const byName = [asc(warehouses.name), asc(warehouses.id)];

/**
 * Every warehouse the user belongs to, with their role there (the shell's warehouse switcher on every
 * page): the columns the answer needs, prepared once per database handle.
 */
export async function listMemberWarehouses(db: Db, userId: number): Promise<MemberWarehouse[]> {
  const rows = await memberWarehouses(db).execute({ userId });
  return rows.map(({ ownerId, roleId, roleName, ...warehouse }) => ({
    ...warehouse,
    roleName: ownerId === userId || roleId === OWNER_ROLE_ID ? 'owner' : (roleName ?? null),
  }));
}

const ofMember = eq(memberships.userId, sql.placeholder('userId'));

const memberWarehouses = perDatabase((db) =>
  db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      industryId: warehouses.industryId,
      usageId: warehouses.usageId,
      ownerId: warehouses.ownerId,
      roleId: memberships.roleId,
      roleName: roles.name,
    })
    .from(memberships)
    .innerJoin(warehouses, eq(warehouses.id, memberships.warehouseId))
    .leftJoin(roles, eq(roles.id, memberships.roleId))
    .where(ofMember)
    .orderBy(...byName)
    .prepare('lager_member_warehouses'),
);

/** Id and name of every warehouse the user belongs to (the shell's warehouse list). */
export function listMemberWarehouseNames(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  return memberWarehouseNames(db).execute({ userId });
}

const memberWarehouseNames = perDatabase((db) =>
  db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(memberships)
    .innerJoin(warehouses, eq(warehouses.id, memberships.warehouseId))
    .where(ofMember)
    .orderBy(...byName)
    .prepare('lager_member_warehouse_names'),
);

export function listOwnedWarehouses(db: Db, userId: number): Promise<Warehouse[]> {
  return db
    .select()
    .from(warehouses)
    .where(eq(warehouses.ownerId, userId))
    .orderBy(...byName);
}

export async function listGuestWarehouses(db: Db, userId: number): Promise<Warehouse[]> {
  const rows = await db
    .select({ warehouse: warehouses })
    .from(memberships)
    .innerJoin(warehouses, eq(warehouses.id, memberships.warehouseId))
    .where(and(eq(memberships.userId, userId), ne(warehouses.ownerId, userId)))
    .orderBy(...byName);
  return rows.map((r) => r.warehouse);
}

export async function findWarehouse(db: Db, id: number): Promise<Warehouse | null> {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id)).limit(1);
  return row ?? null;
}

/** Whether the owner already has another warehouse with this name. */
export function warehouseNameTaken(db: Db, ownerId: number, name: string, exceptId?: number) {
  return nameTaken(db, warehouses, eq(warehouses.ownerId, ownerId), name, exceptId);
}

/** Which of the input's references do not exist. */
export async function unknownWarehouseLookups(db: Db, input: WarehouseInput) {
  return {
    industry: !(await industryExists(db, input.industry_id)),
    usage: !(await usageExists(db, input.usage_id)),
  };
}

/** Creates the warehouse, makes the creator its owner member and switches to it. */
export async function createWarehouse(db: Db, ownerId: number, input: WarehouseInput): Promise<Warehouse> {
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

/** Null when the warehouse is gone (deleted meanwhile). */
export async function updateWarehouse(db: Db, id: number, input: WarehouseInput): Promise<Warehouse | null> {
  const [row] = await db
    .update(warehouses)
    .set({ name: input.name.trim(), industryId: input.industry_id, usageId: input.usage_id, updatedAt: sql`now()` })
    .where(eq(warehouses.id, id))
    .returning();
  return row ?? null;
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

/** Warehouse rules: valid input (existing lookups, a name unique per owner), deleting only one's own, leaving. */
import type { FastifyInstance } from 'fastify';
import type { AppContext, UserRow } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { type FieldErrors, forbidden, notFound, validationError } from '../../platform/errors';
import { resolveAccess } from '../../platform/http/authorization';
import { assertPassword } from '../../platform/security/passwords';
import type { Warehouse } from '../../platform/tenancy/tables';
import { removeMembers } from '../members';
import {
  deleteOwnedWarehouses,
  findWarehouse,
  createWarehouse as insertWarehouse,
  updateWarehouse as saveWarehouse,
  unknownWarehouseLookups,
  type WarehouseInput,
  warehouseNameTaken,
} from './repository';

const warehouseNotFound = () => notFound('warehouseNotFound', 'warehouse.not_found');

/** Laravel-style checks the schema cannot do: existing lookups, name unique per owner. */
async function assertWarehouseInput(db: Db, ownerId: number, input: WarehouseInput, exceptId?: number) {
  const errors: FieldErrors = {};
  if (await warehouseNameTaken(db, ownerId, input.name, exceptId)) errors.name = [{ key: 'warehouseNameTaken' }];
  const unknown = await unknownWarehouseLookups(db, input);
  if (unknown.industry) errors.industry_id = [{ key: 'validation.exists', vars: { field: 'industry id' } }];
  if (unknown.usage) errors.usage_id = [{ key: 'validation.exists', vars: { field: 'usage id' } }];
  if (Object.keys(errors).length) {
    throw validationError(errors, errors.name ? 'warehouse.name_taken' : 'validation.failed');
  }
}

export async function createWarehouse(db: Db, ownerId: number, input: WarehouseInput): Promise<Warehouse> {
  await assertWarehouseInput(db, ownerId, input);
  return insertWarehouse(db, ownerId, input);
}

/** 404 when it is gone (deleted by its owner while this request was on its way). */
export async function getWarehouse(db: Db, id: number): Promise<Warehouse> {
  const warehouse = await findWarehouse(db, id);
  if (!warehouse) throw warehouseNotFound();
  return warehouse;
}

export async function updateWarehouse(db: Db, ownerId: number, id: number, input: WarehouseInput): Promise<Warehouse> {
  await assertWarehouseInput(db, ownerId, input, id);
  const warehouse = await saveWarehouse(db, id, input);
  if (!warehouse) throw warehouseNotFound();
  return warehouse;
}

/** Deletes the owner's warehouses among `ids` (others are ignored, not deleted); 403 without the password. */
export async function deleteWarehouses(ctx: AppContext, owner: UserRow, ids: number[], password: string) {
  await assertPassword(ctx.passwords, owner, password);
  return deleteOwnedWarehouses(ctx.db, owner.id, ids);
}

/** A guest leaves a warehouse: 403 without the password or for its owner, 404 when not a member. */
export async function leaveWarehouse(app: FastifyInstance, user: UserRow, warehouseId: number, password: string) {
  await assertPassword(app.ctx.passwords, user, password);
  const access = await resolveAccess(app, user.id, warehouseId);
  if (!access) throw warehouseNotFound();
  if (access.isOwner) throw forbidden('ownerCannotLeave', 'warehouse.owner_cannot_leave');
  await removeMembers(app.ctx.db, access.warehouseId, [user.id]);
}

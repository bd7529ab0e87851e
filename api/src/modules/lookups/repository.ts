import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { industries, type Permission, permissions, usages } from '../../platform/tenancy/tables';

export type NamedOption = { id: number; name: string };

/** The fixed lists (seeded by a migration); names are translation keys. */
export const listIndustries = (db: Db): Promise<NamedOption[]> =>
  db.select({ id: industries.id, name: industries.name }).from(industries).orderBy(asc(industries.id));

export const listUsages = (db: Db): Promise<NamedOption[]> =>
  db.select({ id: usages.id, name: usages.name }).from(usages).orderBy(asc(usages.id));

export const listPermissions = (db: Db): Promise<Permission[]> =>
  db.select().from(permissions).orderBy(asc(permissions.id));

export async function industryExists(db: Db, id: number) {
  return (await db.select({ id: industries.id }).from(industries).where(eq(industries.id, id))).length > 0;
}

export async function usageExists(db: Db, id: number) {
  return (await db.select({ id: usages.id }).from(usages).where(eq(usages.id, id))).length > 0;
}

/** One cheap query: the health check's proof that the database answers. */
export async function pingDatabase(db: Db) {
  await db.select({ id: usages.id }).from(usages).limit(1);
}

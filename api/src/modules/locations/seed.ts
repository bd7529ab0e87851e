import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { stockArticles } from '../stock';
import { standardLocation } from './repository';
import { stockDefaultLocations, stockLocationQuantities, stockLocations } from './tables';

/** Zones → aisles → shelves (bins): A and B with 3 aisles of 4 shelves, K (cold store) with 2 bins. */
const ZONES = [
  { code: 'A', name: 'Halle A', aisles: 3, bins: 4 },
  { code: 'B', name: 'Halle B', aisles: 3, bins: 4 },
  { code: 'K', name: 'Kühlraum', aisles: 1, bins: 2 },
];

/**
 * The demo warehouse's locations (stock-spec-2.md §1): STANDARD plus a small tree, and its stock
 * spread over the shelves: four of five articles lie on a shelf (their default location), the rest
 * at STANDARD. Runs after the stock seed, only when the warehouse has no location but STANDARD.
 */
export async function seedLocationsDemo(db: Db, warehouseId: number): Promise<number> {
  const standard = await standardLocation(db, warehouseId);
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockLocations)
    .where(eq(stockLocations.warehouseId, warehouseId));
  if ((existing?.n ?? 0) > 1) return 0;

  const bins: number[] = [];
  for (const zone of ZONES) {
    const [z] = await db.insert(stockLocations).values({ warehouseId, code: zone.code, name: zone.name }).returning();
    for (let a = 1; a <= zone.aisles; a += 1) {
      const aisleCode = `${zone.code}-${String(a).padStart(2, '0')}`;
      const [aisle] = await db
        .insert(stockLocations)
        .values({ warehouseId, code: aisleCode, name: `Gang ${aisleCode}`, parentId: z!.id })
        .returning();
      const shelves = await db
        .insert(stockLocations)
        .values(
          Array.from({ length: zone.bins }, (_, b) => ({
            warehouseId,
            code: `${aisleCode}-${b + 1}`,
            parentId: aisle!.id,
          })),
        )
        .returning({ id: stockLocations.id });
      bins.push(...shelves.map((s) => s.id));
    }
  }

  // Articles whose stock lies nowhere yet (the stock seed wrote quantities only).
  const articles = await db
    .select({ id: stockArticles.id, quantity: stockArticles.quantity })
    .from(stockArticles)
    .where(
      and(
        eq(stockArticles.warehouseId, warehouseId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(stockLocationQuantities)
            .where(eq(stockLocationQuantities.articleId, stockArticles.id)),
        ),
      ),
    )
    .orderBy(asc(stockArticles.id));
  const placed = articles.map((article, i) => ({
    article,
    locationId: i % 5 === 4 ? standard.id : bins[i % bins.length]!,
  }));
  const stocked = placed.filter((p) => p.article.quantity > 0);
  if (stocked.length) {
    await db.insert(stockLocationQuantities).values(
      stocked.map((p) => ({
        locationId: p.locationId,
        articleId: p.article.id,
        warehouseId,
        quantity: p.article.quantity,
      })),
    );
  }
  const shelved = placed.filter((p) => p.locationId !== standard.id);
  if (shelved.length) {
    await db
      .insert(stockDefaultLocations)
      .values(shelved.map((p) => ({ articleId: p.article.id, locationId: p.locationId })));
  }
  return bins.length;
}

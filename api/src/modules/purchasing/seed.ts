/**
 * Demo data (README "Demo data"): in the demo warehouse two suppliers with prices, an open order
 * (ordered, partly received) and a draft made from the reorder list, all through the module's own
 * rules (service.ts), so the demo shows what a user could have done.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { reorderList, stockArticles } from '../stock';
import { createOrder, createSupplier, draftsFromReorder, placeOrder, receive, replaceSupplierPrices } from './service';
import { purchasingSuppliers } from './tables';

export async function seedPurchasingDemo(db: Db, warehouseId: number, owner: { id: number; name: string }) {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(purchasingSuppliers)
    .where(eq(purchasingSuppliers.warehouseId, warehouseId));
  if ((existing?.n ?? 0) > 0) return null;

  const grosshandel = await createSupplier(db, warehouseId, {
    name: 'Nordwerk Großhandel GmbH',
    email: 'bestellung@nordwerk.example',
    phone: '+49 40 1234560',
    address: 'Nordwerk Großhandel GmbH\nHafenstraße 12\n20457 Hamburg',
    customer_number: 'K-10442',
    lead_time_days: 5,
  });
  const fachhandel = await createSupplier(db, warehouseId, {
    name: 'Südhaus Fachhandel KG',
    email: 'einkauf@suedhaus.example',
    address: 'Südhaus Fachhandel KG\nIndustriering 7\n80939 München',
    customer_number: '55-0917',
    lead_time_days: 10,
  });

  // Low articles: Südhaus is preferred (the reorder draft goes there), Nordwerk a second source.
  const low = (await reorderList(db, warehouseId, { sort: 'sku', order: 'asc' })).slice(0, 6);
  for (const [i, article] of low.entries()) {
    await replaceSupplierPrices(db, warehouseId, article.id, [
      {
        supplier_id: fachhandel.id,
        supplier_sku: `SH-${article.sku}`,
        unit_price: `${4 + i}.95`,
        pack_size: i % 2 ? 5 : 1,
        preferred: true,
      },
      { supplier_id: grosshandel.id, supplier_sku: `NW-${1000 + i}`, unit_price: `${5 + i}.2`, pack_size: 1 },
    ]);
  }
  // Three well-stocked articles for the open order at Nordwerk.
  const lowIds = new Set(low.map((a) => a.id));
  const others = (
    await db
      .select({ id: stockArticles.id, sku: stockArticles.sku })
      .from(stockArticles)
      .where(and(eq(stockArticles.warehouseId, warehouseId), sql`${stockArticles.archivedAt} IS NULL`))
      .orderBy(asc(stockArticles.id))
      .limit(20)
  )
    .filter((a) => !lowIds.has(a.id))
    .slice(0, 3);
  for (const [i, article] of others.entries()) {
    await replaceSupplierPrices(db, warehouseId, article.id, [
      {
        supplier_id: grosshandel.id,
        supplier_sku: `NW-${2000 + i}`,
        unit_price: ['12.5', '0.0345', '199'][i]!,
        preferred: true,
      },
    ]);
  }
  const open = await createOrder(db, warehouseId, owner.id, {
    supplier_id: grosshandel.id,
    note: 'Bitte an Rampe 2 anliefern.',
    lines: others.map((a, i) => ({ article_id: a.id, quantity: [20, 1000, 4][i]! })),
  });
  await placeOrder(db, warehouseId, open.id, false, 'de');
  // The first line arrived in full, the second half; the third is still open.
  await db.transaction((tx) =>
    receive(tx, { warehouseId, user: owner, lang: 'de' }, open.id, {
      lines: [
        { line_id: open.lines[0]!.id, quantity: 20 },
        { line_id: open.lines[1]!.id, quantity: 500 },
      ],
    }),
  );
  const drafts = await draftsFromReorder(
    db,
    warehouseId,
    owner.id,
    low.map((a) => a.id),
  );
  return { suppliers: 2, open: open.number, drafts: drafts.orders.map((o) => o.number) };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/types';

/** Words the generated article names are made of, so a search finds a realistic share (about 1 in 20). */
const WORDS = [
  'Bohrer',
  'Schraube',
  'Dübel',
  'Kabel',
  'Lampe',
  'Farbe',
  'Rohr',
  'Platte',
  'Kleber',
  'Band',
  'Mutter',
  'Scharnier',
  'Griff',
  'Seil',
  'Kette',
  'Karton',
  'Folie',
  'Pinsel',
  'Rolle',
  'Leiter',
];

export interface ScaleData {
  warehouseId: number;
  /** Booked by (user_id, user_name of every generated movement). */
  userId: number;
  articles: number;
  movements: number;
  /** Goods-in at a unit cost (0.01–10.00, by row), so the journal trigger keeps a moving average (the value bench). */
  priced?: boolean;
}

/**
 * Bulk-loads `articles` articles (SKU-000001…, every second with an EAN-like barcode, stock
 * 1 000 000 each at the STANDARD location, reorder levels 0–49) and `movements` journal rows spread over them (a third
 * goods-in, two thirds goods-out, 2 s apart, the newest now), in batches by SQL, then ANALYZE.
 * For the scale bench (bench/stock/run.ts) and the query-plan test: not for the product.
 * Returns the first generated article's id (the others follow it).
 */
export async function loadScaleData(db: Db, { warehouseId: w, userId, articles, movements, priced }: ScaleData) {
  const words = sql.raw(`ARRAY[${WORDS.map((x) => `'${x}'`).join(',')}]`);
  for (let from = 1; from <= articles; from += 50_000) {
    const to = Math.min(articles, from + 49_999);
    await db.execute(sql`
      INSERT INTO stock_articles (warehouse_id, sku, name, unit, barcode, min_stock, quantity, created_at, updated_at)
      SELECT ${w}, 'SKU-' || lpad(i::text, 6, '0'),
             (${words})[1 + i % 20] || ' ' || (i % 997) || ' mm Typ ' || i,
             'pcs', CASE WHEN i % 2 = 0 THEN '2' || lpad(i::text, 11, '0') END,
             (i % 50) * 1000, 1000000000, now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
      FROM generate_series(${from}::int, ${to}::int) AS i`);
  }
  // stock-spec-2.md §1: stock lies at a location; the generated stock lies at the warehouse's STANDARD.
  await db.execute(sql`
    INSERT INTO stock_locations (warehouse_id, code) SELECT ${w}, 'STANDARD'
    WHERE NOT EXISTS (SELECT 1 FROM stock_locations WHERE warehouse_id = ${w} AND code = 'STANDARD')`);
  await db.execute(sql`
    INSERT INTO stock_location_quantities (location_id, article_id, warehouse_id, quantity)
    SELECT l.id, a.id, a.warehouse_id, a.quantity
    FROM stock_articles a JOIN stock_locations l ON l.warehouse_id = a.warehouse_id AND l.code = 'STANDARD'
    WHERE a.warehouse_id = ${w}
    ON CONFLICT DO NOTHING`);
  const [row] = (
    (await db.execute(sql`SELECT min(id) AS first FROM stock_articles WHERE warehouse_id = ${w}`)) as unknown as {
      rows: { first: number }[];
    }
  ).rows;
  const first = Number(row!.first);
  for (let from = 1; from <= movements; from += 100_000) {
    const to = Math.min(movements, from + 99_999);
    await db.execute(sql`
      INSERT INTO stock_movements (warehouse_id, article_id, kind, delta, quantity_after, reason, user_id, user_name,
        unit_cost, created_at)
      SELECT ${w}, ${first}::int + ((i::bigint * 7919) % ${articles}::int)::int,
             CASE WHEN i % 3 = 0 THEN 'in' ELSE 'out' END,
             CASE WHEN i % 3 = 0 THEN 5000 ELSE -1000 END, 1000000000,
             CASE WHEN i % 3 = 0 THEN 'purchase' ELSE 'sale' END, ${userId}, 'Bench',
             CASE WHEN ${priced ?? false}::boolean AND i % 3 = 0 THEN (1 + i % 1000)::numeric / 100 END,
             now() - ((${movements}::int - i) * 2 || ' seconds')::interval
      FROM generate_series(${from}::int, ${to}::int) AS i`);
  }
  await db.execute(sql`ANALYZE stock_articles`);
  await db.execute(sql`ANALYZE stock_movements`);
  return first;
}

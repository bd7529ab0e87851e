import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Unit } from './quantity';
import catalogue from './seed-catalogue.json';
import { stockArticles, stockMovements } from './tables';

/** Same numbers on every start: a tiny deterministic PRNG (mulberry32). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A valid EAN-13 from a 12-digit stem (German prefix 40–44). */
function ean13(stem: string) {
  const sum = stem.split('').reduce((acc, digit, i) => acc + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${stem}${(10 - (sum % 10)) % 10}`;
}

/** Product families of a small retail/hardware warehouse: name stem, variants, unit, typical stock. */
const FAMILIES = catalogue as {
  prefix: string;
  name: string;
  variants: string[];
  unit: Unit;
  stock: number;
  step: number;
}[];

const DAY = 24 * 60 * 60 * 1000;

/**
 * ~200 articles with a quarter (90 days) of realistic movements for the demo warehouse: opening stock,
 * deliveries with delivery-note numbers, daily sales and consumption, the odd damage and a
 * stocktake correction; some articles end below their reorder level, a few are archived.
 * Bulk inserts, only when the warehouse has no articles yet. Returns the number of articles.
 */
export async function seedStockDemo(
  db: Db,
  warehouseId: number,
  people: { id: number; name: string }[],
  now = new Date(),
): Promise<number> {
  const [existing] = await db
    .select({ n: count() })
    .from(stockArticles)
    .where(eq(stockArticles.warehouseId, warehouseId));
  if ((existing?.n ?? 0) > 0) return 0;

  const rand = random(20_261_123);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  // A quarter, so the article page's chart has 30 days, 90 days and most of a year to show.
  const start = now.getTime() - 90 * DAY;

  const articles = FAMILIES.flatMap((family, f) =>
    family.variants.map((variant, v) => ({
      family,
      sku: `${family.prefix}-${String(v + 1).padStart(3, '0')}`,
      name: `${family.name} ${variant}`,
      barcode:
        rand() < 0.6
          ? ean13(
              `40${String(f).padStart(3, '0')}${String(v).padStart(3, '0')}${String(Math.floor(rand() * 10_000)).padStart(4, '0')}`,
            )
          : null,
    })),
  );
  const rows = await db
    .insert(stockArticles)
    .values(
      articles.map((a, i) => ({
        warehouseId,
        sku: a.sku,
        name: a.name,
        unit: a.family.unit,
        barcode: a.barcode,
        description: i % 7 === 0 ? 'Standardartikel, wird wöchentlich nachbestellt.' : null,
        minStock: Math.round(a.family.stock * 0.25) * 1000,
        createdAt: new Date(start),
        updatedAt: new Date(start),
      })),
    )
    .returning({ id: stockArticles.id });

  const whole = (unit: Unit) => ['pcs', 'box', 'pack', 'pallet'].includes(unit);
  const movements: (typeof stockMovements.$inferInsert)[] = [];
  const finals: { id: number; quantity: number; updatedAt: Date }[] = [];
  let deliveryNote = 4100;
  articles.forEach((article, index) => {
    const id = rows[index]!.id;
    const { unit, stock, step } = article.family;
    const amount = (factor: number) => {
      const raw = Math.max(step, factor * step);
      return whole(unit) ? Math.max(1, Math.round(raw)) * 1000 : Math.round(raw * 1000);
    };
    let quantity = 0;
    let at = start + rand() * 2 * 60 * 60 * 1000;
    const add = (
      kind: string,
      delta: number,
      reason: string | null,
      extra: Partial<typeof stockMovements.$inferInsert> = {},
    ) => {
      quantity += delta;
      movements.push({
        warehouseId,
        articleId: id,
        kind,
        delta,
        quantityAfter: quantity,
        reason,
        userId: pick(people).id,
        userName: '',
        createdAt: new Date(at),
        ...extra,
      });
    };
    add('in', amount((stock / step) * (0.6 + rand() * 0.6)), 'initial');
    // Busy articles move daily, slow ones a few times a month.
    const busyness = 0.15 + rand() * 0.6;
    while (true) {
      const next = at + (DAY / (busyness * 3)) * (0.3 + rand() * 1.4);
      if (next > now.getTime() - 5 * 60 * 1000) break;
      at = next;
      const roll = rand();
      if (roll < 0.75) {
        const out = Math.min(quantity, amount(1 + rand() * (stock / step) * 0.08));
        if (out > 0)
          add(
            'out',
            -out,
            rand() < 0.8 ? 'sale' : 'consumption',
            rand() < 0.3 ? { reference: `RE-${10_000 + movements.length}` } : {},
          );
      } else if (roll < 0.95) {
        // Reordered only when the shelf is half empty.
        if (quantity < (stock * 1000) / 2)
          add('in', amount((stock / step) * (0.4 + rand() * 0.5)), 'purchase', {
            reference: `LS-2026-${deliveryNote++}`,
          });
      } else if (roll < 0.98) {
        if (quantity > 0)
          add('out', -Math.min(quantity, amount(1)), 'damage', {
            note: pick(['Beim Auspacken beschädigt', 'Verpackung nass geworden', 'Sturzschaden']),
          });
      } else {
        const counted = Math.max(0, quantity + (rand() < 0.5 ? -1 : 1) * amount(1));
        if (counted !== quantity) add('correction', counted - quantity, 'count', { note: 'Monatsinventur' });
      }
    }
    // A handful end below their reorder level, so the low-stock card has something to show.
    const low = Math.floor((Math.round(stock * 0.25) * 1000) / 2000) * 1000;
    if (index % 9 === 4 && quantity > low) add('out', low - quantity, 'sale');
    finals.push({ id, quantity, updatedAt: new Date(at) });
  });

  const names = new Map(people.map((p) => [p.id, p.name]));
  for (const movement of movements) movement.userName = names.get(movement.userId!) ?? '';
  movements.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  for (let i = 0; i < movements.length; i += 1000) await db.insert(stockMovements).values(movements.slice(i, i + 1000));

  // One statement for the final quantities; the last three articles are archived.
  const values = sql.join(
    finals.map(
      (f, i) =>
        sql`(${f.id}::integer, ${f.quantity}::bigint, ${f.updatedAt.toISOString()}::timestamptz, ${i >= finals.length - 3}::boolean)`,
    ),
    sql`, `,
  );
  await db.execute(sql`UPDATE stock_articles AS t SET quantity = v.quantity, updated_at = v.updated_at,
    archived_at = CASE WHEN v.archived THEN v.updated_at END
    FROM (VALUES ${values}) AS v(id, quantity, updated_at, archived) WHERE t.id = v.id`);
  return articles.length;
}

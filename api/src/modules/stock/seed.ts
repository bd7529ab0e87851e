import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Unit } from './quantity';
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
const FAMILIES: { prefix: string; name: string; variants: string[]; unit: Unit; stock: number; step: number }[] = [
  {
    prefix: 'SCH',
    name: 'Holzschrauben',
    variants: ['3 x 20', '3 x 30', '4 x 30', '4 x 40', '5 x 50', '5 x 70', '6 x 80', '6 x 100'],
    unit: 'box',
    stock: 40,
    step: 1,
  },
  {
    prefix: 'DUE',
    name: 'Dübel',
    variants: ['5 mm', '6 mm', '8 mm', '10 mm', '12 mm', '14 mm'],
    unit: 'pack',
    stock: 60,
    step: 1,
  },
  {
    prefix: 'KAB',
    name: 'Kabelbinder',
    variants: ['100 mm schwarz', '200 mm schwarz', '300 mm schwarz', '200 mm weiß', '370 mm UV'],
    unit: 'pack',
    stock: 50,
    step: 1,
  },
  {
    prefix: 'LED',
    name: 'LED-Lampe',
    variants: [
      'E27 9 W warmweiß',
      'E27 13 W neutralweiß',
      'E14 5 W warmweiß',
      'GU10 4 W',
      'GU10 6 W dimmbar',
      'E27 Filament 7 W',
    ],
    unit: 'pcs',
    stock: 80,
    step: 1,
  },
  {
    prefix: 'BAT',
    name: 'Batterien',
    variants: ['AA 4er', 'AAA 4er', '9V Block', 'CR2032 2er', 'D Mono 2er'],
    unit: 'pack',
    stock: 120,
    step: 1,
  },
  {
    prefix: 'FAR',
    name: 'Wandfarbe',
    variants: ['weiß 2,5 l', 'weiß 10 l', 'altweiß 5 l', 'grau 5 l', 'sand 5 l'],
    unit: 'pcs',
    stock: 30,
    step: 1,
  },
  { prefix: 'LAC', name: 'Klarlack', variants: ['seidenmatt', 'hochglanz', 'matt'], unit: 'l', stock: 25, step: 0.5 },
  {
    prefix: 'KAE',
    name: 'Kantholz Fichte',
    variants: ['40 x 60', '60 x 80', '80 x 80', '100 x 100'],
    unit: 'm',
    stock: 200,
    step: 2.4,
  },
  {
    prefix: 'KUP',
    name: 'Kupferrohr',
    variants: ['12 mm', '15 mm', '18 mm', '22 mm'],
    unit: 'm',
    stock: 150,
    step: 2.5,
  },
  {
    prefix: 'DRA',
    name: 'Bindedraht verzinkt',
    variants: ['1,0 mm', '1,4 mm', '2,0 mm'],
    unit: 'kg',
    stock: 40,
    step: 0.75,
  },
  { prefix: 'ZEM', name: 'Zement CEM II', variants: ['25 kg Sack'], unit: 'pallet', stock: 6, step: 1 },
  { prefix: 'SAN', name: 'Quarzsand', variants: ['0,1–0,5 mm', '0,5–1,0 mm'], unit: 'kg', stock: 500, step: 12.5 },
  {
    prefix: 'FLI',
    name: 'Fliesenkleber',
    variants: ['flexibel 25 kg', 'Standard 25 kg'],
    unit: 'pcs',
    stock: 45,
    step: 1,
  },
  {
    prefix: 'SIL',
    name: 'Silikon',
    variants: ['transparent', 'weiß', 'grau', 'anthrazit', 'bahama-beige'],
    unit: 'pcs',
    stock: 60,
    step: 1,
  },
  {
    prefix: 'HAN',
    name: 'Arbeitshandschuhe',
    variants: ['Gr. 8', 'Gr. 9', 'Gr. 10', 'Gr. 11', 'Nitril Gr. 9', 'Nitril Gr. 10'],
    unit: 'pcs',
    stock: 90,
    step: 1,
  },
  {
    prefix: 'SCL',
    name: 'Schleifpapier',
    variants: ['K40', 'K60', 'K80', 'K120', 'K180', 'K240'],
    unit: 'pack',
    stock: 35,
    step: 1,
  },
  {
    prefix: 'BOH',
    name: 'HSS-Bohrer',
    variants: ['2 mm', '3 mm', '4 mm', '5 mm', '6 mm', '8 mm', '10 mm', '12 mm'],
    unit: 'pcs',
    stock: 40,
    step: 1,
  },
  {
    prefix: 'SBO',
    name: 'Steinbohrer',
    variants: ['5 mm', '6 mm', '8 mm', '10 mm', '12 mm'],
    unit: 'pcs',
    stock: 30,
    step: 1,
  },
  { prefix: 'KLE', name: 'Montagekleber', variants: ['310 ml', 'Express 310 ml'], unit: 'pcs', stock: 50, step: 1 },
  {
    prefix: 'ISO',
    name: 'Isolierband',
    variants: ['schwarz', 'rot', 'blau', 'grün-gelb'],
    unit: 'pcs',
    stock: 70,
    step: 1,
  },
  {
    prefix: 'MAS',
    name: 'Malerkrepp',
    variants: ['19 mm', '30 mm', '38 mm', '50 mm'],
    unit: 'pcs',
    stock: 60,
    step: 1,
  },
  { prefix: 'FOL', name: 'Abdeckfolie', variants: ['4 x 5 m', '4 x 12,5 m'], unit: 'pcs', stock: 40, step: 1 },
  {
    prefix: 'ROL',
    name: 'Farbroller',
    variants: ['18 cm', '25 cm', 'Heizkörper 10 cm'],
    unit: 'pcs',
    stock: 30,
    step: 1,
  },
  {
    prefix: 'PIN',
    name: 'Flachpinsel',
    variants: ['25 mm', '40 mm', '60 mm', '80 mm'],
    unit: 'pcs',
    stock: 30,
    step: 1,
  },
  {
    prefix: 'MUT',
    name: 'Sechskantmuttern',
    variants: ['M4', 'M5', 'M6', 'M8', 'M10', 'M12'],
    unit: 'box',
    stock: 25,
    step: 1,
  },
  {
    prefix: 'UNT',
    name: 'Unterlegscheiben',
    variants: ['M4', 'M5', 'M6', 'M8', 'M10', 'M12'],
    unit: 'box',
    stock: 25,
    step: 1,
  },
  {
    prefix: 'GEW',
    name: 'Gewindestange',
    variants: ['M6 1 m', 'M8 1 m', 'M10 1 m', 'M12 1 m'],
    unit: 'pcs',
    stock: 40,
    step: 1,
  },
  {
    prefix: 'SCA',
    name: 'Scharnier',
    variants: ['40 mm', '60 mm', '80 mm', 'Topfscharnier 35 mm'],
    unit: 'pcs',
    stock: 50,
    step: 1,
  },
  {
    prefix: 'GRI',
    name: 'Möbelgriff',
    variants: ['Edelstahl 128 mm', 'Edelstahl 160 mm', 'schwarz 128 mm', 'Messing 96 mm'],
    unit: 'pcs',
    stock: 40,
    step: 1,
  },
  { prefix: 'WAS', name: 'Wasserhahn-Dichtung', variants: ['1/2"', '3/4"', '1"'], unit: 'pack', stock: 30, step: 1 },
  { prefix: 'REI', name: 'Allzweckreiniger', variants: ['1 l', '5 l Kanister'], unit: 'pcs', stock: 40, step: 1 },
  { prefix: 'OEL', name: 'Kettensägenöl', variants: ['Bio'], unit: 'l', stock: 60, step: 1 },
  {
    prefix: 'KET',
    name: 'Rundstahlkette verzinkt',
    variants: ['4 mm', '6 mm', '8 mm'],
    unit: 'm',
    stock: 80,
    step: 1.5,
  },
  { prefix: 'SEI', name: 'Polypropylenseil', variants: ['6 mm', '8 mm', '10 mm'], unit: 'm', stock: 120, step: 5 },
  {
    prefix: 'KAR',
    name: 'Versandkarton',
    variants: ['300 x 200 x 150', '400 x 300 x 200', '600 x 400 x 400'],
    unit: 'pcs',
    stock: 300,
    step: 10,
  },
  { prefix: 'KLB', name: 'Packband', variants: ['braun 50 mm', 'transparent 50 mm'], unit: 'pcs', stock: 100, step: 1 },
  { prefix: 'PAL', name: 'Europalette', variants: ['neu', 'gebraucht'], unit: 'pcs', stock: 40, step: 1 },
  { prefix: 'STR', name: 'Stretchfolie', variants: ['23 µ', '17 µ'], unit: 'pcs', stock: 30, step: 1 },
  { prefix: 'KAF', name: 'Kaffeebohnen', variants: ['Crema 1 kg', 'Espresso 1 kg'], unit: 'kg', stock: 20, step: 1 },
  {
    prefix: 'WAS2',
    name: 'Mineralwasser',
    variants: ['still 12 x 1 l', 'medium 12 x 1 l'],
    unit: 'box',
    stock: 30,
    step: 1,
  },
  {
    prefix: 'WDB',
    name: 'Wärmedämmplatte EPS',
    variants: ['40 mm', '60 mm', '100 mm'],
    unit: 'm2',
    stock: 150,
    step: 6,
  },
  { prefix: 'BET', name: 'Fertigbeton', variants: ['C20/25'], unit: 'm3', stock: 8, step: 0.25 },
  {
    prefix: 'TRO',
    name: 'Trockenbauprofil',
    variants: ['CW 50', 'UW 50', 'CW 75', 'UW 75'],
    unit: 'pcs',
    stock: 120,
    step: 4,
  },
  {
    prefix: 'GKP',
    name: 'Gipskartonplatte',
    variants: ['12,5 mm 2,6 m', '12,5 mm imprägniert'],
    unit: 'pcs',
    stock: 80,
    step: 5,
  },
  { prefix: 'ANS', name: 'Fugenspachtel', variants: ['5 kg', '25 kg'], unit: 'pcs', stock: 25, step: 1 },
  { prefix: 'LEI', name: 'Leiter Alu', variants: ['3 Stufen', '5 Stufen', '7 Stufen'], unit: 'pcs', stock: 6, step: 1 },
  { prefix: 'WZK', name: 'Werkzeugkoffer', variants: ['leer', '108-teilig'], unit: 'pcs', stock: 5, step: 1 },
  { prefix: 'SCI', name: 'Schutzbrille', variants: ['klar', 'getönt'], unit: 'pcs', stock: 40, step: 1 },
  { prefix: 'GEH', name: 'Gehörschutz', variants: ['Kapsel', 'Stöpsel 50 Paar'], unit: 'pcs', stock: 20, step: 1 },
  {
    prefix: 'VER',
    name: 'Verlängerungskabel',
    variants: ['5 m', '10 m', '25 m Trommel'],
    unit: 'pcs',
    stock: 15,
    step: 1,
  },
  {
    prefix: 'NAE',
    name: 'Nägel verzinkt',
    variants: ['25 mm', '40 mm', '60 mm', '80 mm', '100 mm'],
    unit: 'kg',
    stock: 30,
    step: 0.5,
  },
  { prefix: 'SPA', name: 'Spanplatte', variants: ['16 mm', '19 mm', '10 mm'], unit: 'm2', stock: 60, step: 5.796 },
  {
    prefix: 'ABF',
    name: 'Abflussrohr HT',
    variants: ['DN 40', 'DN 50', 'DN 75', 'DN 110'],
    unit: 'pcs',
    stock: 40,
    step: 1,
  },
  {
    prefix: 'ESK',
    name: 'Schalterprogramm',
    variants: ['Aus/Wechsel weiß', 'Serie weiß', 'Taster weiß', 'Doppelsteckdose weiß'],
    unit: 'pcs',
    stock: 50,
    step: 1,
  },
  { prefix: 'WAN', name: 'Wandhaken', variants: ['klein', 'mittel', 'groß'], unit: 'pack', stock: 30, step: 1 },
  { prefix: 'RAS', name: 'Rasensamen', variants: ['Sport', 'Schatten'], unit: 'kg', stock: 25, step: 1 },
  {
    prefix: 'STE',
    name: 'Steckdosenleiste',
    variants: ['3-fach', '5-fach', '6-fach mit Schalter'],
    unit: 'pcs',
    stock: 25,
    step: 1,
  },
];

const DAY = 24 * 60 * 60 * 1000;

/**
 * ~200 articles with a month of realistic movements for the demo warehouse: opening stock,
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
  const start = now.getTime() - 30 * DAY;

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

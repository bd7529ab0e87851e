/**
 * Stock valuation as of the end of a past day (stock-spec-3 §3), read from the journal: per article its
 * last row before the cut (`quantity_after`, `average_cost_after`); per article and location the stock
 * there now minus every movement there since the cut, valued at the article's average at the cut. Values are numeric in the database,
 * rounded half-up to 2 places per line; the total is the sum of the lines.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { fieldError } from '../../platform/errors';
import type { Language } from '../../platform/i18n';
import { formatMoney, formatNumber, pdfLocale } from '../../platform/pdf';
import { csvDocument } from './csv-export';
import { parseIsoInstant } from './iso-dates';
import { type PdfColumn, printedAt, tablePdf } from './pdf';
import { fromMilli, unitLabel } from './quantity';
import { centsText, costText } from './value';

export const VALUATION_GROUPS = ['article', 'location'] as const;
export type ValuationGroup = (typeof VALUATION_GROUPS)[number];
/** Lager has no time zone per warehouse yet: German by default (the product's default language). */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

export interface ValuationQuery {
  at: string;
  group?: ValuationGroup;
  time_zone?: string;
}

function checkQuery(query: ValuationQuery) {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(query.at) ? parseIsoInstant(query.at) : null;
  if (!at) throw fieldError('at', 'stock.valuationDateInvalid');
  const zone = query.time_zone ?? DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw fieldError('time_zone', 'stock.timeZoneInvalid');
  }
  return { zone };
}

interface Row {
  article_id: number;
  sku: string;
  name: string;
  unit: string;
  location_id: number | null;
  location_code: string | null;
  quantity: string | number;
  average_cost: string | null;
  value: string | null;
}

export async function valuation(db: Db, warehouseId: number, query: ValuationQuery) {
  const { zone } = checkQuery(query);
  const group = query.group ?? 'article';
  // The first instant of the next day in the zone: rows created before it count.
  const cut = sql`((${query.at}::date + 1)::timestamp AT TIME ZONE ${zone}::text)`;
  const lastOfArticle = sql`SELECT m.quantity_after, m.average_cost_after FROM stock_movements m
      WHERE m.article_id = a.id AND m.created_at < ${cut}
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1`;
  const rows =
    group === 'article'
      ? sql`SELECT a.id AS article_id, a.sku, a.name, a.unit, NULL::integer AS location_id, NULL::text AS location_code,
            last.quantity_after AS quantity, last.average_cost_after AS average_cost,
            round(last.quantity_after::numeric / 1000 * last.average_cost_after, 2) AS value
          FROM stock_articles a CROSS JOIN LATERAL (${lastOfArticle}) last
          WHERE a.warehouse_id = ${warehouseId} AND last.quantity_after <> 0
          ORDER BY lower(a.sku), a.id`
      : // Per location, counted back from the stock there now: minus every movement there at or after the cut. A
        // movement without a location (booked before locations, the demo's history) counts where a booking naming
        // none goes today — the article's default location, else STANDARD — as the location history does; so stock
        // placed at a location without a movement (the locations migration) is valued there too.
        sql`WITH later AS (
            SELECT m.article_id, coalesce(m.location_id, d.location_id, standard.id) AS location_id, sum(m.delta) AS delta
            FROM stock_movements m
            LEFT JOIN stock_default_locations d ON d.article_id = m.article_id
            LEFT JOIN LATERAL (SELECT s.id FROM stock_locations s
              WHERE s.warehouse_id = ${warehouseId} AND lower(s.code) = 'standard' LIMIT 1) standard ON true
            WHERE m.warehouse_id = ${warehouseId} AND m.created_at >= ${cut}
            GROUP BY 1, 2
          ), places AS (
            SELECT coalesce(q.article_id, later.article_id) AS article_id,
                   coalesce(q.location_id, later.location_id) AS location_id,
                   coalesce(q.quantity, 0) - coalesce(later.delta, 0) AS quantity
            FROM (SELECT article_id, location_id, quantity FROM stock_location_quantities
                  WHERE warehouse_id = ${warehouseId}) q
            FULL JOIN later ON later.article_id = q.article_id AND later.location_id = q.location_id
          )
          SELECT a.id AS article_id, a.sku, a.name, a.unit, l.id AS location_id, l.code AS location_code,
            p.quantity, last.average_cost_after AS average_cost,
            round(p.quantity::numeric / 1000 * last.average_cost_after, 2) AS value
          FROM places p JOIN stock_articles a ON a.id = p.article_id JOIN stock_locations l ON l.id = p.location_id
          LEFT JOIN LATERAL (${lastOfArticle}) last ON true
          WHERE p.quantity <> 0
          ORDER BY lower(a.sku), a.id, lower(l.code)`;
  // Without JIT: the plan's cost (100 000 index probes) is above jit_above_cost, and compiling it took 200–400 ms of a
  // 1–2 s answer on PostgreSQL (bench/value/run.ts) for a query that runs once. SET LOCAL ends with the transaction.
  const result = (await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return tx.execute(rows);
  })) as unknown as { rows: Row[] };
  let cents = 0n;
  const lines = result.rows.map((r) => ({
    article_id: Number(r.article_id),
    sku: r.sku,
    name: r.name,
    unit: r.unit,
    ...(group === 'location' ? { location_id: Number(r.location_id), location_code: r.location_code } : {}),
    quantity: fromMilli(Number(r.quantity)),
    average_cost: costText(r.average_cost === null ? null : String(r.average_cost)),
    value: r.value === null ? null : lineValue(String(r.value), (c) => (cents += c)),
  }));
  return {
    at: query.at,
    time_zone: zone,
    group,
    lines,
    total_value: centsText(cents),
  };
}

/** A line's value ("12.30", as round(…, 2) prints it), its cents added to the total. */
const lineValue = (text: string, add: (cents: bigint) => unknown) => {
  const [whole = '0', fraction = ''] = text.split('.');
  add(BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2)));
  return text;
};

export type Valuation = Awaited<ReturnType<typeof valuation>>;

const HEADERS = {
  de: ['Artikelnummer', 'Bezeichnung', 'Lagerplatz', 'Menge', 'Einheit', 'Durchschnittlicher Einstandspreis', 'Wert'],
  en: ['SKU', 'Name', 'Location', 'Quantity', 'Unit', 'Average cost', 'Value'],
};
const TOTAL = { de: 'Summe', en: 'Total' };

/** The valuation as CSV (decimal commas for German), the total as the last line. */
export function valuationCsv(v: Valuation, lang: Language) {
  const money = (text: string | null) => (text === null ? null : lang === 'de' ? text.replace('.', ',') : text);
  const records = v.lines.map((l) => [
    l.sku,
    l.name,
    'location_code' in l ? (l.location_code ?? null) : null,
    l.quantity,
    l.unit,
    money(l.average_cost),
    money(l.value),
  ]);
  records.push([TOTAL[lang], null, null, null, null, null, money(v.total_value)]);
  return csvDocument(HEADERS[lang], records, lang);
}

const PDF_WORDS = {
  de: {
    title: 'Bestandsbewertung zum',
    perArticle: 'je Artikel',
    perLocation: 'je Artikel und Lagerplatz',
    state: 'Stand: Ende des Tages',
    method: 'Bewertung: gleitender Durchschnitt (durchschnittlicher Einstandspreis)',
    printed: 'Gedruckt',
    sku: 'Art.-Nr.',
    name: 'Bezeichnung',
    location: 'Lagerplatz',
    quantity: 'Menge',
    unit: 'Einheit',
    cost: 'Ø Einstandspreis',
    value: 'Wert',
    total: 'Summe',
    lines: 'Positionen',
    footer: 'Bestandsbewertung',
  },
  en: {
    title: 'Stock valuation as of',
    perArticle: 'per article',
    perLocation: 'per article and location',
    state: 'State: end of the day',
    method: 'Valuation: moving average (average purchase cost)',
    printed: 'Printed',
    sku: 'SKU',
    name: 'Name',
    location: 'Location',
    quantity: 'Quantity',
    unit: 'Unit',
    cost: 'Average cost',
    value: 'Value',
    total: 'Total',
    lines: 'Lines',
    footer: 'Stock valuation',
  },
} satisfies Record<Language, Record<string, string>>;

/** The valuation as a printed table (view_stock_value only, like the JSON): lines and the total. */
export async function valuationPdf(v: Valuation, warehouseName: string, lang: Language) {
  const w = PDF_WORDS[lang];
  const perLocation = v.group === 'location';
  const day = new Intl.DateTimeFormat(pdfLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${v.at}T12:00:00Z`),
  );
  const money = (text: string | null) => (text === null ? '' : formatMoney(lang, text, 'EUR'));
  const columns: PdfColumn[] = [
    { title: w.sku, width: 80 },
    { title: w.name, width: perLocation ? 115 : 170 },
    ...(perLocation ? [{ title: w.location, width: 65 }] : []),
    { title: w.quantity, width: 60, align: 'right' as const },
    { title: w.unit, width: 40 },
    { title: w.cost, width: 90, align: 'right' as const },
    { title: w.value, width: 0, align: 'right' as const },
  ];
  // The value column takes what is left of the 515 pt between the margins.
  columns[columns.length - 1]!.width = 515 - columns.slice(0, -1).reduce((sum, c) => sum + c.width, 0);
  const rows = v.lines.map((l) => [
    l.sku,
    l.name,
    ...(perLocation ? [('location_code' in l ? l.location_code : null) ?? ''] : []),
    formatNumber(lang, l.quantity),
    unitLabel(lang, l.unit),
    money(l.average_cost),
    money(l.value),
  ]);
  const title = `${w.title} ${day}`;
  return tablePdf({
    title,
    lines: [
      `${warehouseName} · ${perLocation ? w.perLocation : w.perArticle}`,
      `${w.state} (${v.time_zone}) · ${w.lines}: ${v.lines.length}`,
      w.method,
      `${w.printed}: ${printedAt(lang, new Date())}`,
    ],
    columns,
    sections: [{ rows }],
    totals: [[w.total, ...columns.slice(2).map(() => ''), money(v.total_value)]],
    footer: `${w.footer} ${v.at} · ${warehouseName}`,
    lang,
  });
}

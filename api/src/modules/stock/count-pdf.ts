/**
 * The printed count (stock-spec-3 §3): count sheets per location to write on (no expected quantity in a
 * blind session while it is open, never a cost), and the signed-off count list after closing (costs and
 * values only for view_stock_value). German by default, English with the request's language.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Language } from '../../platform/i18n';
import { formatMoney, formatNumber } from '../../platform/pdf';
import { findSession, sessionJson } from './counts';
import { type PdfColumn, type PdfSection, printedAt, tablePdf } from './pdf';
import { unitLabel } from './quantity';
import { centsText, valueCents } from './value';

const WORDS = {
  de: {
    sheets: 'Zählliste',
    list: 'Inventurliste',
    count: 'Inventur',
    location: 'Lagerplatz',
    sku: 'Art.-Nr.',
    name: 'Bezeichnung',
    lot: 'Charge/Serie',
    unit: 'Einheit',
    expected: 'Soll',
    counted: 'Gezählt',
    difference: 'Differenz',
    cost: 'Ø Einstandspreis',
    value: 'Wert',
    countedBy: 'Gezählt von',
    opened: 'Eröffnet',
    closed: 'Abgeschlossen',
    by: 'von',
    scope: 'Bereich',
    warehouse: 'ganzes Lager',
    blind: 'Blindzählung: ohne Sollmengen',
    lines: 'Positionen',
    counter: 'Zähler/in: ______________________',
    signature: 'Unterschrift: ______________________',
    total: 'Summe',
    differenceValue: 'Wert der Differenzen',
    notCounted: 'nicht gezählt',
  },
  en: {
    sheets: 'Count sheet',
    list: 'Count list',
    count: 'Count',
    location: 'Location',
    sku: 'SKU',
    name: 'Name',
    lot: 'Lot/serial',
    unit: 'Unit',
    expected: 'Expected',
    counted: 'Counted',
    difference: 'Difference',
    cost: 'Average cost',
    value: 'Value',
    countedBy: 'Counted by',
    opened: 'Opened',
    closed: 'Closed',
    by: 'by',
    scope: 'Scope',
    warehouse: 'whole warehouse',
    blind: 'Blind count: no expected quantities',
    lines: 'Lines',
    counter: 'Counter: ______________________',
    signature: 'Signature: ______________________',
    total: 'Total',
    differenceValue: 'Value of differences',
    notCounted: 'not counted',
  },
} satisfies Record<Language, Record<string, string>>;

type SessionAnswer = Awaited<ReturnType<typeof sessionJson>> & {
  lines: {
    article_sku: string;
    article_name: string;
    unit: string;
    location_code: string;
    lot: string | null;
    serial: string | null;
    expected?: number;
    counted: number | null;
    counted_by: string | null;
    difference: number | null;
    average_cost: string | null;
    value: string | null;
  }[];
};

async function loadSession(db: Db, warehouseId: number, id: number) {
  const session = await findSession(db, warehouseId, id);
  const root = session.locationId
    ? (
        (await db.execute(sql`SELECT code FROM stock_locations WHERE id = ${session.locationId}`)) as unknown as {
          rows: { code: string }[];
        }
      ).rows[0]
    : undefined;
  return { answer: (await sessionJson(db, session)) as SessionAnswer, scope: root?.code ?? null };
}

const footerOf = (lang: Language, title: string, id: number, opened: string) =>
  `${title} · ${WORDS[lang].count} ${id} · ${printedAt(lang, opened)}`;

/** Count sheets: one page (or more) per location, an empty box per line to write the count in. */
export async function countSheetsPdf(db: Db, warehouseId: number, id: number, lang: Language) {
  const w = WORDS[lang];
  const { answer, scope } = await loadSession(db, warehouseId, id);
  const withExpected = !(answer.blind && answer.status === 'open');
  const columns: PdfColumn[] = [
    { title: w.sku, width: 85 },
    { title: w.name, width: withExpected ? 170 : 230 },
    { title: w.lot, width: 80 },
    { title: w.unit, width: 45 },
    ...(withExpected ? [{ title: w.expected, width: 60, align: 'right' as const }] : []),
    { title: w.counted, width: 75, box: true },
  ];
  const byLocation = new Map<string, string[][]>();
  for (const line of answer.lines) {
    const rows = byLocation.get(line.location_code) ?? [];
    rows.push([
      line.article_sku,
      line.article_name,
      line.lot ?? line.serial ?? '',
      unitLabel(lang, line.unit),
      ...(withExpected ? [formatNumber(lang, line.expected ?? 0)] : []),
      '',
    ]);
    byLocation.set(line.location_code, rows);
  }
  const sections: PdfSection[] = [...byLocation].map(([code, rows]) => ({
    heading: `${w.location} ${code}`,
    note: w.counter,
    rows,
    newPage: true,
  }));
  const title = `${w.sheets} – ${w.count} ${answer.id}`;
  return tablePdf({
    title,
    lines: [
      `${w.scope}: ${scope === null ? w.warehouse : `${w.location} ${scope}`}`,
      `${w.opened}: ${printedAt(lang, answer.opened_at)} ${w.by} ${answer.opened_by}`,
      ...(answer.blind && !withExpected ? [w.blind] : []),
    ],
    columns,
    sections: sections.length ? sections : [{ rows: [] }],
    footer: footerOf(lang, w.sheets, answer.id, answer.opened_at),
    lang,
  });
}

/** The signed-off count list (closed sessions only: the caller answers 409 before). */
export async function countListPdf(db: Db, warehouseId: number, id: number, lang: Language, withValue: boolean) {
  const w = WORDS[lang];
  const { answer, scope } = await loadSession(db, warehouseId, id);
  const number = (v: number | null | undefined) => (v === null || v === undefined ? '' : formatNumber(lang, v));
  const money = (v: string | null) => (v === null ? '' : formatMoney(lang, v, 'EUR'));
  const columns: PdfColumn[] = [
    { title: w.sku, width: 75 },
    { title: w.name, width: withValue ? 140 : 230 },
    { title: w.location, width: 75 },
    { title: w.lot, width: 70 },
    { title: w.expected, width: 55, align: 'right' },
    { title: w.counted, width: 55, align: 'right' },
    { title: w.difference, width: 60, align: 'right' },
    { title: w.unit, width: 45 },
    { title: w.countedBy, width: withValue ? 75 : 170 },
    ...(withValue
      ? [
          { title: w.cost, width: 85, align: 'right' as const },
          { title: w.value, width: 85, align: 'right' as const },
        ]
      : []),
  ];
  let cents = 0n;
  let differenceCents = 0n;
  const centsOf = (text: string) => BigInt(text.replace('.', ''));
  const rows = answer.lines.map((l) => {
    if (l.value !== null) cents += centsOf(l.value);
    if (withValue && l.difference !== null && l.average_cost !== null) {
      // difference × average cost, exact to the cent (half-up on the amount, the sign kept).
      const milli = Math.round(l.difference * 1000);
      const amount = valueCents(Math.abs(milli), l.average_cost) ?? 0n;
      differenceCents += milli < 0 ? -amount : amount;
    }
    return [
      l.article_sku,
      l.article_name,
      l.location_code,
      l.lot ?? l.serial ?? '',
      number(l.expected),
      l.counted === null ? w.notCounted : number(l.counted),
      number(l.difference),
      unitLabel(lang, l.unit),
      l.counted_by ?? '',
      ...(withValue ? [money(l.average_cost), money(l.value)] : []),
    ];
  });
  const blank = (n: number) => Array.from({ length: n }, () => '');
  const title = `${w.list} – ${w.count} ${answer.id}`;
  return tablePdf({
    title,
    lines: [
      `${w.scope}: ${scope === null ? w.warehouse : `${w.location} ${scope}`}`,
      `${w.lines}: ${answer.lines.length}`,
    ],
    columns,
    sections: [{ rows }],
    totals: withValue
      ? [
          [w.total, ...blank(9), money(centsText(cents))],
          [w.differenceValue, ...blank(9), money(centsText(differenceCents))],
        ]
      : undefined,
    after: [
      `${w.opened}: ${printedAt(lang, answer.opened_at)} ${w.by} ${answer.opened_by}`,
      `${w.closed}: ${answer.closed_at ? printedAt(lang, answer.closed_at) : ''} ${w.by} ${answer.closed_by ?? ''}`,
      '',
      w.signature,
    ],
    footer: footerOf(lang, w.list, answer.id, answer.opened_at),
    landscape: true,
    lang,
  });
}

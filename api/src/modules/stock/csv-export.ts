import { Readable } from 'node:stream';
import { Type } from '@fastify/type-provider-typebox';
import { stringify } from 'csv-stringify/sync';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../platform/db/client';
import type { Language } from '../../platform/i18n';
import { assertJournalFilter, type JournalFilter, journalConditions } from './journal';
import { responses } from './schemas';
import { stockArticles as a, stockMovements as m } from './tables';

/** Text a spreadsheet would run as a formula (=, +, -, @) is prefixed with a quote. */
const neutralize = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The schema of a CSV answer (200) and its errors, for the routes that export. */
export const csvResponses = () =>
  responses(
    { 200: Type.String({ description: 'UTF-8 CSV with BOM; `;`-separated for Accept-Language: de.' }) },
    401,
    403,
    422,
  );

/** Sends a CSV download named `<name>-<today>.csv`, never cached. */
export function sendCsv(reply: FastifyReply, name: string, body: string | Readable) {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${date}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** A decimal as German (`,`) or English (`.`) Excel reads it. */
const decimal = (lang: Language) => (value: number) =>
  lang === 'de' ? String(value).replace('.', ',') : String(value);

const DELIMITERS: Record<Language, string> = { de: ';', en: ',' };

/**
 * A whole CSV document by the journal's rules (BOM, `;` and decimal commas for German, formula
 * text neutralized); for short lists that need no streaming (the reorder list).
 */
export function csvDocument(header: string[], records: (string | number | null)[][], lang: Language): string {
  const number = decimal(lang);
  const cells = records.map((record) =>
    record.map((value) => (value === null ? '' : typeof value === 'number' ? number(value) : neutralize(value))),
  );
  return `\uFEFF${stringify([header, ...cells], { delimiter: DELIMITERS[lang] })}`;
}

/*
 * The journal export's cells are written by PostgreSQL, by the same rules as `csvDocument`'s
 * (and byte for byte what they made of the journal's JSON rows before).
 */

/**
 * An instant as `Date#toISOString` writes it: UTC, milliseconds cut off (not rounded) as in a JS
 * Date read from PostgreSQL's microseconds. (Years past 9999, which toISOString writes as
 * `+010000`, cannot occur: created_at is the server's clock, occurred_at at most a week old.)
 */
const isoInstant = (column: AnyColumn) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Starts with what a spreadsheet runs as a formula: `neutralize`'s test. */
const FORMULA = String.raw`^[=+@\t\r-]`;

/**
 * A text cell as `neutralize` and csv-stringify make it: a `'` before a formula's first character;
 * in quotes, its quotes doubled, when it holds a quote, the delimiter or a line break (null stays
 * null: `concat` leaves it out). One regular expression per cell finds the rare cell that needs either.
 */
function textCell(column: AnyColumn | SQL, delimiter: string) {
  const quoted = String.raw`["${delimiter}\n\r]`;
  return sql`CASE WHEN ${column} !~ ${sql.raw(`'${FORMULA}|${quoted}'`)} THEN ${column}
    WHEN ${column} !~ ${sql.raw(`'${quoted}'`)} THEN '''' || ${column}
    ELSE '"' || CASE WHEN ${column} ~ ${sql.raw(`'${FORMULA}'`)} THEN '''' ELSE '' END
      || replace(${column}, '"', '""') || '"' END`;
}

/** Thousandths as `decimal` writes their number: no trailing zeros, a German decimal comma. */
function decimalCell(column: AnyColumn, delimiter: string) {
  const text = sql`trim_scale(${column} / 1000.0)::text`;
  return delimiter === ';' ? sql`replace(${text}, '.', ',')` : text;
}

/**
 * The journal's columns: the header in both languages and the cell. Last the device time, so
 * existing sheets keep their columns: when a booking sent later (offline) happened on the device;
 * empty when the booking named no time.
 */
const COLUMNS: { de: string; en: string; cell: (delimiter: string) => SQL }[] = [
  { de: 'Zeitpunkt', en: 'Time', cell: () => isoInstant(m.createdAt) },
  { de: 'Buchung', en: 'Movement', cell: () => sql`${m.id}` },
  // As it is: its CHECK allows a few plain words only.
  { de: 'Art', en: 'Kind', cell: () => sql`${m.kind}` },
  { de: 'Artikelnummer', en: 'SKU', cell: (d) => textCell(a.sku, d) },
  { de: 'Artikel', en: 'Article', cell: (d) => textCell(a.name, d) },
  { de: 'Menge', en: 'Quantity', cell: (d) => decimalCell(m.delta, d) },
  { de: 'Bestand danach', en: 'Stock after', cell: (d) => decimalCell(m.quantityAfter, d) },
  { de: 'Einheit', en: 'Unit', cell: (d) => textCell(a.unit, d) },
  { de: 'Grund', en: 'Reason', cell: (d) => textCell(m.reason, d) },
  { de: 'Notiz', en: 'Note', cell: (d) => textCell(m.note, d) },
  { de: 'Referenz', en: 'Reference', cell: (d) => textCell(m.reference, d) },
  { de: 'Benutzer', en: 'User', cell: (d) => textCell(m.userName, d) },
  { de: 'Umlagerung', en: 'Transfer', cell: () => sql`${m.transferId}` },
  { de: 'Storno von', en: 'Reverses', cell: () => sql`${m.reversesId}` },
  { de: 'Zeitpunkt am Gerät', en: 'Time on device', cell: () => isoInstant(m.occurredAt) },
  // stock-spec-3 §2, after the device time so existing sheets keep their columns.
  { de: 'Charge', en: 'Lot', cell: (d) => textCell(m.lot, d) },
  { de: 'Seriennummer', en: 'Serial', cell: (d) => textCell(m.serial, d) },
  { de: 'MHD', en: 'Best before', cell: () => sql`to_char(${m.bestBefore}, 'YYYY-MM-DD')` },
  // Where (stock-spec-2.md §1): the location's code (a relocation's two rows, linked by "Umlagerung",
  // say from where and to where) and the stock there after it; empty on rows from before locations.
  // The table belongs to the locations module, which builds on this one: joined by name (csvPage).
  {
    de: 'Lagerplatz',
    en: 'Location',
    cell: (d) => textCell(sql.raw('place.code'), d),
  },
  {
    de: 'Bestand am Lagerplatz danach',
    en: 'Stock at the location after',
    cell: (d) => decimalCell(m.locationQuantityAfter, d),
  },
];

/**
 * A journal row as one CSV line (with its `\n`), per language: `concat` writes numbers and uuids as
 * text, null as nothing, and builds the line in one copy (a chain of `||` copies it per piece).
 */
const LINES = Object.fromEntries(
  Object.entries(DELIMITERS).map(([lang, d]) => [
    lang,
    sql`concat(${sql.join(
      COLUMNS.map((c) => c.cell(d)),
      sql.raw(`, '${d}', `),
    )}, chr(10))`,
  ]),
) as Record<Language, SQL>;

interface CsvPage {
  csv: string;
  n: number;
  key: string;
  id: string;
}

/**
 * Up to `limit` journal rows, newest first, as the CSV text of their lines written by the database
 * in one row (like the location list), with how many and the (created_at, id) of the last.
 */
async function csvPage(db: Db, conditions: SQL[], line: SQL, limit: number): Promise<CsvPage | undefined> {
  const result = await db.execute(sql`
    WITH page AS MATERIALIZED (
      SELECT ${m.createdAt} AS t, ${m.id} AS id, ${line} AS line
      FROM ${m} JOIN ${a} ON ${a.id} = ${m.articleId}
      LEFT JOIN stock_locations place ON place.id = ${m.locationId}
      WHERE ${and(...conditions)}
      ORDER BY ${m.createdAt} DESC, ${m.id} DESC
      LIMIT ${limit})
    SELECT (SELECT string_agg(line, '' ORDER BY t DESC, id DESC) FROM page) AS csv,
      (SELECT count(*)::int FROM page) AS n, last.t::text AS key, last.id::text AS id
    FROM (SELECT t, id FROM page ORDER BY t, id LIMIT 1) AS last`);
  return (result as unknown as { rows: CsvPage[] }).rows[0];
}

/**
 * German Excel opens `;`-separated files with decimal commas; English gets `,` and points.
 * UTF-8 with BOM so Excel picks the right encoding. Pages of `batch` rows, each one string the
 * database wrote (no row objects, dates or cells made in JavaScript: for a million rows those were
 * gigabytes of garbage), read only as fast as the client takes them and no more once it is gone.
 * Each `read` pushes one page (made bytes at once) and returns, so no page's text is still
 * referenced when the next one arrives: an async generator's frame would hold it over the next
 * query, and V8 would move every page to its old generation (a heap peak of +100 MB for a million
 * rows) instead of dropping it young.
 */
export function journalCsv(db: Db, warehouseId: number, filter: JournalFilter, lang: Language, batch = 1000): Readable {
  // Refuse bad dates now (422): once streaming has begun the status line is already sent.
  assertJournalFilter(filter);
  const conditions = journalConditions(warehouseId, filter);
  /** What the next page's rows come after; null before the first, undefined when done. */
  let after: SQL | null | undefined = null;
  return new Readable({
    async read() {
      if (after === null) {
        after = sql`true`;
        this.push(`\uFEFF${stringify([COLUMNS.map((c) => c[lang])], { delimiter: DELIMITERS[lang] })}`);
        return;
      }
      try {
        const page = await csvPage(db, [...conditions, after!], LINES[lang], batch);
        if (this.destroyed) return;
        after =
          page?.n === batch
            ? sql`(${m.createdAt}, ${m.id}) < (${page.key}::timestamptz, ${page.id}::bigint)`
            : undefined;
        if (page) this.push(page.csv);
        if (!after) this.push(null);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}

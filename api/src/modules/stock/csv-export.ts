import { Readable } from 'node:stream';
import { Type } from '@fastify/type-provider-typebox';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../platform/db/client';
import type { Language } from '../../platform/i18n';
import { assertJournalFilter, type JournalFilter, journalRows, type MovementJson } from './journal';
import { responses } from './schemas';

const COLUMNS: { key: keyof MovementJson; de: string; en: string }[] = [
  { key: 'created_at', de: 'Zeitpunkt', en: 'Time' },
  { key: 'id', de: 'Buchung', en: 'Movement' },
  { key: 'kind', de: 'Art', en: 'Kind' },
  { key: 'article_sku', de: 'Artikelnummer', en: 'SKU' },
  { key: 'article_name', de: 'Artikel', en: 'Article' },
  { key: 'delta', de: 'Menge', en: 'Quantity' },
  { key: 'quantity_after', de: 'Bestand danach', en: 'Stock after' },
  { key: 'unit', de: 'Einheit', en: 'Unit' },
  { key: 'reason', de: 'Grund', en: 'Reason' },
  { key: 'note', de: 'Notiz', en: 'Note' },
  { key: 'reference', de: 'Referenz', en: 'Reference' },
  { key: 'user_name', de: 'Benutzer', en: 'User' },
  { key: 'transfer_id', de: 'Umlagerung', en: 'Transfer' },
  { key: 'reverses_id', de: 'Storno von', en: 'Reverses' },
  // Last, so existing sheets keep their columns: when a booking sent later (offline) happened on
  // the device; empty when the booking named no time.
  { key: 'occurred_at', de: 'Zeitpunkt am Gerät', en: 'Time on device' },
];

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

/**
 * A whole CSV document by the journal's rules (BOM, `;` and decimal commas for German, formula
 * text neutralized); for short lists that need no streaming (the reorder list).
 */
export function csvDocument(header: string[], records: (string | number | null)[][], lang: Language): string {
  const delimiter = lang === 'de' ? ';' : ',';
  const number = decimal(lang);
  const cells = records.map((record) =>
    record.map((value) => (value === null ? '' : typeof value === 'number' ? number(value) : neutralize(value))),
  );
  return `\uFEFF${stringify([header, ...cells], { delimiter })}`;
}

/**
 * German Excel opens `;`-separated files with decimal commas; English gets `,` and points.
 * UTF-8 with BOM so Excel picks the right encoding.
 */
export function journalCsv(db: Db, warehouseId: number, filter: JournalFilter, lang: Language): Readable {
  // Refuse bad dates now (422): once streaming has begun the status line is already sent.
  assertJournalFilter(filter);
  const delimiter = lang === 'de' ? ';' : ',';
  const number = decimal(lang);
  async function* lines() {
    yield `\uFEFF${stringify([COLUMNS.map((c) => c[lang])], { delimiter })}`;
    for await (const movements of journalRows(db, warehouseId, filter)) {
      const records = movements.map((row) =>
        COLUMNS.map(({ key }) => {
          const value = row[key];
          if (value === null || value === undefined) return '';
          if (typeof value === 'number') return key === 'delta' || key === 'quantity_after' ? number(value) : value;
          return neutralize(value);
        }),
      );
      if (records.length) yield stringify(records, { delimiter });
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

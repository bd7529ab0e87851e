import { parse } from 'csv-parse/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { FieldErrors } from '../../platform/errors';
import { type Language, type MessageKey, translate, type Vars } from '../../platform/i18n';
import { quantityField } from './articles';
import { barcodeIsValid } from './barcode';
import type { Booker } from './bookings';
import { isWhole, needsWhole, UNITS, type Unit } from './quantity';
import { type ArticleRow, stockArticles as a, stockMovements as m } from './tables';

export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_COLUMNS = ['sku', 'name', 'unit', 'min_stock', 'barcode', 'description', 'quantity'] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
const REQUIRED: Column[] = ['sku', 'name', 'unit'];
/** Rows per INSERT/UPDATE statement (keeps parameter counts far below PostgreSQL's 65 535). */
const CHUNK = 1000;

export interface ImportError {
  line: number;
  field: string;
  message: string;
}
export interface ImportResult {
  created: number;
  updated: number;
  errors: ImportError[];
}

interface Row {
  line: number;
  sku: string;
  name: string;
  unit: Unit;
  minStock: number | undefined;
  barcode: string | null | undefined;
  description: string | null | undefined;
  quantity: number;
}

/** `2,5` (German) and `2.5` both mean two and a half; empty means "not given". */
function decimal(text: string | undefined): number | undefined | null {
  if (text === undefined || text === '') return undefined;
  const normalized = /^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  return /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : null;
}

/** The header line decides the separator: `;` when it has more semicolons than commas. */
const delimiterOf = (text: string) => {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
};

/**
 * Parses and checks the whole file against the warehouse before anything is written: every
 * error of every line is reported, and `rows` is only usable when `errors` is empty.
 */
export async function validateImport(db: Db, warehouseId: number, text: string, lang: Language) {
  const errors: ImportError[] = [];
  const say = (line: number, field: string, key: MessageKey, vars: Vars = {}) =>
    errors.push({ line, field, message: translate(lang, key, { field: field.replace(/_/g, ' '), ...vars }) });

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = Number((error as { lines?: number }).lines) || 1;
    say(line, 'file', 'stock.importUnreadable', { reason: (error as Error).message });
    return { rows: [], existing: new Map<string, ArticleRow>(), errors };
  }
  const [header, ...body] = records;
  const columns = (header?.record ?? []).map((name) => name.toLowerCase());
  const index = new Map(columns.map((name, i) => [name, i]));
  const unknown = columns.filter((c) => !(IMPORT_COLUMNS as readonly string[]).includes(c));
  if (!header || REQUIRED.some((c) => !index.has(c)) || unknown.length) {
    say(1, 'header', 'stock.importHeader', { columns: IMPORT_COLUMNS.join(', ') });
  }
  if (body.length === 0) say(header ? 2 : 1, 'file', 'stock.importEmpty');
  if (body.length > IMPORT_MAX_ROWS)
    say(IMPORT_MAX_ROWS + 2, 'file', 'stock.importTooManyRows', { max: IMPORT_MAX_ROWS });
  if (errors.length) return { rows: [], existing: new Map<string, ArticleRow>(), errors };

  const cell = (record: string[], column: Column) => {
    const i = index.get(column);
    return i === undefined ? undefined : (record[i] ?? '');
  };
  const rows: Row[] = [];
  const firstLineOfSku = new Map<string, number>();
  const firstLineOfBarcode = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const fieldErrors: FieldErrors = {};
    const sku = cell(record, 'sku') ?? '';
    const name = cell(record, 'name') ?? '';
    const unit = (cell(record, 'unit') ?? '').toLowerCase();
    const barcode = cell(record, 'barcode');
    const description = cell(record, 'description');
    if (!sku) say(line, 'sku', 'validation.required');
    else if (sku.length > 64) say(line, 'sku', 'validation.max', { max: 64 });
    if (!name) say(line, 'name', 'validation.required');
    else if (name.length > 255) say(line, 'name', 'validation.max', { max: 255 });
    const unitOk = (UNITS as readonly string[]).includes(unit);
    if (!unitOk) say(line, 'unit', unit ? 'validation.invalid' : 'validation.required');
    if (barcode && barcode.length > 64) say(line, 'barcode', 'validation.max', { max: 64 });
    else if (barcode && !barcodeIsValid(barcode)) say(line, 'barcode', 'stock.barcodeInvalid');
    if (description && description.length > 2000) say(line, 'description', 'validation.max', { max: 2000 });
    const numbers: Partial<Record<'min_stock' | 'quantity', number>> = {};
    for (const field of ['min_stock', 'quantity'] as const) {
      const value = decimal(cell(record, field));
      if (value === null) say(line, field, 'validation.invalid');
      else if (value !== undefined) numbers[field] = quantityField(fieldErrors, field, value, unitOk ? unit : 'kg');
    }
    for (const [field, list] of Object.entries(fieldErrors)) {
      for (const message of list) say(line, field, message.key, message.vars);
    }
    const key = sku.toLowerCase();
    if (sku && firstLineOfSku.has(key))
      say(line, 'sku', 'stock.importDuplicateSku', { line: firstLineOfSku.get(key)! });
    else if (sku) firstLineOfSku.set(key, line);
    if (barcode && firstLineOfBarcode.has(barcode)) say(line, 'barcode', 'stock.barcodeTaken');
    else if (barcode) firstLineOfBarcode.set(barcode, line);
    rows.push({
      line,
      sku,
      name,
      unit: unit as Unit,
      minStock: numbers.min_stock,
      barcode: barcode === undefined ? undefined : barcode || null,
      description: description === undefined ? undefined : description || null,
      quantity: numbers.quantity ?? 0,
    });
  }

  // Against the warehouse: existing SKUs are updated; barcodes must stay unique.
  const existing = new Map<string, ArticleRow>();
  const skus = [...firstLineOfSku.keys()];
  for (let i = 0; i < skus.length; i += CHUNK) {
    const found = await db
      .select()
      .from(a)
      .where(and(eq(a.warehouseId, warehouseId), inArray(sql`lower(${a.sku})`, skus.slice(i, i + CHUNK))));
    for (const row of found) existing.set(row.sku.toLowerCase(), row);
  }
  const rowAt = new Map(rows.map((r) => [r.line, r]));
  const barcodes = [...firstLineOfBarcode.keys()];
  for (let i = 0; i < barcodes.length; i += CHUNK) {
    const owners = await db
      .select({ sku: a.sku, barcode: a.barcode })
      .from(a)
      .where(and(eq(a.warehouseId, warehouseId), inArray(a.barcode, barcodes.slice(i, i + CHUNK))));
    for (const owner of owners) {
      const line = firstLineOfBarcode.get(owner.barcode!)!;
      const row = rowAt.get(line);
      if (row && row.sku.toLowerCase() !== owner.sku.toLowerCase()) say(line, 'barcode', 'stock.barcodeTaken');
    }
  }
  for (const row of rows) {
    const current = existing.get(row.sku.toLowerCase());
    if (!current) continue;
    if (current.archivedAt && row.quantity > 0) say(row.line, 'quantity', 'stock.articleArchived');
    if (
      needsWhole(row.unit) &&
      (!isWhole(current.quantity) || (row.minStock === undefined && !isWhole(current.minStock)))
    ) {
      say(row.line, 'unit', 'stock.unitNotWhole');
    }
  }
  errors.sort((x, y) => x.line - y.line);
  return { rows, existing, errors };
}

/** Writes a validated import in one transaction: new articles, updates, `in`/`initial` bookings. */
export async function applyImport(
  db: Db,
  booker: Booker,
  rows: Row[],
  existing: Map<string, ArticleRow>,
): Promise<Omit<ImportResult, 'errors'>> {
  const fresh = rows.filter((r) => !existing.has(r.sku.toLowerCase()));
  const known = rows.filter((r) => existing.has(r.sku.toLowerCase()));
  const { warehouseId } = booker;
  await db.transaction(async (tx) => {
    const bookings: (typeof m.$inferInsert)[] = [];
    const booking = (articleId: number, delta: number, after: number) => ({
      warehouseId,
      articleId,
      kind: 'in',
      delta,
      quantityAfter: after,
      reason: 'initial',
      userId: booker.user.id,
      userName: booker.user.name,
    });
    for (let i = 0; i < fresh.length; i += CHUNK) {
      const created = await tx
        .insert(a)
        .values(
          fresh.slice(i, i + CHUNK).map((r) => ({
            warehouseId,
            sku: r.sku,
            name: r.name,
            unit: r.unit,
            minStock: r.minStock ?? 0,
            barcode: r.barcode ?? null,
            description: r.description ?? null,
            quantity: r.quantity,
          })),
        )
        .returning({ id: a.id, quantity: a.quantity });
      for (const row of created) if (row.quantity > 0) bookings.push(booking(row.id, row.quantity, row.quantity));
    }
    for (let i = 0; i < known.length; i += CHUNK) {
      const chunk = known.slice(i, i + CHUNK);
      // Columns the file leaves out (or empty numbers) keep their current values.
      const values = sql.join(
        chunk.map((r) => {
          const id = existing.get(r.sku.toLowerCase())!.id;
          return sql`(${id}::integer, ${r.name}::text, ${r.unit}::text, ${r.minStock ?? null}::bigint,
            ${r.barcode !== undefined}::boolean, ${r.barcode ?? null}::text,
            ${r.description !== undefined}::boolean, ${r.description ?? null}::text, ${r.quantity}::bigint)`;
        }),
        sql`, `,
      );
      const result = await tx.execute(sql`
        UPDATE stock_articles AS t SET
          name = v.name, unit = v.unit, min_stock = coalesce(v.min_stock, t.min_stock),
          barcode = CASE WHEN v.has_barcode THEN v.barcode ELSE t.barcode END,
          description = CASE WHEN v.has_description THEN v.description ELSE t.description END,
          quantity = t.quantity + v.quantity, updated_at = now()
        FROM (VALUES ${values}) AS v(id, name, unit, min_stock, has_barcode, barcode, has_description, description, quantity)
        WHERE t.id = v.id AND t.warehouse_id = ${warehouseId}
        RETURNING t.id, t.quantity, v.quantity AS delta`);
      for (const row of (result as unknown as { rows: { id: number; quantity: string; delta: string }[] }).rows) {
        const delta = Number(row.delta);
        if (delta > 0) bookings.push(booking(Number(row.id), delta, Number(row.quantity)));
      }
    }
    for (let i = 0; i < bookings.length; i += CHUNK) await tx.insert(m).values(bookings.slice(i, i + CHUNK));
  });
  return { created: fresh.length, updated: known.length };
}

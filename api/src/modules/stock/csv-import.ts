import { TextDecoder } from 'node:util';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { FieldErrors } from '../../platform/errors';
import { trimBlank } from '../../platform/http/input';
import { type Language, type MessageKey, translate, type Vars } from '../../platform/i18n';
import { quantityField } from './articles';
import { barcodeIsValid } from './barcode';
import type { Booker } from './bookings';
import type { Tx } from './idempotency';
import { locationLedger } from './location-ledger';
import { formatQuantity, isWhole, MAX_STOCK_MILLI, needsWhole, UNITS, type Unit } from './quantity';
import { type ArticleRow, stockArticles as a, stockMovements as m } from './tables';

export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_COLUMNS = [
  'sku',
  'name',
  'unit',
  'min_stock',
  'barcode',
  'description',
  'quantity',
  // stock-spec-2.md §1: where `quantity` is booked in (a location code; default the article's, else STANDARD).
  'location',
] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
const REQUIRED: Column[] = ['sku', 'name', 'unit'];
/** Rows per INSERT/UPDATE statement (keeps parameter counts far below PostgreSQL's 65 535). */
const CHUNK = 1000;
/**
 * `pg_advisory_xact_lock(IMPORT_LOCK, warehouse id)`: one import per warehouse writes at a time, so
 * parallel imports of the same new SKU run one after the other (the second updates what the first
 * created) instead of racing on the unique index. Other writers are not blocked by it.
 */
const IMPORT_LOCK = 0x4c_49_4d_50; // "LIMP"

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

/** An import refused with errors per line (422 `import.invalid`); nothing was written. */
export class ImportRefused extends Error {
  constructor(readonly errors: ImportError[]) {
    super('import refused');
    this.name = 'ImportRefused';
  }
}

type Say = (line: number, field: string, key: MessageKey, vars?: Vars) => void;

function collector(lang: Language): { errors: ImportError[]; say: Say } {
  const errors: ImportError[] = [];
  const say: Say = (line, field, key, vars = {}) =>
    errors.push({ line, field, message: translate(lang, key, { field: field.replace(/_/g, ' '), ...vars }) });
  return { errors, say };
}

const byLine = (x: ImportError, y: ImportError) => x.line - y.line;

interface Row {
  line: number;
  sku: string;
  name: string;
  unit: Unit;
  minStock: number | undefined;
  barcode: string | null | undefined;
  description: string | null | undefined;
  quantity: number;
  location: string | undefined;
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

/** Where the file's bytes could not be read as text: the first line it happened on. */
export interface DecodeProblem {
  line: number;
  key: MessageKey;
  vars?: Vars;
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (need === 0 || i + need > bytes.length - 1) return i;
    for (let k = 1; k <= need; k += 1) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    const next = bytes[i + 1]!;
    // Overlong forms, UTF-16 surrogates and code points above U+10FFFF.
    if (
      (b === 0xe0 && next < 0xa0) ||
      (b === 0xed && next > 0x9f) ||
      (b === 0xf0 && next < 0x90) ||
      (b === 0xf4 && next > 0x8f)
    )
      return i;
    i += need + 1;
  }
  return -1;
}

const lineAt = (bytes: Uint8Array, offset: number) => {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (bytes[i] === 0x0a) line += 1;
  return line;
};

/**
 * The upload's bytes as text. A byte order mark decides first (UTF-8, UTF-16 LE/BE: Excel's
 * "Unicode text"), then the `charset` of the Content-Type (windows-1252, latin1, … as the WHATWG
 * Encoding standard names them), then UTF-16 recognised by its zero bytes, else UTF-8 — strictly:
 * a Latin-1 or Windows file sent as UTF-8 is refused naming its first bad line, instead of
 * silently turning `ß` into `�`.
 */
export function decodeCsv(
  bytes: Buffer,
  contentType: string | undefined,
): { text: string; problem: DecodeProblem | null } {
  const declared = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
  const charsetGiven = declared !== undefined;
  let label = declared ?? 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) [label, start] = ['utf-8', 3];
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [label, start] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [label, start] = ['utf-16be', 2];
  // UTF-16 without a BOM: the header starts with an ASCII column name, so one of its first two
  // bytes is 0 and the other is not. Such a file read as UTF-8 would be all NUL bytes.
  else if (
    !charsetGiven &&
    bytes.length >= 2 &&
    (bytes[0] === 0) !== (bytes[1] === 0) &&
    (bytes[0]! | bytes[1]!) < 0x80
  )
    label = bytes[0] === 0 ? 'utf-16be' : 'utf-16le';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
  } catch {
    return { text: '', problem: { line: 1, key: 'stock.importCharset', vars: { charset: label.slice(0, 40) } } };
  }
  const content = bytes.subarray(start);
  try {
    return { text: decoder.decode(content), problem: null };
  } catch {
    const utf8 = decoder.encoding === 'utf-8';
    const offset = utf8 ? firstInvalidUtf8(content) : -1;
    const line = offset >= 0 ? lineAt(content, offset) : 1;
    return {
      text: '',
      problem: {
        line,
        key: utf8 ? 'stock.importEncoding' : 'stock.importCharsetInvalid',
        vars: { charset: decoder.encoding },
      },
    };
  }
}

/** What the file alone says: rows, errors per line, and whether its rows can be checked further. */
export interface ImportFile {
  rows: Row[];
  errors: ImportError[];
  /** False when the file itself is unusable (unreadable, wrong header, empty, too long). */
  complete: boolean;
}

/**
 * Parses and checks the file on its own (no database): every error of every line is reported.
 * Cells are trimmed like JSON strings (tabs, CR and zero-width spaces too, quoted or not).
 */
export function readImportFile(text: string, lang: Language): ImportFile {
  const { errors, say } = collector(lang);
  const incomplete = () => ({ rows: [], errors: errors.sort(byLine), complete: false });

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
    return incomplete();
  }
  const [header, ...body] = records;
  const columns = (header?.record ?? []).map((name) => trimBlank(name).toLowerCase());
  const index = new Map(columns.map((name, i) => [name, i]));
  const unknown = columns.filter((c) => !(IMPORT_COLUMNS as readonly string[]).includes(c));
  if (columns.some((c) => c.includes('\u0000'))) say(1, 'header', 'stock.importNul');
  if (!header || REQUIRED.some((c) => !index.has(c)) || unknown.length) {
    say(1, 'header', 'stock.importHeader', { columns: IMPORT_COLUMNS.join(', ') });
  }
  // A column named twice: which value would count? Refused rather than "last one wins".
  const twice = columns.find((c, i) => c && columns.indexOf(c) !== i);
  if (twice) say(1, 'header', 'stock.importDuplicateColumn', { column: twice });
  if (body.length === 0) say(header ? 2 : 1, 'file', 'stock.importEmpty');
  if (body.length > IMPORT_MAX_ROWS)
    say(IMPORT_MAX_ROWS + 2, 'file', 'stock.importTooManyRows', { max: IMPORT_MAX_ROWS });
  if (errors.length) return incomplete();

  const rows: Row[] = [];
  const firstLineOfSku = new Map<string, number>();
  const firstLineOfBarcode = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const fieldErrors: FieldErrors = {};
    // A NUL byte cannot be stored (and hints at a UTF-16 file read as UTF-8): named per cell.
    let nul = false;
    const cell = (column: Column) => {
      const i = index.get(column);
      if (i === undefined) return undefined;
      const value = trimBlank(record[i] ?? '');
      if (!value.includes('\u0000')) return value;
      say(line, column, 'stock.importNul');
      nul = true;
      return '';
    };
    const sku = cell('sku') ?? '';
    const name = cell('name') ?? '';
    const unit = (cell('unit') ?? '').toLowerCase();
    const barcode = cell('barcode');
    const description = cell('description');
    const minStockText = cell('min_stock');
    const quantityText = cell('quantity');
    const location = cell('location')?.toUpperCase() || undefined;
    if (nul) continue;
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
    for (const [field, text] of [
      ['min_stock', minStockText],
      ['quantity', quantityText],
    ] as const) {
      const value = decimal(text);
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
      location,
    });
  }
  return { rows, errors, complete: true };
}

type Conn = Db | Tx;

/**
 * The file's existing articles by lower-case SKU. Writing (`lock`), their rows are locked in id
 * order — the order every multi-row write path takes (stocktake, transfer) — so an import and a
 * stocktake over the same articles queue instead of deadlocking, and what is checked below (archived,
 * unit, stock) is what the import writes against.
 */
async function existingArticles(db: Conn, warehouseId: number, rows: Row[], lock: boolean) {
  const skus = [...new Set(rows.filter((r) => r.sku).map((r) => r.sku.toLowerCase()))];
  const bySku = (list: string[]) => and(eq(a.warehouseId, warehouseId), inArray(sql`lower(${a.sku})`, list));
  const found: ArticleRow[] = [];
  if (!lock) {
    for (let i = 0; i < skus.length; i += CHUNK)
      found.push(
        ...(await db
          .select()
          .from(a)
          .where(bySku(skus.slice(i, i + CHUNK)))),
      );
  } else {
    const ids: number[] = [];
    for (let i = 0; i < skus.length; i += CHUNK) {
      const chunk = await db
        .select({ id: a.id })
        .from(a)
        .where(bySku(skus.slice(i, i + CHUNK)));
      ids.push(...chunk.map((r) => r.id));
    }
    ids.sort((x, y) => x - y);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      found.push(...(await db.select().from(a).where(inArray(a.id, chunk)).orderBy(asc(a.id)).for('update')));
    }
  }
  const wanted = new Set(skus);
  const existing = new Map<string, ArticleRow>();
  // Locked rows are re-read: one renamed meanwhile no longer counts as this SKU.
  for (const row of found) if (wanted.has(row.sku.toLowerCase())) existing.set(row.sku.toLowerCase(), row);
  return existing;
}

/** What the warehouse says about the rows: barcodes of other articles, archived, whole units, the stock cap. */
async function checkAgainstWarehouse(
  db: Conn,
  warehouseId: number,
  rows: Row[],
  existing: Map<string, ArticleRow>,
  say: Say,
  lang: Language,
) {
  const places = await placesOf(db, warehouseId, rows);
  for (const row of rows) {
    if (row.location && !places.has(row.location))
      say(row.line, 'location', 'stock.importLocation', { code: row.location });
  }
  const lineOfBarcode = new Map<string, Row>();
  for (const row of rows) if (row.barcode && !lineOfBarcode.has(row.barcode)) lineOfBarcode.set(row.barcode, row);
  const barcodes = [...lineOfBarcode.keys()];
  for (let i = 0; i < barcodes.length; i += CHUNK) {
    const owners = await db
      .select({ sku: a.sku, barcode: a.barcode })
      .from(a)
      .where(and(eq(a.warehouseId, warehouseId), inArray(a.barcode, barcodes.slice(i, i + CHUNK))));
    for (const owner of owners) {
      const row = lineOfBarcode.get(owner.barcode!);
      if (row && row.sku.toLowerCase() !== owner.sku.toLowerCase()) say(row.line, 'barcode', 'stock.barcodeTaken');
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
    if (current.quantity + row.quantity > MAX_STOCK_MILLI) {
      say(row.line, 'quantity', 'stock.limit', { max: formatQuantity(lang, MAX_STOCK_MILLI, row.unit) });
    }
  }
}

/**
 * Checks the rows against the warehouse and, unless `dryRun` or the file already has errors,
 * writes them — all in one transaction that first takes the warehouse's import lock and locks the
 * existing articles (id order), so the checks hold until the commit: an article archived meanwhile
 * gets no booking, a SKU created meanwhile is named on its line. Throws ImportRefused (nothing
 * written) with every error per line, the file's own included.
 */
export async function runImport(
  db: Db,
  booker: Booker,
  file: ImportFile,
  options: { dryRun: boolean },
): Promise<Omit<ImportResult, 'errors'>> {
  const { warehouseId, lang } = booker;
  const write = !options.dryRun && file.errors.length === 0;
  const work = async (conn: Conn) => {
    if (write) await conn.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK}::integer, ${warehouseId}::integer)`);
    const existing = await existingArticles(conn, warehouseId, file.rows, write);
    const { errors, say } = collector(lang);
    await checkAgainstWarehouse(conn, warehouseId, file.rows, existing, say, lang);
    if (file.errors.length || errors.length) throw new ImportRefused([...file.errors, ...errors].sort(byLine));
    const fresh = file.rows.filter((r) => !existing.has(r.sku.toLowerCase()));
    if (write) await writeImport(conn as Tx, booker, file.rows, existing, fresh);
    return { created: fresh.length, updated: file.rows.length - fresh.length };
  };
  return write ? db.transaction(work) : work(db);
}

/** The file's location codes that name a location of the warehouse (not archived), by code. */
async function placesOf(db: Conn, warehouseId: number, rows: Row[]) {
  const places = new Map<string, number>();
  for (const code of new Set(rows.map((row) => row.location).filter((c): c is string => !!c))) {
    const place = await locationLedger().byCode(db, warehouseId, code);
    if (place) places.set(code, place.id);
  }
  return places;
}

/** Writes checked rows inside runImport's transaction: new articles, updates, `in`/`initial` bookings. */
async function writeImport(tx: Tx, booker: Booker, rows: Row[], existing: Map<string, ArticleRow>, fresh: Row[]) {
  const known = rows.filter((r) => existing.has(r.sku.toLowerCase()));
  const { warehouseId } = booker;
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
  const clashes: Row[] = [];
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    // Another call (article form, transfer) may create one of these SKUs or barcodes meanwhile:
    // that row is skipped here and named below, instead of a unique violation ending in a 500.
    const created = await tx
      .insert(a)
      .values(
        chunk.map((r) => ({
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
      .onConflictDoNothing()
      .returning({ id: a.id, sku: a.sku, quantity: a.quantity });
    const inserted = new Set(created.map((row) => row.sku.toLowerCase()));
    clashes.push(...chunk.filter((r) => !inserted.has(r.sku.toLowerCase())));
    for (const row of created) if (row.quantity > 0) bookings.push(booking(row.id, row.quantity, row.quantity));
  }
  if (clashes.length) {
    const { errors, say } = collector(booker.lang);
    const taken = await existingArticles(tx, warehouseId, clashes, false);
    for (const row of clashes) {
      if (taken.has(row.sku.toLowerCase())) say(row.line, 'sku', 'stock.skuTaken');
      else say(row.line, 'barcode', 'stock.barcodeTaken');
    }
    throw new ImportRefused(errors.sort(byLine));
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
        -- A raised reorder level lifts a maximum stock below it (max_stock ≥ min_stock always).
        max_stock = CASE WHEN t.max_stock IS NULL THEN NULL ELSE greatest(t.max_stock, coalesce(v.min_stock, t.min_stock)) END,
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
  // Each booked quantity lies at the row's location (else the article's default, else STANDARD).
  const places = await placesOf(tx, warehouseId, rows);
  const skuOf = new Map<number, string>();
  for (const [sku, row] of existing) skuOf.set(row.id, sku);
  const rowOfSku = new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
  const ids = await tx
    .select({ id: a.id, sku: a.sku })
    .from(a)
    .where(
      and(
        eq(a.warehouseId, warehouseId),
        inArray(
          a.id,
          bookings.map((b) => b.articleId),
        ),
      ),
    );
  for (const { id, sku } of ids) skuOf.set(id, sku.toLowerCase());
  const placed = await locationLedger().addMany(
    tx,
    warehouseId,
    bookings.map((b) => {
      const code = rowOfSku.get(skuOf.get(b.articleId)!)?.location;
      return { articleId: b.articleId, locationId: code ? places.get(code)! : null, delta: b.delta };
    }),
  );
  bookings.forEach((b, i) => {
    b.locationId = placed[i]!.locationId;
    b.locationQuantityAfter = placed[i]!.after;
  });
  for (let i = 0; i < bookings.length; i += CHUNK) await tx.insert(m).values(bookings.slice(i, i + CHUNK));
}

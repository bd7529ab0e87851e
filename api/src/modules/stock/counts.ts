/**
 * Year-end count sessions (stock-spec-3 §3, Inventur). Opening freezes the expected quantity per
 * article, location and lot of the warehouse or a location subtree, and the journal's last id. Counters
 * send lines (the last count of a line wins, with who and when). Closing books, in one transaction, a
 * correction of `counted − (expected + movements there after opening and up to the count)` for each
 * line: what moved during the count is not a difference.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError, type FieldErrors, fieldError, validationError } from '../../platform/errors';
import type { Language, MessageKey } from '../../platform/i18n';
import { quantityField } from './articles';
import { type Booker, bookCount } from './bookings';
import { csvDocument } from './csv-export';
import type { StoredAnswer, Tx } from './idempotency';
import { LOT, lotErrorCode } from './lots';
import { fromMilli, toMilli } from './quantity';
import { stockArticles as a, stockCountLines as cl, stockCountSessions as cs, stockLots as lots } from './tables';
import { centsText, costText, valueCents } from './value';

type Session = typeof cs.$inferSelect;

const sessionNotFound = () => new AppError(404, 'stock.countNotFound', 'not_found');
const sessionClosed = () => new AppError(409, 'stock.countClosed', 'stock.count_closed');
/** The signed-off list (CSV, PDF) exists once the session is closed. */
export const countStillOpen = () => new AppError(409, 'stock.countStillOpen', 'stock.count_still_open');

/** The location and every location under it (null: the whole warehouse). */
const subtree = (locationId: number) => sql`WITH RECURSIVE tree AS (
    SELECT id FROM stock_locations WHERE id = ${locationId}
    UNION ALL SELECT l.id FROM stock_locations l JOIN tree ON l.parent_id = tree.id)
  SELECT id FROM tree`;

export async function openSession(
  tx: Tx,
  booker: Booker,
  input: { location_id?: number | null; blind?: boolean },
): Promise<StoredAnswer<unknown>> {
  const warehouseId = booker.warehouseId;
  // One opening at a time per warehouse: the overlap check below sees every committed session.
  await tx.execute(sql`SELECT id FROM warehouses WHERE id = ${warehouseId} FOR UPDATE`);
  const root = input.location_id ?? null;
  if (root !== null) {
    const found = await tx.execute(
      sql`SELECT id FROM stock_locations WHERE id = ${root} AND warehouse_id = ${warehouseId}`,
    );
    if ((found as unknown as { rows: unknown[] }).rows.length === 0) {
      throw fieldError('location_id', 'stock.locationNotFound', 'location.not_found');
    }
  }
  // Two subtrees overlap when one root lies in the other's subtree (a whole-warehouse count overlaps all).
  const open = await tx
    .select()
    .from(cs)
    .where(and(eq(cs.warehouseId, warehouseId), eq(cs.status, 'open')));
  for (const other of open) {
    const overlaps =
      root === null ||
      other.locationId === null ||
      (await inSubtree(tx, other.locationId, root)) ||
      (await inSubtree(tx, root, other.locationId));
    if (overlaps) {
      throw new AppError(409, 'stock.countOpen', 'stock.count_open', { vars: { id: other.id } });
    }
  }
  const [last] = (
    (await tx.execute(sql`SELECT coalesce(max(id), 0) AS id FROM stock_movements`)) as unknown as {
      rows: { id: string | number }[];
    }
  ).rows;
  const [session] = await tx
    .insert(cs)
    .values({
      warehouseId,
      locationId: root,
      blind: input.blind ?? false,
      openedAfterId: Number(last!.id),
      openedBy: booker.user.name,
    })
    .returning();
  const places = root === null ? sql`` : sql`AND q.location_id IN (${subtree(root)})`;
  // Untracked articles per location, lot articles per lot there, serial articles per serial (one line a unit).
  await tx.execute(sql`INSERT INTO stock_count_lines (session_id, article_id, location_id, lot, expected)
    SELECT ${session!.id}::integer, q.article_id, q.location_id, ''::varchar, q.quantity FROM stock_location_quantities q
      JOIN stock_articles a ON a.id = q.article_id
      WHERE q.warehouse_id = ${warehouseId} AND a.tracking = 'none' AND a.archived_at IS NULL AND q.quantity <> 0 ${places}
    UNION ALL
    SELECT ${session!.id}::integer, q.article_id, q.location_id, l.code, q.quantity FROM stock_lot_quantities q
      JOIN stock_lots l ON l.id = q.lot_id JOIN stock_articles a ON a.id = q.article_id
      WHERE q.warehouse_id = ${warehouseId} AND a.tracking IN ('lot', 'serial') AND a.archived_at IS NULL
        AND q.quantity <> 0 ${places}`);
  // Fresh statistics for the lines just frozen (tens of thousands in a whole-warehouse count): planned with the
  // table's old ones ("a session has a line or two"), reading the session re-ran the `moved` join per line (2 000
  // lines: 2.4 s; bench/value/run.ts). Sees this transaction's rows; a sample, ~0.1 s at 100 000 lines.
  await tx.execute(sql`ANALYZE stock_count_lines`);
  return { statusCode: 201, body: { session: await sessionJson(tx, session!, false) } };
}

async function inSubtree(tx: Tx | Db, root: number, node: number) {
  const res = await tx.execute(sql`SELECT 1 FROM (${subtree(root)}) t WHERE t.id = ${node}`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function findSession(db: Db | Tx, warehouseId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(cs)
    .where(and(eq(cs.id, id), eq(cs.warehouseId, warehouseId)));
  const [session] = lock ? await query.for('update') : await query;
  if (!session) throw sessionNotFound();
  return session;
}

interface LineRow {
  article_id: number;
  sku: string;
  name: string;
  unit: string;
  location_id: number;
  location_code: string;
  lot: string;
  expected: string | number;
  counted: string | number | null;
  counted_by: string | null;
  counted_at: string | Date | null;
  difference: string | number | null;
  average_cost: string | null;
  tracking: string;
  moved: string | number | null;
}

/**
 * Per line of the session: what was booked at its article, location and lot (or serial) after the session
 * opened — up to the count for a counted line, all of it for one not counted yet: the part of the journal a
 * close nets out. One pass over the journal rows since opening (a range of the primary key) joined to the lines,
 * not a probe per line; MATERIALIZED, so no plan runs it once per line. Lines where nothing moved have no row.
 */
const movedSince = (session: Session) => sql`moved AS MATERIALIZED (
    SELECT c.article_id, c.location_id, c.lot, sum(m.delta) AS moved
    FROM stock_movements m JOIN stock_count_lines c ON c.session_id = ${session.id} AND c.article_id = m.article_id
      AND c.location_id = m.location_id AND c.lot = coalesce(m.lot, m.serial, '')
    WHERE m.id > ${session.openedAfterId} AND (c.counted_at IS NULL OR m.created_at <= c.counted_at)
    GROUP BY c.article_id, c.location_id, c.lot)`;

async function lineRows(db: Db | Tx, session: Session, withMoved: boolean) {
  const [withClause, movedColumn, movedJoin] = withMoved
    ? [
        sql`WITH ${movedSince(session)}`,
        sql`coalesce(mv.moved, 0)`,
        sql`LEFT JOIN moved mv ON mv.article_id = c.article_id AND mv.location_id = c.location_id AND mv.lot = c.lot`,
      ]
    : [sql``, sql`NULL::bigint`, sql``];
  const res = await db.execute(sql`${withClause}
    SELECT c.article_id, a.sku, a.name, a.unit, c.location_id, l.code AS location_code,
      c.lot, c.expected, c.counted, c.counted_by, c.counted_at, c.difference,
      coalesce(c.average_cost, a.average_cost) AS average_cost, a.tracking, ${movedColumn} AS moved
    FROM stock_count_lines c JOIN stock_articles a ON a.id = c.article_id JOIN stock_locations l ON l.id = c.location_id
      ${movedJoin}
    WHERE c.session_id = ${session.id} ORDER BY lower(l.code), lower(a.sku), c.lot`);
  return (res as unknown as { rows: LineRow[] }).rows;
}

const milli = (v: string | number | null) => (v === null ? null : fromMilli(Number(v)));
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** The session and its lines; `expected` left out of a blind session until it is closed. */
export async function sessionJson(db: Db | Tx, session: Session, withLines = true) {
  const head = {
    id: session.id,
    location_id: session.locationId,
    blind: session.blind,
    status: session.status as 'open' | 'closed',
    opened_by: session.openedBy,
    opened_at: session.openedAt.toISOString(),
    closed_by: session.closedBy,
    closed_at: session.closedAt?.toISOString() ?? null,
  };
  if (!withLines) return head;
  return { ...head, lines: await linesJson(db, session) };
}

/**
 * The lines as answered. Open and not blind: `moved` (booked there since opening, up to the count) and
 * the preview `difference` = counted − (expected + moved), what closing would book now (null while
 * uncounted). Open and blind: neither `expected` nor `moved`, `difference` null. Closed: `difference` as
 * booked and `moved` as netted out (counted, or 0 for a line closed as "zero", − expected − difference;
 * null for a line kept uncounted).
 */
async function linesJson(db: Db | Tx, session: Session) {
  const open = session.status === 'open';
  const hidden = session.blind && open;
  const rows = await lineRows(db, session, open && !hidden);
  return rows.map((r) => {
    const value = r.counted === null ? null : valueCents(Number(r.counted), r.average_cost);
    const expected = Number(r.expected);
    let moved: number | null = null;
    let difference: number | null = null;
    if (open && !hidden) {
      moved = Number(r.moved);
      difference = r.counted === null ? null : Number(r.counted) - (expected + moved);
    } else if (!open && r.difference !== null) {
      difference = Number(r.difference);
      moved = Number(r.counted ?? 0) - expected - difference;
    }
    const review: { expected?: number; moved?: number | null } = hidden
      ? {}
      : { expected: fromMilli(expected), moved: milli(moved) };
    return {
      article_id: r.article_id,
      article_sku: r.sku,
      article_name: r.name,
      unit: r.unit,
      location_id: r.location_id,
      location_code: r.location_code,
      lot: (r.tracking !== 'serial' && r.lot) || null,
      serial: (r.tracking === 'serial' && r.lot) || null,
      ...review,
      counted: milli(r.counted),
      counted_by: r.counted_by,
      counted_at: iso(r.counted_at),
      difference: milli(difference),
      average_cost: costText(r.average_cost),
      value: value === null ? null : centsText(value),
    };
  });
}

export async function listSessions(db: Db, warehouseId: number) {
  const sessions = await db.select().from(cs).where(eq(cs.warehouseId, warehouseId)).orderBy(desc(cs.id)).limit(200);
  return Promise.all(sessions.map((s) => sessionJson(db, s, false)));
}

export interface CountedLine {
  article_id: number;
  location_id: number;
  lot?: string | null;
  serial?: string | null;
  counted: number;
}

const SERIAL_OK = (serial: string) =>
  serial.trim() === serial &&
  serial.length >= 1 &&
  serial.length <= 64 &&
  ![...serial].some((c) => c.charCodeAt(0) < 32);

/**
 * What closing would refuse is refused here, per line (422 naming `lines.N.<field>`), so a close never
 * fails on what a counter sent: the article and location in the session's scope, the quantity in the
 * article's unit, a lot only for a lot article and one it knows, a serial only for a serial article,
 * counted 0 or 1.
 */
async function checkLines(tx: Tx, session: Session, lines: CountedLine[]) {
  const errors: FieldErrors = {};
  const put = (i: number, field: string, key: MessageKey, vars: Record<string, string | number> = {}) => {
    errors[`lines.${i}.${field}`] ??= [{ key, vars: { field, ...vars } }];
  };
  const ids = [...new Set(lines.map((l) => l.article_id))];
  const places = [...new Set(lines.map((l) => l.location_id))];
  const articles = new Map(
    (
      await tx
        .select({ id: a.id, unit: a.unit, tracking: a.tracking })
        .from(a)
        .where(and(eq(a.warehouseId, session.warehouseId), inArray(a.id, ids)))
    ).map((row) => [row.id, row]),
  );
  const inScope = new Set(
    (
      (await tx.execute(sql`SELECT l.id FROM stock_locations l
        WHERE l.warehouse_id = ${session.warehouseId} AND l.id IN (${sql.join(
          places.map((p) => sql`${p}`),
          sql`, `,
        )})
          ${session.locationId === null ? sql`` : sql`AND l.id IN (${subtree(session.locationId)})`}`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows.map((r) => Number(r.id)),
  );
  const knownLots = new Set(
    (
      await tx
        .select({ articleId: lots.articleId, code: lots.code })
        .from(lots)
        .where(and(inArray(lots.articleId, ids), inArray(lots.code, lines.map((l) => l.lot ?? '').filter(Boolean))))
    ).map((row) => `${row.articleId}@${row.code}`),
  );
  const codes: string[] = [];
  for (const [i, line] of lines.entries()) {
    const article = articles.get(line.article_id);
    codes.push('');
    if (!article || !inScope.has(line.location_id)) {
      put(i, 'article_id', 'stock.countLineOutside');
      continue;
    }
    const counted = quantityField(errors, `lines.${i}.counted`, line.counted, article.unit);
    const lot = line.lot || null;
    const serial = line.serial || null;
    if (article.tracking === 'none') {
      if (lot) put(i, 'lot', 'stock.notTracked');
      if (serial) put(i, 'serial', 'stock.notTracked');
    } else if (article.tracking === 'lot') {
      if (serial) put(i, 'serial', 'stock.serialsNotSerial');
      if (!lot) put(i, 'lot', 'stock.lotRequired');
      else if (!LOT.test(lot)) put(i, 'lot', 'stock.lotInvalid');
      else if (!knownLots.has(`${article.id}@${lot}`)) put(i, 'lot', 'stock.countLotUnknown', { lot });
      codes[i] = lot ?? '';
    } else {
      if (lot) put(i, 'lot', 'stock.lotNotLot');
      if (!serial) put(i, 'serial', 'stock.serialsRequired');
      else if (!SERIAL_OK(serial)) put(i, 'serial', 'stock.serialInvalid');
      if (counted !== 0 && counted !== 1000) put(i, 'counted', 'stock.countSerialCounted');
      codes[i] = serial ?? '';
    }
  }
  if (Object.keys(errors).length) throw validationError(errors, lotErrorCode(errors));
  return codes;
}

/**
 * Counted quantities; a line not frozen at opening (found on the shelf: an article, a known lot, a
 * serial) joins with expected 0.
 */
export async function putLines(db: Db, warehouseId: number, userName: string, id: number, lines: CountedLine[]) {
  return db.transaction(async (tx) => {
    const session = await findSession(tx, warehouseId, id, true);
    if (session.status !== 'open') throw sessionClosed();
    const codes = await checkLines(tx, session, lines);
    for (const [i, line] of lines.entries()) {
      const counted = toMilli(line.counted)!;
      await tx
        .insert(cl)
        .values({
          sessionId: id,
          articleId: line.article_id,
          locationId: line.location_id,
          lot: codes[i]!,
          expected: 0,
          counted,
          countedBy: userName,
          countedAt: sql`now()`,
        })
        .onConflictDoUpdate({
          target: [cl.sessionId, cl.articleId, cl.locationId, cl.lot],
          set: { counted, countedBy: userName, countedAt: sql`now()` },
        });
    }
    return sessionJson(tx, session);
  });
}

/** Closing: 409 listing uncounted lines unless told what they mean; then the corrections, once. */
export async function closeSession(
  tx: Tx,
  booker: Booker,
  id: number,
  uncounted: 'zero' | 'keep' | undefined,
): Promise<StoredAnswer<unknown>> {
  const session = await findSession(tx, booker.warehouseId, id, true);
  if (session.status !== 'open') throw sessionClosed();
  const missing = await tx
    .select()
    .from(cl)
    .where(and(eq(cl.sessionId, id), isNull(cl.counted)))
    .orderBy(asc(cl.articleId), asc(cl.locationId), asc(cl.lot));
  if (missing.length && !uncounted) {
    throw new AppError(409, 'stock.countUncounted', 'stock.count_uncounted', {
      vars: { count: missing.length },
      errors: {
        uncounted: missing.map((l) => ({
          key: 'stock.countUncountedLine' as const,
          vars: { article_id: l.articleId, location_id: l.locationId, lot: l.lot || '-' },
        })),
      },
    });
  }
  // Every line the close counts (the counted ones, the uncounted ones too when they count as 0) gets its difference
  // in one statement — counted (or 0) − (expected + what moved there since opening, up to the count); only the lines
  // that differ come back, so a count of 100 000 lines costs a statement per difference, not per line.
  const differing = (
    (await tx.execute(sql`WITH ${movedSince(session)}, diffs AS (
        SELECT c.article_id, c.location_id, c.lot,
          coalesce(c.counted, 0) - c.expected - coalesce(mv.moved, 0) AS difference
        FROM stock_count_lines c
        LEFT JOIN moved mv ON mv.article_id = c.article_id AND mv.location_id = c.location_id AND mv.lot = c.lot
        WHERE c.session_id = ${id} AND (c.counted IS NOT NULL OR ${uncounted === 'zero'}::boolean)
      ), updated AS (
        UPDATE stock_count_lines c SET difference = d.difference FROM diffs d
        WHERE c.session_id = ${id} AND c.article_id = d.article_id AND c.location_id = d.location_id AND c.lot = d.lot
        RETURNING c.article_id, c.location_id, c.lot, c.difference
      )
      SELECT u.article_id, u.location_id, u.lot, u.difference, a.tracking
      FROM updated u JOIN stock_articles a ON a.id = u.article_id
      WHERE u.difference <> 0 ORDER BY u.article_id, u.location_id, u.lot`)) as unknown as {
      rows: { article_id: number; location_id: number; lot: string; difference: string | number; tracking: string }[];
    }
  ).rows;
  const corrections: { article_id: number; location_id: number; lot?: string; counted: number }[] = [];
  const serialChanges = new Map<
    string,
    { article_id: number; location_id: number; gone: Set<string>; found: Set<string> }
  >();
  for (const row of differing) {
    const line = { articleId: Number(row.article_id), locationId: Number(row.location_id), lot: row.lot };
    const difference = Number(row.difference);
    const now = await tx.execute(
      line.lot
        ? sql`SELECT coalesce(sum(q.quantity), 0) AS q FROM stock_lot_quantities q JOIN stock_lots l ON l.id = q.lot_id
            WHERE q.article_id = ${line.articleId} AND q.location_id = ${line.locationId} AND l.code = ${line.lot}`
        : sql`SELECT coalesce(sum(quantity), 0) AS q FROM stock_location_quantities
            WHERE article_id = ${line.articleId} AND location_id = ${line.locationId}`,
    );
    const current = Number((now as unknown as { rows: { q: string }[] }).rows[0]!.q);
    if (row.tracking === 'serial') {
      // A unit is there or not: the serial goes (−1) or comes (+1) at the place, booked per place below.
      const place = `${line.articleId}@${line.locationId}`;
      const change = serialChanges.get(place) ?? {
        article_id: line.articleId,
        location_id: line.locationId,
        gone: new Set<string>(),
        found: new Set<string>(),
      };
      const target = Math.min(1000, Math.max(0, current + difference));
      if (target < current) change.gone.add(line.lot);
      if (target > current) change.found.add(line.lot);
      serialChanges.set(place, change);
      continue;
    }
    corrections.push({
      article_id: line.articleId,
      location_id: line.locationId,
      ...(line.lot ? { lot: line.lot } : {}),
      counted: fromMilli(Math.max(0, current + difference)),
    });
  }
  let movements = 0;
  const note = `Inventur ${session.id}`;
  if (corrections.length) {
    const booked = await bookCount(tx, booker, { lines: corrections, note });
    movements = (booked.body as { movements: unknown[] }).movements.length;
  }
  // Serials as a stocktake sets them, per place: first every place loses what is gone, then gains what was
  // found — a unit found at one place and missing at another moves without ever being in stock twice.
  for (const pass of ['gone', 'found'] as const) {
    const lines = [];
    for (const change of serialChanges.values()) {
      if (change[pass].size === 0) continue;
      const there = new Set(await serialsAt(tx, change.article_id, change.location_id));
      for (const serial of change[pass]) {
        if (pass === 'gone') there.delete(serial);
        else there.add(serial);
      }
      lines.push({
        article_id: change.article_id,
        location_id: change.location_id,
        serials: [...there].sort(),
        counted: there.size,
      });
    }
    if (lines.length === 0) continue;
    const booked = await bookCount(tx, booker, { lines, note });
    movements += (booked.body as { movements: unknown[] }).movements.length;
  }
  // The signed-off list keeps the values of the closing: each line's average cost after the corrections.
  await tx.execute(sql`UPDATE stock_count_lines c SET average_cost = a.average_cost FROM stock_articles a
    WHERE c.session_id = ${id} AND a.id = c.article_id`);
  const [closed] = await tx
    .update(cs)
    .set({ status: 'closed', closedAt: new Date(), closedBy: booker.user.name })
    .where(eq(cs.id, id))
    .returning();
  return { statusCode: 200, body: { session: await sessionJson(tx, closed!), movements } };
}

/** The serials of an article in stock at a place. */
async function serialsAt(tx: Tx, articleId: number, locationId: number) {
  const res = await tx.execute(sql`SELECT l.code FROM stock_lot_quantities q JOIN stock_lots l ON l.id = q.lot_id
    WHERE q.article_id = ${articleId} AND q.location_id = ${locationId} AND q.quantity > 0`);
  return (res as unknown as { rows: { code: string }[] }).rows.map((r) => r.code);
}

const LIST_HEADERS = {
  de: [
    'Artikelnummer',
    'Bezeichnung',
    'Lagerplatz',
    'Charge/Seriennummer',
    'Soll',
    'Gezählt',
    'Differenz',
    'Einheit',
    'Gezählt von',
    'Gezählt am',
  ],
  en: [
    'SKU',
    'Name',
    'Location',
    'Lot/serial',
    'Expected',
    'Counted',
    'Difference',
    'Unit',
    'Counted by',
    'Counted at',
  ],
};
const VALUE_HEADERS = { de: ['Durchschnittlicher Einstandspreis', 'Wert'], en: ['Average cost', 'Value'] };

/** The signed-off count list; costs and values only for view_stock_value. */
export async function countListCsv(db: Db, session: Session, lang: Language, withValue: boolean) {
  const lines = await linesJson(db, session);
  const money = (t: string | null) => (t === null ? null : lang === 'de' ? t.replace('.', ',') : t);
  const records = lines.map((l) => [
    l.article_sku,
    l.article_name,
    l.location_code,
    l.lot ?? l.serial,
    l.expected ?? null,
    l.counted,
    l.difference,
    l.unit,
    l.counted_by,
    l.counted_at,
    ...(withValue ? [money(l.average_cost), money(l.value)] : []),
  ]);
  if (withValue) {
    const total = lines.reduce((sum, l) => sum + (l.value === null ? 0n : BigInt(l.value.replace('.', ''))), 0n);
    records.push([
      lang === 'de' ? 'Summe' : 'Total',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      money(centsText(total)),
    ]);
  }
  const opened = lang === 'de' ? 'Eröffnet' : 'Opened';
  const closed = lang === 'de' ? 'Abgeschlossen' : 'Closed';
  records.push([`${opened}: ${session.openedAt.toISOString()} (${session.openedBy})`]);
  records.push([`${closed}: ${session.closedAt?.toISOString() ?? ''} (${session.closedBy ?? ''})`]);
  return csvDocument([...LIST_HEADERS[lang], ...(withValue ? VALUE_HEADERS[lang] : [])], records, lang);
}

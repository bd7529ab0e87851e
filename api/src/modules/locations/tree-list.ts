/**
 * The location tree list (`GET /api/stock/locations`, stock-spec-2.md §5: 20 000 nodes, p95 ≤ 50 ms):
 * `{"locations":[…]}` as bytes, the nodes in id order (the client sorts siblings by code).
 *
 * Of each node only `article_count` changes with bookings; the rest (id, code, name, parent_id,
 * archived_at, standard) changes only when a location is written, and every statement that writes
 * one renews the warehouse's location version (migration 0014, in the writer's transaction). So the
 * nodes up to their count are kept here per database and warehouse, with the version and the
 * session TimeZone they were read with (`archived_at` is PostgreSQL's text in that zone); each
 * request reads the version, the TimeZone and the stocked rows' locations in one statement
 * (repository.ts `readTree`), counts in JavaScript and writes the answer into one buffer (or sends the
 * last one again when the stocked rows are the same as for it). Any other
 * version or zone reads the nodes again in that same statement's snapshot, so the counts and the
 * nodes always come from one snapshot. Correct across API processes and PGlite alike: the version
 * lives in the database and is read with every request; bookings do not write locations, so the
 * version row is never theirs to wait for.
 */
import type { Db } from '../../platform/db/client';
import { readTree, standardLocation, type TreeRead } from './repository';

interface Nodes {
  version: string;
  timeZone: string;
  /** Each node's UTF-8 JSON up to and including `"article_count":`, in id order. */
  heads: Uint8Array[];
  ids: Int32Array;
  /** Per node: 1 = archived, 2 = STANDARD (repository.ts `readTree`). */
  flags: Uint8Array;
  bytes: number;
  /** Whether STANDARD is there and not archived; there and archived (below an archived parent). */
  standard: boolean;
  standardArchived: boolean;
  /**
   * The last answer without and with archived locations and the stocked rows it was written for:
   * the same rows give the same bytes (until a booking fills or empties a location), so it is sent
   * again as it is — never changed once written, it may go to any number of responses at once.
   */
  answers: [Answer | undefined, Answer | undefined];
}

interface Answer {
  stocked: string | null;
  json: Buffer;
}

const ARCHIVED = 1;
const STANDARD = 2;
/** Per database (process): at most this many bytes of nodes, the least recently listed warehouse dropped first. */
const KEEP_BYTES = 32 * 2 ** 20;
const kept = new WeakMap<Db, Map<number, Nodes>>();

const OPEN = Buffer.from('{"locations":[');
const CLOSE = Buffer.from(']}');
const LINE_FEED = 0x0a;
const COMMA = 0x2c;
const BRACE = 0x7d;
const DIGIT_0 = 0x30;
/** Digits of an article count (at most 10 for a 32-bit count) + `}` + `,`. */
const COUNT_ROOM = 12;

/** The nodes `readTree` read: split at the line feeds, each one's id and digit read, in id order. */
function nodesOf(read: TreeRead): Nodes {
  const text = read.heads ? Buffer.from(read.heads) : Buffer.alloc(0);
  const nodes: { head: Uint8Array; id: number; flag: number }[] = [];
  let ascending = true;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf(LINE_FEED, start);
    if (end < 0) end = text.length;
    let id = 0;
    // `{"id":` is 6 bytes; the id's digits follow.
    for (let i = start + 6; text[i]! >= DIGIT_0 && text[i]! <= DIGIT_0 + 9; i++) id = id * 10 + text[i]! - DIGIT_0;
    if (nodes.length && id < nodes[nodes.length - 1]!.id) ascending = false;
    nodes.push({ head: text.subarray(start, end - 1), id, flag: text[end - 1]! - DIGIT_0 });
    start = end + 1;
  }
  // The statement asks for id order; a plan that lost it is not a reason for another answer.
  if (!ascending) nodes.sort((a, b) => a.id - b.id);
  const flags = Uint8Array.from(nodes, (node) => node.flag);
  return {
    version: read.version ?? '',
    timeZone: read.time_zone,
    heads: nodes.map((node) => node.head),
    ids: Int32Array.from(nodes, (node) => node.id),
    flags,
    bytes: text.length,
    standard: flags.some((flag) => (flag & STANDARD) !== 0 && (flag & ARCHIVED) === 0),
    standardArchived: flags.some((flag) => flag === (STANDARD | ARCHIVED)),
    answers: [undefined, undefined],
  };
}

/** Index of the first id ≥ `id` (the ids ascend). */
function lowerBound(ids: Int32Array, id: number) {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Articles per node from `"7,7,12"` (a location once per stocked row, ascending); other locations are not listed. */
function countsOf(nodes: Nodes, stocked: string | null) {
  const { ids } = nodes;
  const counts = new Uint32Array(ids.length);
  if (!stocked) return counts;
  let at = 0;
  let id = 0;
  for (let i = 0; i <= stocked.length; i++) {
    const char = i < stocked.length ? stocked.charCodeAt(i) : COMMA;
    if (char !== COMMA) {
      id = id * 10 + char - DIGIT_0;
      continue;
    }
    if (ids[at] !== id) at = ids[at + 1] === id ? at + 1 : lowerBound(ids, id);
    if (ids[at] === id) counts[at]!++;
    id = 0;
  }
  return counts;
}

function render(nodes: Nodes, counts: Uint32Array, archived: boolean): Buffer {
  const { heads, flags } = nodes;
  const out = Buffer.allocUnsafe(OPEN.length + nodes.bytes + heads.length * COUNT_ROOM + CLOSE.length);
  out.set(OPEN, 0);
  let at = OPEN.length;
  let first = true;
  for (let i = 0; i < heads.length; i++) {
    if (!archived && flags[i]! & ARCHIVED) continue;
    if (!first) out[at++] = COMMA;
    first = false;
    const head = heads[i]!;
    out.set(head, at);
    at += head.length;
    const count = counts[i]!;
    if (count < 10) out[at++] = DIGIT_0 + count;
    else at += out.write(String(count), at, 'latin1');
    out[at++] = BRACE;
  }
  out.set(CLOSE, at);
  return out.subarray(0, at + CLOSE.length);
}

/** Kept as the most recently listed warehouse of the database. */
function keep(db: Db, warehouseId: number, nodes: Nodes) {
  let byWarehouse = kept.get(db);
  if (!byWarehouse) {
    byWarehouse = new Map();
    kept.set(db, byWarehouse);
  }
  byWarehouse.delete(warehouseId);
  byWarehouse.set(warehouseId, nodes);
  let bytes = 0;
  for (const entry of byWarehouse.values()) bytes += sizeOf(entry);
  for (const [id, entry] of byWarehouse) {
    if (bytes <= KEEP_BYTES || id === warehouseId) break;
    byWarehouse.delete(id);
    bytes -= sizeOf(entry);
  }
}

const sizeOf = (nodes: Nodes) =>
  nodes.bytes + nodes.answers.reduce((sum, answer) => sum + (answer?.json.length ?? 0), 0);

/** The answer for these stocked rows: the last one if they are the same, else written anew. */
function answer(nodes: Nodes, stocked: string | null, archived: boolean) {
  const last = nodes.answers[Number(archived)];
  if (last && last.stocked === stocked) return last.json;
  const json = render(nodes, countsOf(nodes, stocked), archived);
  nodes.answers[Number(archived)] = { stocked, json };
  return json;
}

/** Every location of the warehouse (archived ones on request) with how many articles lie there. */
export async function listLocationsJson(db: Db, warehouseId: number, archived: boolean): Promise<Buffer> {
  for (let made = false; ; made = true) {
    const known = kept.get(db)?.get(warehouseId);
    const read = await readTree(db, warehouseId, known);
    // The statement read the nodes exactly when its snapshot's version or zone is not the kept nodes'.
    const nodes = read.heads_read || !known ? nodesOf(read) : known;
    // A warehouse made after migration 0010 gets its STANDARD location here or at its first booking.
    const done = made || nodes.standard || (archived && nodes.standardArchived);
    const json = done ? answer(nodes, read.stocked, archived) : undefined;
    // No version (no location of the warehouse written since migration 0014): nothing to check against.
    if (read.version) keep(db, warehouseId, nodes);
    else kept.get(db)?.delete(warehouseId);
    if (json) return json;
    await standardLocation(db, warehouseId);
  }
}

/**
 * The worker thread that owns PGlite (started by pglite-worker-client.ts). PostgreSQL in WASM runs
 * synchronously on the thread that calls it: here a slow statement holds this thread, not the API's
 * event loop, so health checks, JSON and HTTP keep going on the main thread meanwhile.
 *
 * Everything PGlite takes is plain data except `parsers` (functions): the client sends the type ids
 * its parsers are for, and this side returns those columns as the text PostgreSQL sent (the client
 * applies its parsers). A transaction stays open here while the client sends its statements,
 * tagged with the transaction's id; other statements wait for it, as on one in-process PGlite.
 *
 * Statements the client keeps prepared (`named`) run as named prepared statements: PGlite's `query`
 * parses and plans every statement anew in six protocol calls (Parse, Describe, Bind, Describe,
 * Execute, Sync); here a statement is parsed once (Parse + Describe under its name) and then runs as
 * Bind + Describe + Execute + Sync in one `execProtocolStream` call, planned once per PGlite (the
 * plan cache decides custom or generic plans as on PostgreSQL). Same values, result and errors as
 * `query`: the parameters are serialized for the types Describe names, the result parsed by PGlite's
 * own `parseResults`.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import {
  messages,
  PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { WorkerError, WorkerReply, WorkerRequest, WorkerStart } from './pglite-worker-client';

const port = parentPort!;
const { dataDir, loadDataDir } = workerData as WorkerStart;

/** Thrown inside PGlite's transaction callback to make it roll back; never leaves this file. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<unknown>;
}

const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

const keepText = (value: string) => value;
const rawParsers = new Map<string, QueryOptions['parsers']>();
/** `{ [oid]: keep the text }` for the types the client parses itself (drizzle keeps dates as text). */
function parsersFor(rawTypes: number[] | undefined): QueryOptions['parsers'] {
  if (!rawTypes?.length) return undefined;
  const key = rawTypes.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((oid) => [oid, keepText]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

type Parsers = Parameters<typeof parse.parseResults>[1];
const withDefaults = new WeakMap<object, Parsers>();
/**
 * PGlite's parsers with `parsers` over them, for parseResults: handed `options.parsers`, it copies all of PGlite's
 * 318 parsers into a new object on every call (≈ 0.1 ms of this thread per statement); this one is made once per set
 * and reads PGlite's own through its prototype, so array types PGlite registers later are seen as they are by `query`.
 */
function overDefaults(pg: PGlite, parsers: QueryOptions['parsers']): Parsers {
  if (!parsers) return pg.parsers;
  let merged = withDefaults.get(parsers);
  if (!merged) {
    merged = Object.assign(Object.create(pg.parsers) as Parsers, parsers);
    withDefaults.set(parsers, merged);
  }
  return merged;
}

/** PGlite's DatabaseError with its own fields (code, detail, constraint, table, …) as plain data. */
function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // queryOptions holds the parser functions; nothing else PGlite attaches is code.
    if (key !== 'queryOptions' && typeof value !== 'function') fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

function openTransaction(pg: PGlite): Promise<number> {
  const id = nextTransaction++;
  return new Promise((resolve, reject) => {
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolveEnd) => {
      end = resolveEnd;
    });
    const done = pg.transaction(async (tx) => {
      transactions.set(id, { tx, end, done });
      resolve(id);
      if (!(await decided)) throw ROLLBACK;
    });
    // The callback runs after BEGIN, so `done` is assigned when the entry above takes it.
    done.then(
      () => transactions.delete(id),
      (error) => {
        transactions.delete(id);
        if (error !== ROLLBACK) reject(error); // BEGIN failed (ignored once the id was handed out)
      },
    );
  });
}

async function endTransaction(id: number, commit: boolean): Promise<null> {
  const open = transactions.get(id);
  if (!open) throw new Error(`Transaction ${id} is closed`);
  open.end(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return null;
}

/** The named statements of this PGlite, by text: their name and parameter types. */
const prepared = new Map<string, { name: string; types: number[] }>();

function joined(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** PGlite's `query` on a named statement; the caller holds PGlite's locks. */
async function runPrepared(
  pg: PGlite,
  sql: string,
  params: unknown[] = [],
  options: QueryOptions,
  inTransaction: boolean,
): Promise<Results> {
  const { serialize } = protocol;
  try {
    let statement = prepared.get(sql);
    if (!statement) {
      const name = `lager_${prepared.size + 1}`;
      const described = await pg.execProtocolStream(
        joined([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      statement = { name, types: parse.parseDescribeStatementResults(described) };
      prepared.set(sql, statement);
    }
    const { types } = statement;
    // As PGlite's query serializes them: by the parameter's type, else as text.
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pg.serializers[types[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const replies = await pg.execProtocolStream(
      joined([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(replies, overDefaults(pg, options.parsers), { rowMode: options.rowMode })[0]!;
  } catch (error) {
    // PGlite's query adds the statement to its errors the same way.
    if (error instanceof messages.DatabaseError) Object.assign(error, { query: sql, params });
    throw error;
  }
}

function target(pg: PGlite, tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is closed`);
  return open.tx;
}

async function handle(pg: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const options = { rowMode: request.rowMode, parsers: parsersFor(request.rawTypes) };
      if (!request.named) return target(pg, request.tx).query(request.sql, request.params, options);
      const { sql, params, tx } = request;
      if (tx !== undefined) {
        target(pg, tx); // still open
        // The transaction holds PGlite's transaction lock: its statements take only the query lock.
        return pg.runExclusive(() => runPrepared(pg, sql, params, options, true));
      }
      return pg._runExclusiveTransaction(() => pg.runExclusive(() => runPrepared(pg, sql, params, options, false)));
    }
    case 'exec': {
      const options = { rowMode: request.rowMode, parsers: parsersFor(request.rawTypes) };
      return target(pg, request.tx).exec(request.sql, options) as Promise<Results[]>;
    }
    case 'begin':
      return openTransaction(pg);
    case 'commit':
      return endTransaction(request.tx, true);
    case 'rollback':
      return endTransaction(request.tx, false);
    case 'close':
      await pg.close();
      return null;
  }
}

async function main() {
  let pg: PGlite;
  try {
    // pg_trgm: the stock article search's trigram index (PostgreSQL ships it as a contrib extension).
    pg = new PGlite({
      dataDir,
      extensions: { pg_trgm },
      loadDataDir: loadDataDir ? new Blob([readFileSync(loadDataDir)]) : undefined,
    });
    await pg.waitReady;
  } catch (error) {
    port.postMessage({ id: 0, ok: false, error: toWorkerError(error) } satisfies WorkerReply);
    return;
  }
  port.on('message', (request: WorkerRequest) => {
    handle(pg, request).then(
      (result) => port.postMessage({ id: request.id, ok: true, result } satisfies WorkerReply),
      (error) => port.postMessage({ id: request.id, ok: false, error: toWorkerError(error) } satisfies WorkerReply),
    );
  });
  port.postMessage({ id: 0, ok: true, result: null } satisfies WorkerReply);
}

void main();

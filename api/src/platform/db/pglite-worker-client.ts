/**
 * PGlite in a worker thread (pglite-worker.ts), seen from the API's thread through the part of
 * PGlite's interface drizzle's pglite driver calls: `query(sql, params, { rowMode, parsers })`,
 * `exec` and `transaction(fn)`. Each call is one message; the worker answers with PGlite's result
 * (structured clone keeps Date, bigint, Uint8Array and parsed JSON as they are) or with its error's
 * fields (`code`, `detail`, `constraint`, `table`, …), so database-errors.ts maps them as before.
 *
 * PGlite's own PGliteWorker is not used: it is made for browser tabs (leader election over
 * navigator.locks, which Node 20 lacks) and parses results on the calling thread.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, RowMode, Transaction } from '@electric-sql/pglite';

export interface WorkerStart {
  dataDir?: string;
  /** A tar of a data directory (PGlite's `dumpDataDir`) to start from instead of a new, empty one. */
  loadDataDir?: string;
}

type Statement = { sql: string; rowMode?: RowMode; rawTypes?: number[]; tx?: number };
type Request =
  | ({ op: 'query'; params?: unknown[]; named?: true } & Statement)
  | ({ op: 'exec' } & Statement)
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'close' };
export type WorkerRequest = Request & { id: number };

export interface WorkerError {
  name: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}
export type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WorkerError };

/** The worker's error on this thread: same message, code and fields; the stack names both threads. */
function fromWorkerError(error: WorkerError, calledFrom: Error): Error {
  const { name, message, stack, ...fields } = error;
  const rebuilt = Object.assign(new Error(message), fields);
  rebuilt.name = name;
  rebuilt.stack = `${stack ?? `${name}: ${message}`}\n    --- in the PGlite worker, called from ---${(calledFrom.stack ?? '').replace(/^[^\n]*/, '')}`;
  return rebuilt;
}

/**
 * The worker can only keep text for the types the caller's parsers are for (functions do not cross
 * threads); the caller's parsers then run here on those columns. drizzle's keep dates as text.
 */
function applyParsers(result: Results, parsers: QueryOptions['parsers']): Results {
  if (!parsers) return result;
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = Array.isArray(result.rows[0]) ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      if (typeof row[key] === 'string') row[key] = parse(row[key] as string);
    }
  });
  return result;
}

/** The compiled bundle has api/dist/pglite-worker.js next to it; from source (tsx, jest) tsx compiles the .ts. */
function workerEntry(): { file: string; execArgv?: string[] } {
  const built = join(__dirname, 'pglite-worker.js');
  if (existsSync(built)) return { file: built };
  return { file: join(__dirname, 'pglite-worker.ts'), execArgv: ['--require', require.resolve('tsx/cjs')] };
}

type Queryable = Pick<Transaction, 'query' | 'exec'>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Where the call was made, for the stack of the worker's error (formatted only on failure). */
  from: Error;
}

export class PgliteWorkerClient implements Queryable {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  /** Texts run as named prepared statements in the worker (keepPrepared). */
  readonly #prepared = new Set<string>();
  #nextId = 1;
  #started = false;
  #stopped: Error | null = null;
  readonly ready: Promise<void>;

  constructor(options: WorkerStart) {
    const { file, execArgv } = workerEntry();
    this.#worker = new Worker(file, { workerData: options satisfies WorkerStart, execArgv });
    this.ready = new Promise((resolve, reject) => {
      const started = () => {
        this.#started = true;
        resolve();
      };
      this.#pending.set(0, { resolve: started, reject, from: new Error() });
    });
    this.#worker.on('message', (reply: WorkerReply) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`the PGlite worker exited with code ${code}`)));
  }

  #settle(reply: WorkerReply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    // Idle, the worker must not keep the process alive (an in-process PGlite does not either).
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(fromWorkerError(reply.error, pending.from));
  }

  /** Everything still waiting fails like a dropped connection (database-errors.ts answers 503). */
  #stop(cause: Error) {
    this.#stopped ??= new Error(`Connection terminated: ${cause.message}`, { cause });
    for (const { reject } of this.#pending.values()) reject(this.#stopped);
    this.#pending.clear();
  }

  #call<T>(request: Request): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      // A value structured clone refuses (a function) throws here: nothing was sent.
      this.#worker.postMessage({ ...request, id } satisfies WorkerRequest);
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, from: new Error() });
      this.#worker.ref();
    });
  }

  #statement(sql: string, options: QueryOptions | undefined, tx: number | undefined): Statement {
    const rawTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return { sql, rowMode: options?.rowMode, rawTypes, tx };
  }

  async #query<T>(sql: string, params: unknown[] | undefined, options?: QueryOptions, tx?: number) {
    const named = this.#prepared.has(sql) ? true : undefined;
    const result = await this.#call<Results<T>>({ op: 'query', params, named, ...this.#statement(sql, options, tx) });
    return applyParsers(result as Results, options?.parsers) as Results<T>;
  }

  async #exec(sql: string, options?: QueryOptions, tx?: number) {
    const results = await this.#call<Results[]>({ op: 'exec', ...this.#statement(sql, options, tx) });
    return results.map((result) => applyParsers(result, options?.parsers));
  }

  /**
   * From now on a statement of exactly this text is a named prepared statement in the worker: parsed
   * and planned once instead of on every call (PGlite's own `query` always sends it unnamed). For hot
   * statements of a fixed text (prepared.ts); the answers and errors stay the same.
   */
  keepPrepared(sql: string): void {
    this.#prepared.add(sql);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(sql, options);
  }

  /**
   * BEGIN in the worker, `fn`'s statements on that transaction, COMMIT when `fn` returns and
   * ROLLBACK when it throws (PGlite's own contract; drizzle nests savepoints as plain statements).
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const checkOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        checkOpen();
        return this.#query<R>(sql, params, options, id);
      },
      exec: (sql: string, options?: QueryOptions) => {
        checkOpen();
        return this.#exec(sql, options, id);
      },
      rollback: async () => {
        checkOpen();
        closed = true;
        await this.#call({ op: 'rollback', tx: id });
      },
      get closed() {
        return closed;
      },
    } as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'rollback', tx: id });
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: 'commit', tx: id });
    }
    return result;
  }

  /** Closes PGlite (its files are complete afterwards) and ends the thread. */
  async close(): Promise<void> {
    if (this.#started && !this.#stopped) await this.#call({ op: 'close' });
    this.#stopped ??= new Error('Client was closed');
    await this.#worker.terminate();
  }
}

/** Starts PGlite (in memory, or on `dataDir`) in its worker thread; resolves once it is ready. */
export async function startPgliteWorker(options: WorkerStart = {}): Promise<PgliteWorkerClient> {
  const client = new PgliteWorkerClient(options);
  try {
    await client.ready;
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return client;
}

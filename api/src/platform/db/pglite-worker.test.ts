/**
 * PGlite in its worker thread, through drizzle as the API uses it: values both ways, PostgreSQL's
 * error fields, transactions (rollback, savepoints, statements beside an open one) and an event
 * loop that keeps turning while a slow statement runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { executePrepared } from '../prepared';
import { type Database, openDatabase } from './client';
import { isUniqueViolation } from './pg-errors';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(120_000);

let database: Database;
type Rows = Record<string, unknown>[];
const rowsIn = async (on: Database, query: ReturnType<typeof sql>) =>
  ((await on.db.execute(query)) as unknown as { rows: Rows }).rows;
const rows = (query: ReturnType<typeof sql>) => rowsIn(database, query);

beforeAll(async () => {
  database = await openDatabase();
  await database.db.execute(sql`CREATE TABLE worker_probe (id int PRIMARY KEY, label text UNIQUE)`);
});
afterAll(() => database?.close());

it('passes dates, bigints, bytes and JSON to PostgreSQL and brings typed values back', async () => {
  const at = new Date('2026-03-01T12:30:00Z');
  const [row] = await rows(
    sql`SELECT ${at}::timestamptz AS at, ${2n ** 40n}::bigint AS big, ${Buffer.from('häh')}::bytea AS bytes,
        ${JSON.stringify({ a: [1, 'x'] })}::jsonb AS doc, 1.5::float8 AS real, true AS yes, NULL AS nothing`,
  );
  // drizzle keeps timestamps as PostgreSQL's text (its parsers run on this thread).
  expect(row!.at).toBe('2026-03-01 12:30:00+00');
  expect(row!.big).toBe(2 ** 40);
  expect(Buffer.from(row!.bytes as Uint8Array).toString()).toBe('häh');
  expect(row).toMatchObject({ doc: { a: [1, 'x'] }, real: 1.5, yes: true, nothing: null });
});

it("keeps PostgreSQL's error code, constraint and detail", async () => {
  await database.db.execute(sql`INSERT INTO worker_probe VALUES (1, 'one')`);
  const error = await database.db.execute(sql`INSERT INTO worker_probe VALUES (2, 'one')`).catch((e: Error) => e);
  expect(isUniqueViolation(error, 'worker_probe_label_key')).toBe(true);
  expect((error as Error & { cause: object }).cause).toMatchObject({
    code: '23505',
    table: 'worker_probe',
    detail: 'Key (label)=(one) already exists.',
  });
});

it('rolls a transaction back when its callback throws, and a savepoint back alone', async () => {
  const failed = await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO worker_probe VALUES (10, 'ten')`);
      throw new Error('changed my mind');
    })
    .catch((e: Error) => e.message);
  expect(failed).toBe('changed my mind');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO worker_probe VALUES (11, 'eleven')`);
    await tx
      .transaction(async (inner) => {
        await inner.execute(sql`INSERT INTO worker_probe VALUES (12, 'twelve')`);
        await inner.execute(sql`INSERT INTO worker_probe VALUES (13, 'eleven')`);
      })
      .catch(() => {});
  });
  expect(await rows(sql`SELECT id FROM worker_probe WHERE id >= 10 ORDER BY id`)).toEqual([{ id: 11 }]);
});

it('runs a statement sent beside an open transaction after it, as on one connection', async () => {
  let outside: Promise<Rows> | undefined;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO worker_probe VALUES (20, 'twenty')`);
    outside = rows(sql`SELECT count(*)::int AS n FROM worker_probe WHERE id = 20`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await tx.execute(sql`UPDATE worker_probe SET label = 'twenty!' WHERE id = 20`);
  });
  expect(await outside).toEqual([{ n: 1 }]);
  expect(await rows(sql`SELECT label FROM worker_probe WHERE id = 20`)).toEqual([{ label: 'twenty!' }]);
});

it('answers a kept-prepared statement as the unnamed one: values, errors, inside a transaction', async () => {
  const probe = (at: Date, id: number) =>
    sql`SELECT ${at}::timestamptz AS at, ${2n ** 40n}::bigint AS big, ${{ a: [id] }}::jsonb AS doc,
        ${`{1,${id}}`}::int[] AS list, ${null}::text AS nothing, (SELECT label FROM worker_probe WHERE id = ${id}) AS label`;
  await database.db.execute(sql`INSERT INTO worker_probe VALUES (30, 'thirty')`);
  const at = new Date('2026-03-01T12:30:00Z');
  const unnamed = await rows(probe(at, 30));
  const run = async (query: ReturnType<typeof sql>) =>
    ((await executePrepared(database.db, query)) as unknown as { rows: Rows }).rows;
  // The first call parses the named statement, the next ones only bind and execute it.
  expect(await run(probe(at, 30))).toEqual(unnamed);
  expect(await run(probe(at, 30))).toEqual(unnamed);
  const named = await rows(
    sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE '%AS label' AND NOT from_sql`,
  );
  expect(named).toEqual([{ name: expect.stringMatching(/^lager_/) }]);
  expect(unnamed).toEqual([
    { at: '2026-03-01 12:30:00+00', big: 2 ** 40, doc: { a: [30] }, list: [1, 30], nothing: null, label: 'thirty' },
  ]);

  const insert = (id: number, label: string) => sql`INSERT INTO worker_probe VALUES (${id}, ${label})`;
  await run(insert(31, 'thirty-one'));
  const error = await run(insert(32, 'thirty-one')).catch((e: Error) => e);
  expect(isUniqueViolation(error, 'worker_probe_label_key')).toBe(true);
  expect((error as Error & { cause: object }).cause).toMatchObject({
    code: '23505',
    detail: 'Key (label)=(thirty-one) already exists.',
  });
  const failed = await database.db
    .transaction(async (tx) => {
      await executePrepared(tx, insert(33, 'thirty-three'));
      expect(((await executePrepared(tx, probe(at, 33))) as unknown as { rows: Rows }).rows[0]!.label).toBe(
        'thirty-three',
      );
      throw new Error('changed my mind');
    })
    .catch((e: Error) => e.message);
  expect(failed).toBe('changed my mind');
  expect(await rows(sql`SELECT id FROM worker_probe WHERE id >= 30 ORDER BY id`)).toEqual([{ id: 30 }, { id: 31 }]);
  const badText = await run(sql`SELECT nope FROM worker_probe WHERE id = ${1}`).catch((e: Error) => e);
  expect((badText as Error & { cause: object }).cause).toMatchObject({ code: '42703' });
});

it('keeps the event loop turning while a slow statement runs', async () => {
  let longestPause = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestPause = Math.max(longestPause, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await database.db.execute(sql`SELECT count(*) FROM generate_series(1, 2000000)`);
  const took = performance.now() - started;
  clearInterval(ticker);
  // A loop held all along never ran the ticker: the pause then lasts until now.
  longestPause = Math.max(longestPause, performance.now() - last);
  // On the API's own thread the statement would pause the loop for all of `took`.
  expect(took).toBeGreaterThan(200);
  expect(longestPause).toBeLessThan(took / 2);
});

it('writes a data directory that the next opener finds complete', async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'lager-worker-')), 'pglite');
  const first = await openDatabase({ dataDir });
  await first.db.execute(sql`CREATE TABLE kept (n int)`);
  await first.db.execute(sql`INSERT INTO kept VALUES (7)`);
  await first.close();
  const second = await openDatabase({ dataDir });
  expect(await rowsIn(second, sql`SELECT n FROM kept`)).toEqual([{ n: 7 }]);
  await second.close();
});

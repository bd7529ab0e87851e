/**
 * The tree list keeps each warehouse's nodes (all but their article counts) while its location
 * version and the session TimeZone stay the same (tree-list.ts, migration 0014). Every answer here
 * is compared byte for byte with what the rows say now: an independent statement (`row_to_json` of
 * each location's columns, its articles counted by location id) — after every way the tree can
 * change, in two warehouses, in two time zones and as seen by a second API process.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, Client, createWarehouse, loggedIn, type TestApp, useTestApp } from '../../../test/helpers';
import { createArticle } from '../../../test/stock/helpers';
import { bookAtLocation, location } from '../../../test/stock/locations';
import { openDatabase } from '../../platform/db/client';
import type { Database, Db } from '../../platform/db/types';
import { listLocationsJson } from './tree-list';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

const url = process.env.TEST_DATABASE_URL;
let app: FastifyInstance;
let database: Database;
let db: Db;
let owner: Client;
let warehouseId: number;
let other: Client;
let otherWarehouseId: number;

useTestApp(__filename, async (t) => {
  ({ app, database } = t);
  db = app.ctx.db;
  ({ client: other } = await loggedIn(app));
  otherWarehouseId = (await createWarehouse(other, 'Nebenlager')).id;
  ({ client: owner } = await loggedIn(app));
  warehouseId = (await createWarehouse(owner, 'Hauptlager')).id;
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const one = async <T>(query: SQL) => rowsOf<T>(await db.execute(query))[0]!;

/** `{"locations":[…]}` as the rows are now, written by PostgreSQL from the columns (not from `list_head`). */
async function expected(warehouse: number, archived: boolean, on: Db = db) {
  const [row] = rowsOf<{ json: string }>(
    await on.execute(sql`
      SELECT '{"locations":[' || coalesce(string_agg(row_to_json(n)::text, ',' ORDER BY n.id), '') || ']}' AS json
      FROM (
        SELECT l.id, l.code, l.name, l.parent_id, l.archived_at, l.code = 'STANDARD' AS standard,
          (SELECT count(*) FROM stock_location_quantities q WHERE q.location_id = l.id AND q.quantity > 0) AS article_count
        FROM stock_locations l
        WHERE l.warehouse_id = ${warehouse} AND (${archived}::boolean OR l.archived_at IS NULL)
      ) n`),
  );
  return row!.json;
}

const version = (warehouse: number) =>
  one<{ version: string | null }>(
    sql`SELECT version::text FROM stock_location_versions WHERE warehouse_id = ${warehouse}`,
  ).then((row) => row?.version ?? null);

/** Both lists (with and without archived locations) through the API, each the same bytes as the rows say. */
async function expectListed(client = owner, warehouse = warehouseId) {
  const answers: string[] = [];
  for (const archived of [false, true]) {
    const res = await client.get(`/api/stock/locations${archived ? '?archived=1' : ''}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.rawPayload.equals(Buffer.from(await expected(warehouse, archived)))).toBe(true);
    expect(res.body).toBe(await expected(warehouse, archived));
    answers.push(res.body);
  }
  return answers;
}

/** Listed (and so kept), then changed: the next lists show the change and the version is new. */
async function expectSeen(change: () => Promise<unknown>) {
  const before = await expectListed();
  await expectListed(); // the second time from what was kept
  const was = await version(warehouseId);
  await change();
  expect(await version(warehouseId)).not.toBe(was);
  const after = await expectListed();
  expect(after).not.toEqual(before);
}

const at = (id: number) => `/api/stock/locations/${id}`;
const bookAt = (location_id: number, article_id: number, quantity: number, kind?: string) =>
  bookAtLocation(owner, location_id, article_id, quantity, kind);

class Undo extends Error {
  constructor(readonly version: string) {
    super('undo');
  }
}
/** The schema of this file's PostgreSQL database (test/helpers.ts openTestDatabase). */
const schema = `test_${basename(__filename).replace(/\W+/g, '_').toLowerCase()}`;

describe('the location tree list', () => {
  it('answers what the rows say, byte for byte: awkward names, archived nodes, counts, two warehouses', async () => {
    const zone = await location(owner, 'TL-Z', null, 'Regal "A" \\ Ümlaut € 😀\ttab');
    const aisle = await location(owner, 'TL-Z-1', zone.id, 'Gang');
    const bin = await location(owner, 'TL-Z-1/1', aisle.id);
    const gone = await location(owner, 'TL-Z-2', zone.id, 'weg');
    await location(other, 'TL-OTHER', null, 'Drüben');
    // What the API refuses or trims a name to: a line feed, U+0001 and a trailing space, as a migration could write them.
    await db.execute(sql`UPDATE stock_locations SET name = E'Zeile\\nzwei\\u0001 ' WHERE id = ${aisle.id}`);
    expect((await owner.post(`${at(gone.id)}/archive`)).statusCode).toBe(200);
    const articles = [];
    for (let i = 0; i < 12; i++) articles.push(await createArticle(owner, { sku: `TL-${i}` }));
    // 12 articles at the bin (a count of two digits), one emptied again (its row stays with 0), two at the zone.
    for (const article of articles) expect((await bookAt(bin.id, article.id, 2)).statusCode).toBe(201);
    expect((await bookAt(bin.id, articles[0]!.id, 2, 'out')).statusCode).toBe(201);
    for (const article of articles.slice(0, 2)) expect((await bookAt(zone.id, article.id, 1)).statusCode).toBe(201);

    const [live, all] = await expectListed();
    await expectListed(); // kept
    const nodes = JSON.parse(all!).locations as { id: number; name: string | null; article_count: number }[];
    expect(nodes.find((n) => n.id === zone.id)).toMatchObject({
      name: 'Regal "A" \\ Ümlaut € 😀\ttab',
      article_count: 2,
    });
    expect(nodes.find((n) => n.id === aisle.id)!.name).toBe('Zeile\nzwei\u0001 ');
    expect(nodes.find((n) => n.id === bin.id)!.article_count).toBe(11);
    expect(JSON.parse(live!).locations.some((n: { id: number }) => n.id === gone.id)).toBe(false);
    expect(nodes.some((n) => n.id === gone.id)).toBe(true);
    await expectListed(other, otherWarehouseId);
    await expectListed(other, otherWarehouseId);
    await expectListed();
  });

  it('counts bookings at once without a new version: bookings never write the version row', async () => {
    const bin = await location(owner, 'TL-COUNT');
    const article = await createArticle(owner, { sku: 'TL-COUNT-A' });
    await expectListed();
    const was = await version(warehouseId);
    expect((await bookAt(bin.id, article.id, 3)).statusCode).toBe(201);
    const [filled] = await expectListed();
    expect(JSON.parse(filled!).locations.find((n: { id: number }) => n.id === bin.id).article_count).toBe(1);
    expect((await bookAt(bin.id, article.id, 3, 'out')).statusCode).toBe(201);
    const [emptied] = await expectListed();
    expect(JSON.parse(emptied!).locations.find((n: { id: number }) => n.id === bin.id).article_count).toBe(0);
    expect(await version(warehouseId)).toBe(was);
  });

  it('shows a created location', async () => {
    const zone = await location(owner, 'TL-NEW-Z');
    await expectSeen(() => location(owner, 'TL-NEW-1', zone.id, 'Neu'));
  });

  it('shows a renamed location (code and name)', async () => {
    const bin = await location(owner, 'TL-REN', null, 'Alt');
    await expectSeen(async () => {
      const res = await owner.put(at(bin.id), { code: 'TL-REN-2', name: 'Neu "B"' });
      expect(res.statusCode).toBe(200);
    });
  });

  it('shows a moved location', async () => {
    const zone = await location(owner, 'TL-MOVE-Z');
    const bin = await location(owner, 'TL-MOVE-1');
    await expectSeen(async () => {
      const res = await owner.put(at(bin.id), { code: 'TL-MOVE-1', parent_id: zone.id });
      expect(res.statusCode).toBe(200);
    });
  });

  it('shows an archived subtree', async () => {
    const zone = await location(owner, 'TL-ARCH-Z');
    await location(owner, 'TL-ARCH-1', zone.id);
    await expectSeen(async () => expect((await owner.post(`${at(zone.id)}/archive`)).statusCode).toBe(200));
  });

  it('shows a restored location', async () => {
    const bin = await location(owner, 'TL-REST');
    expect((await owner.post(`${at(bin.id)}/archive`)).statusCode).toBe(200);
    await expectSeen(async () => expect((await owner.post(`${at(bin.id)}/restore`)).statusCode).toBe(200));
  });

  it('shows a deleted location gone', async () => {
    const bin = await location(owner, 'TL-DEL');
    await expectSeen(async () => expect((await owner.delete(at(bin.id))).statusCode).toBe(204));
  });

  it('shows what SQL statements outside the API write: an insert of many, an update, a delete', async () => {
    await expectSeen(() =>
      db.execute(sql`INSERT INTO stock_locations (warehouse_id, code, name)
        SELECT ${warehouseId}, 'TL-SQL-' || i, 'SQL ' || i FROM generate_series(1, 3) i`),
    );
    await expectSeen(() =>
      db.execute(
        sql`UPDATE stock_locations SET name = 'geändert' WHERE warehouse_id = ${warehouseId} AND code = 'TL-SQL-1'`,
      ),
    );
    await expectSeen(() =>
      db.execute(sql`DELETE FROM stock_locations WHERE warehouse_id = ${warehouseId} AND code = 'TL-SQL-2'`),
    );
    // A statement that writes no location leaves the version as it was.
    const was = await version(warehouseId);
    await db.execute(sql`UPDATE stock_locations SET name = 'x' WHERE warehouse_id = ${warehouseId} AND false`);
    expect(await version(warehouseId)).toBe(was);
  });

  it('renews every version on TRUNCATE (seen inside a transaction that is then rolled back)', async () => {
    const was = await version(warehouseId);
    const inside = await db
      .transaction(async (tx) => {
        await tx.execute(sql`TRUNCATE stock_locations CASCADE`);
        const [row] = rowsOf<{ version: string }>(
          await tx.execute(sql`SELECT version::text FROM stock_location_versions WHERE warehouse_id = ${warehouseId}`),
        );
        throw new Undo(row!.version);
      })
      .catch((error: unknown) => (error instanceof Undo ? error.version : Promise.reject(error)));
    expect(inside).not.toBe(was);
    expect(await version(warehouseId)).toBe(was);
    await expectListed();
  });

  it('reads a changed tree in the statement that finds the change: one statement per list, also right after a write', async () => {
    // A handle of its own (nodes are kept per handle) whose driver counts the statements sent through it.
    let statements = 0;
    const counted = <F extends (...args: never[]) => unknown>(run: F) =>
      ((...args: Parameters<F>) => {
        statements++;
        return run(...args);
      }) as F;
    let handle: Db;
    let opened: Database | undefined;
    if (url) {
      opened = await openDatabase({ url, schema, poolSize: 1 });
      handle = opened.db;
      const pool = (handle as unknown as { $client: { query: (...args: never[]) => unknown } }).$client;
      pool.query = counted(pool.query.bind(pool));
    } else {
      const client = (db as unknown as { $client: object }).$client;
      const counting = new Proxy(client, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key, target);
          if (typeof value !== 'function') return value;
          const bound = value.bind(target);
          return key === 'query' || key === 'exec' ? counted(bound) : bound;
        },
      });
      handle = drizzle({ client: counting as never }) as unknown as Db;
    }
    const list = async () => {
      statements = 0;
      const json = (await listLocationsJson(handle, warehouseId, false)).toString();
      const sent = statements;
      expect(json).toBe(await expected(warehouseId, false));
      return sent;
    };
    try {
      await list(); // kept from here on (and STANDARD made, should this test run alone)
      expect(await list()).toBe(1);
      await location(owner, 'TL-ONE-READ');
      expect(await list()).toBe(1); // the new version and the nodes in one statement
      expect(await list()).toBe(1);
    } finally {
      await opened?.close();
    }
  });

  it('makes STANDARD for a warehouse that has none and lists it', async () => {
    const { client } = await loggedIn(app);
    const warehouse = (await createWarehouse(client, 'Neulager')).id;
    await location(client, 'TL-FIRST');
    const [live] = await expectListed(client, warehouse);
    expect(JSON.parse(live!).locations.filter((n: { standard: boolean }) => n.standard)).toHaveLength(1);
  });

  it('writes archived_at in the session TimeZone, read again when the zone changes', async () => {
    const bin = await location(owner, 'TL-TZ');
    expect((await owner.post(`${at(bin.id)}/archive`)).statusCode).toBe(200);
    // One connection, so SET holds for every statement (PostgreSQL: a second pool on the same schema).
    const single = url ? await openDatabase({ url, schema, poolSize: 1 }) : undefined;
    const on = single?.db ?? db;
    const text = async () => {
      const answer = (await listLocationsJson(on, warehouseId, true)).toString();
      expect(answer).toBe(await expected(warehouseId, true, on));
      return JSON.parse(answer).locations.find((n: { id: number }) => n.id === bin.id).archived_at as string;
    };
    try {
      await on.execute(sql`SET TimeZone = 'UTC'`);
      const utc = await text();
      expect(utc).toMatch(/\+00:00$/);
      expect(await text()).toBe(utc); // kept
      await on.execute(sql`SET TimeZone = 'Asia/Kathmandu'`);
      const kathmandu = await text();
      expect(kathmandu).toMatch(/\+05:45$/);
      expect(new Date(kathmandu).getTime()).toBe(new Date(utc).getTime());
      await on.execute(sql`SET TimeZone = 'UTC'`);
      expect(await text()).toBe(utc);
    } finally {
      await on.execute(sql`RESET TimeZone`);
      await single?.close();
    }
  });

  it('a second API process sees what the first one changed (each keeps its own nodes; the version is in the database)', async () => {
    // PostgreSQL: its own pool, as another process has; PGlite (one process): its own Db and so its own kept nodes.
    const second: Database = url
      ? await openDatabase({ url, schema, poolSize: 2 })
      : { ...database, db: drizzle({ client: (db as unknown as { $client: never }).$client }) as unknown as Db };
    let opened: TestApp | undefined;
    try {
      opened = await buildTestApp(second);
      const there = new Client(opened.app);
      there.cookies = owner.cookies; // the same session: sessions live in the database
      await expectListed(there);
      await expectListed();
      const made = await location(there, `TL-P2-${randomUUID().slice(0, 8).toUpperCase()}`, null, 'von zwei');
      await expectListed(); // the first process
      expect((await owner.put(at(made.id), { code: 'TL-P2-X', name: 'von eins' })).statusCode).toBe(200);
      await expectListed(there);
    } finally {
      await opened?.app.close();
      if (url) await second.close();
    }
  });
});

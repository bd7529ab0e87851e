import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, createWarehouse, loggedIn, useTestApp } from '../../../test/helpers';
import { book, createArticle, member, stockUp } from '../../../test/stock/helpers';
import { bookAtLocation, location } from '../../../test/stock/locations';
import { users } from '../../platform/tenancy/tables';
import { stockArticles, stockMovements } from '../stock';
import { stockLocationQuantities } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let warehouseId: number;
let otherWarehouseId: number;

useTestApp(__filename, async (t) => {
  ({ app } = t);
  ({ client: owner } = await loggedIn(app));
  otherWarehouseId = (await createWarehouse(owner, 'Zweitlager')).id;
  warehouseId = (await createWarehouse(owner, 'Hauptlager')).id;
});

const at = (id: number) => `/api/stock/locations/${id}`;
const bookAt = (location_id: number, article_id: number, quantity: number, kind?: string) =>
  bookAtLocation(owner, location_id, article_id, quantity, kind);
const stockOf = async (articleId: number) =>
  Object.fromEntries(
    (
      await app.ctx.db.select().from(stockLocationQuantities).where(eq(stockLocationQuantities.articleId, articleId))
    ).map((r) => [r.locationId, r.quantity / 1000]),
  );
const standardId = async () => {
  const res = await owner.get('/api/stock/locations');
  return (res.json().locations as { id: number; standard: boolean }[]).find((l) => l.standard)!.id;
};

describe('the location tree', () => {
  it('lists every node as its own answer has it: names escaped, archived_at, standard, article counts', async () => {
    const zone = await location(owner, 'LIST', null, 'Regal "A" \\ Ümlaut ✓\ttab');
    const bin = await location(owner, 'LIST-1', zone.id);
    const gone = await location(owner, 'LIST-2', zone.id);
    expect((await owner.post(`${at(gone.id)}/archive`)).statusCode).toBe(200);
    const one = await createArticle(owner, { sku: 'LIST-A' });
    const two = await createArticle(owner, { sku: 'LIST-B' });
    await bookAt(bin.id, one.id, 2);
    await bookAt(bin.id, two.id, 1);
    await bookAt(bin.id, two.id, 1, 'out');
    const res = await owner.get('/api/stock/locations?archived=1');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const nodes = res.json().locations as Record<string, unknown>[];
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
    for (const id of [zone.id, bin.id, gone.id, await standardId()]) {
      const { created_at, updated_at, archived_at, ...rest } = (await owner.get(at(id))).json().location;
      const node = nodes.find((n) => n.id === id)!;
      expect({ ...node, archived_at: node.archived_at && new Date(node.archived_at as string).toISOString() }).toEqual({
        ...rest,
        archived_at,
      });
    }
    expect(nodes.find((n) => n.id === zone.id)!.name).toBe('Regal "A" \\ Ümlaut ✓\ttab');
    expect(nodes.find((n) => n.id === bin.id)!.article_count).toBe(1);
    expect(nodes.find((n) => n.id === gone.id)!.archived_at).not.toBeNull();
    expect(nodes.filter((n) => n.standard).map((n) => n.code)).toEqual(['STANDARD']);
    // Renamed and moved to the root: the list shows the row as it is now.
    expect((await owner.put(at(bin.id), { code: 'LIST-9', parent_id: null, name: 'Neu "B"' })).statusCode).toBe(200);
    const moved = (await owner.get('/api/stock/locations'))
      .json()
      .locations.find((n: { id: number }) => n.id === bin.id);
    expect(moved).toMatchObject({ code: 'LIST-9', name: 'Neu "B"', parent_id: null, article_count: 1 });
  });

  it('creates zone → aisle → bin with codes in capitals, unique per warehouse ignoring case', async () => {
    const zone = await location(owner, 'z1', null, 'Zone 1');
    expect(zone.code).toBe('Z1');
    const aisle = await location(owner, 'Z1-01', zone.id);
    const bin = await location(owner, 'Z1-01/2.A', aisle.id);
    const got = await owner.get(at(bin.id));
    expect(got.json().path.map((p: { code: string }) => p.code)).toEqual(['Z1', 'Z1-01', 'Z1-01/2.A']);
    const taken = await owner.post('/api/stock/locations', { code: 'Z1' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().code).toBe('location.code_taken');
    const bad = await owner.post('/api/stock/locations', { code: 'A B' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.code).toHaveLength(1);
    const long = await owner.post('/api/stock/locations', { code: 'X'.repeat(33) });
    expect(long.statusCode).toBe(422);
    const list = (await owner.get('/api/stock/locations')).json().locations as { code: string }[];
    expect(list.map((l) => l.code)).toEqual(expect.arrayContaining(['STANDARD', 'Z1', 'Z1-01', 'Z1-01/2.A']));
  });

  it('refuses a ninth level and a move that would make a cycle (422)', async () => {
    let parent: number | null = null;
    const chain: number[] = [];
    for (let level = 1; level <= 8; level += 1) {
      parent = (await location(owner, `D${level}`, parent)).id;
      chain.push(parent);
    }
    const ninth = await owner.post('/api/stock/locations', { code: 'D9', parent_id: parent });
    expect(ninth.statusCode).toBe(422);
    expect(ninth.json().code).toBe('location.too_deep');
    const cycle = await owner.put(at(chain[0]!), { code: 'D1', parent_id: chain[3] });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().code).toBe('location.cycle');
    const self = await owner.put(at(chain[0]!), { code: 'D1', parent_id: chain[0] });
    expect(self.json().code).toBe('location.cycle');
    // Moving D7 (with D8 below) under D1 is fine: 1 + 2 levels.
    const moved = await owner.put(at(chain[6]!), { code: 'D7', parent_id: chain[0] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().path.map((p: { code: string }) => p.code)).toEqual(['D1', 'D7']);
  });

  it('answers 404 for a location of another warehouse, everywhere', async () => {
    const mine = await location(owner, 'OWN-1');
    await app.ctx.db.update(users).set({ currentWarehouseId: otherWarehouseId }).where(eq(users.id, ownerId()));
    try {
      for (const res of [
        await owner.get(at(mine.id)),
        await owner.get(`${at(mine.id)}/stock`),
        await owner.put(at(mine.id), { code: 'X' }),
        await owner.delete(at(mine.id)),
        await owner.post(`${at(mine.id)}/archive`),
        await owner.post(`${at(mine.id)}/restore`),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      const article = await createArticle(owner);
      const booking = await bookAt(mine.id, article.id, 1);
      expect(booking.statusCode).toBe(404);
      expect(booking.json().code).toBe('location.not_found');
    } finally {
      await app.ctx.db.update(users).set({ currentWarehouseId: warehouseId }).where(eq(users.id, ownerId()));
    }
  });

  it('needs manage_locations to change the tree, view_stock to read it (server-enforced)', async () => {
    const viewer = (await member(app, owner, warehouseId, ['view_stock'])).client;
    const keeper = (await member(app, owner, warehouseId, ['view_stock', 'manage_locations'])).client;
    const onlyManage = (await member(app, owner, warehouseId, ['manage_locations'])).client;
    expect((await viewer.get('/api/stock/locations')).statusCode).toBe(200);
    expect((await viewer.post('/api/stock/locations', { code: 'V-1' })).statusCode).toBe(403);
    expect((await onlyManage.post('/api/stock/locations', { code: 'V-1' })).statusCode).toBe(403);
    const made = await keeper.post('/api/stock/locations', { code: 'V-1' });
    expect(made.statusCode).toBe(201);
    expect((await viewer.post(`${at(made.json().location.id)}/archive`)).statusCode).toBe(403);
    expect((await viewer.delete(at(made.json().location.id))).statusCode).toBe(403);
    // Relocating is moving goods (book_goods); the default location is the article's (manage_articles).
    const article = await createArticle(owner, { sku: 'PERM-1' });
    const relocation = { article_id: article.id, from_location_id: 1, to_location_id: 2, quantity: 1 };
    expect((await book(viewer, '/api/stock/relocations', relocation)).statusCode).toBe(403);
    expect((await book(keeper, '/api/stock/relocations', relocation)).statusCode).toBe(403);
    const setDefault = `/api/stock/articles/${article.id}/default-location`;
    expect((await keeper.put(setDefault, { location_id: made.json().location.id })).statusCode).toBe(403);
  });
});

let ownerIdValue = 0;
const ownerId = () => ownerIdValue;
beforeAll(async () => {
  ownerIdValue = (await owner.get('/api/user')).json().id;
});

describe('stock per location', () => {
  it('books in/out at a location, the default location and STANDARD; the article quantity is the sum', async () => {
    const article = await createArticle(owner);
    const shelf = await location(owner, 'S-01');
    const standard = await standardId();
    await stockUp(owner, article.id, 5); // no location, no default: STANDARD
    const into = await bookAt(shelf.id, article.id, 7);
    expect(into.statusCode).toBe(201);
    expect(into.json().movement).toMatchObject({
      location_id: shelf.id,
      location_code: 'S-01',
      location_quantity_after: 7,
    });
    expect(into.json().article.quantity).toBe(12);
    expect(await stockOf(article.id)).toEqual({ [standard]: 5, [shelf.id]: 7 });

    // Not enough at the shelf although the article has 12: 409 naming the shelf, nothing booked.
    const out = await bookAt(shelf.id, article.id, 8, 'out');
    expect(out.statusCode).toBe(409);
    expect(out.json()).toEqual({
      code: 'stock.insufficient',
      message: 'Not enough stock at location S-01: 7 pcs available.',
    });
    owner.lang = 'de';
    const de = await book(owner, '/api/stock/movements', {
      article_id: article.id,
      kind: 'out',
      quantity: 6,
      reason: 'sale',
    });
    owner.lang = 'en';
    expect(de.json().message).toBe('Nicht genug Bestand am Lagerplatz STANDARD: 5 Stk. verfügbar.');

    // The article's default location takes bookings that name none.
    const set = await owner.put(`/api/stock/articles/${article.id}/default-location`, { location_id: shelf.id });
    expect(set.json().default_location_id).toBe(shelf.id);
    await book(owner, '/api/stock/movements', { article_id: article.id, kind: 'out', quantity: 2, reason: 'sale' });
    expect(await stockOf(article.id)).toEqual({ [standard]: 5, [shelf.id]: 5 });
    const where = (await owner.get(`/api/stock/articles/${article.id}/locations`)).json();
    expect(where.locations.map((l: { code: string; quantity: number }) => [l.code, l.quantity])).toEqual([
      ['S-01', 5],
      ['STANDARD', 5],
    ]);
    const [row] = await app.ctx.db.select().from(stockArticles).where(eq(stockArticles.id, article.id));
    expect(row!.quantity).toBe(10_000);

    // A correction counts the stock at its location.
    const count = await book(owner, '/api/stock/movements', {
      article_id: article.id,
      kind: 'correction',
      quantity: 3,
      reason: 'count',
      location_id: standard,
    });
    expect(count.json().movement).toMatchObject({ delta: -2, quantity_after: 8, location_quantity_after: 3 });
  });

  it('stocktake lines per location; transfers from a location', async () => {
    const article = await createArticle(owner, { sku: 'COUNT-LOC' });
    const a = await location(owner, 'C-1');
    const b = await location(owner, 'C-2');
    await bookAt(a.id, article.id, 4);
    const counted = await book(owner, '/api/stock/counts', {
      lines: [
        { article_id: article.id, counted: 1, location_id: a.id },
        { article_id: article.id, counted: 6, location_id: b.id },
      ],
    });
    expect(counted.statusCode).toBe(201);
    expect(
      counted.json().movements.map((m: { delta: number; location_code: string }) => [m.location_code, m.delta]),
    ).toEqual([
      ['C-1', -3],
      ['C-2', 6],
    ]);
    expect(await stockOf(article.id)).toEqual({ [a.id]: 1, [b.id]: 6 });
    const dup = await book(owner, '/api/stock/counts', {
      lines: [
        { article_id: article.id, counted: 1, location_id: a.id },
        { article_id: article.id, counted: 2, location_id: a.id },
      ],
    });
    expect(dup.statusCode).toBe(422);

    const transferFrom = (location_id: number) =>
      book(owner, '/api/stock/transfers', {
        article_id: article.id,
        to_warehouse_id: otherWarehouseId,
        quantity: 2,
        location_id,
      });
    const transfer = await transferFrom(a.id);
    expect(transfer.statusCode).toBe(409);
    expect(transfer.json().message).toBe('Not enough stock at location C-1: 1 pcs available.');
    const ok = await transferFrom(b.id);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().out.location_code).toBe('C-2');
    expect(ok.json().in.location_code).toBe('STANDARD');

    // Each warehouse's list counts the stock lying at its own locations, the transferred article at the
    // target's STANDARD included: every node's count is the one its own answer gives.
    const countsMatch = async () => {
      const nodes = (await owner.get('/api/stock/locations?archived=1')).json().locations as {
        id: number;
        article_count: number;
      }[];
      for (const node of nodes) {
        expect([node.id, node.article_count]).toEqual([
          node.id,
          (await owner.get(at(node.id))).json().location.article_count,
        ]);
      }
      return nodes;
    };
    expect((await countsMatch()).find((n) => n.id === b.id)!.article_count).toBe(1);
    await app.ctx.db.update(users).set({ currentWarehouseId: otherWarehouseId }).where(eq(users.id, ownerId()));
    try {
      const there = await countsMatch();
      expect(there.find((n) => n.id === ok.json().in.location_id)!.article_count).toBeGreaterThan(0);
    } finally {
      await app.ctx.db.update(users).set({ currentWarehouseId: warehouseId }).where(eq(users.id, ownerId()));
    }
  });

  it('relocates in one transaction: two linked journal rows, idempotent, refused per location', async () => {
    const article = await createArticle(owner, { sku: 'RELO-1' });
    const from = await location(owner, 'R-1');
    const to = await location(owner, 'R-2');
    await bookAt(from.id, article.id, 10);
    const key = randomUUID();
    const body = { article_id: article.id, from_location_id: from.id, to_location_id: to.id, quantity: 4 };
    const first = await book(owner, '/api/stock/relocations', body, key);
    expect(first.statusCode).toBe(201);
    const { out, in: into } = first.json();
    expect(out).toMatchObject({
      kind: 'relocation',
      delta: -4,
      quantity_after: 10,
      location_code: 'R-1',
      location_quantity_after: 6,
    });
    expect(into).toMatchObject({
      kind: 'relocation',
      delta: 4,
      quantity_after: 10,
      location_code: 'R-2',
      location_quantity_after: 4,
    });
    expect(out.transfer_id).toBe(into.transfer_id);
    const again = await book(owner, '/api/stock/relocations', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(article.id)).toEqual({ [from.id]: 6, [to.id]: 4 });
    const mismatch = await book(owner, '/api/stock/relocations', { ...body, quantity: 1 }, key);
    expect(mismatch.json().code).toBe('idempotency.mismatch');
    const tooMuch = await book(owner, '/api/stock/relocations', { ...body, quantity: 7 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('Not enough stock at location R-1: 6 pcs available.');
    const same = await book(owner, '/api/stock/relocations', { ...body, to_location_id: from.id });
    expect(same.statusCode).toBe(422);
    expect((await book(owner, '/api/stock/relocations', body, null)).json().code).toBe('idempotency.missing');
    // A relocation is not reversed (relocate back instead).
    expect((await book(owner, `/api/stock/movements/${out.id}/reverse`, {})).statusCode).toBe(409);
    // The journal and its CSV filter by location.
    const journal = (await owner.get(`/api/stock/movements?location_id=${to.id}`)).json().movements;
    expect(journal.map((m: { kind: string; delta: number }) => [m.kind, m.delta])).toEqual([['relocation', 4]]);
    const csv = await owner.get(`/api/stock/movements.csv?location_id=${from.id}`);
    expect(csv.body.trim().split('\n')).toHaveLength(3); // header + in + relocation out
  });

  it('refuses to archive or delete a location with stock (409 naming it); archive takes the subtree', async () => {
    const article = await createArticle(owner, { sku: 'ARCH-1' });
    const zone = await location(owner, 'AR');
    const bin = await location(owner, 'AR-1', zone.id);
    await bookAt(bin.id, article.id, 3);
    for (const res of [await owner.post(`${at(zone.id)}/archive`), await owner.delete(at(bin.id))]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'location.has_stock',
        message: 'Stock still lies there: AR-1: 3 × ARCH-1. Relocate or book it out first.',
      });
    }
    expect((await owner.delete(at(zone.id))).json().code).toBe('location.has_children');
    const page = (await owner.get(`${at(bin.id)}/stock`)).json();
    expect(page.items).toEqual([expect.objectContaining({ sku: 'ARCH-1', quantity: 3 })]);
    await bookAt(bin.id, article.id, 3, 'out');
    const archived = await owner.post(`${at(zone.id)}/archive`);
    expect(archived.statusCode).toBe(200);
    const binNow = (await owner.get(at(bin.id))).json().location;
    expect(binNow.archived_at).not.toBeNull();
    const into = await bookAt(bin.id, article.id, 1);
    expect(into.statusCode).toBe(409);
    expect(into.json().code).toBe('location.archived');
    expect(
      (await owner.get('/api/stock/locations')).json().locations.some((l: { id: number }) => l.id === bin.id),
    ).toBe(false);
    expect(
      (await owner.get('/api/stock/locations?archived=1'))
        .json()
        .locations.some((l: { id: number }) => l.id === bin.id),
    ).toBe(true);
    expect((await owner.post(`${at(bin.id)}/restore`)).json().path.map((p: { code: string }) => p.code)).toEqual([
      'AR',
      'AR-1',
    ]);
    // With journal rows it cannot be deleted; without anything it can.
    expect((await owner.delete(at(bin.id))).json().code).toBe('location.has_movements');
    const empty = await location(owner, 'EMPTY');
    expect((await owner.delete(at(empty.id))).statusCode).toBe(204);
    expect((await owner.post(`${at(await standardId())}/archive`)).json().code).toBe('location.standard');
  });

  it('imports quantities into the location named by the optional location column', async () => {
    const shelf = await location(owner, 'IMP-1');
    const csv = 'sku,name,unit,quantity,location\nIMP-A,Imported A,pcs,5,imp-1\nIMP-B,Imported B,pcs,2,\n';
    const res = await owner.request('POST', '/api/stock/import', csv, { 'content-type': 'text/csv' });
    expect(res.statusCode).toBe(200);
    const [a] = await app.ctx.db
      .select()
      .from(stockArticles)
      .where(and(eq(stockArticles.sku, 'IMP-A')));
    const [b] = await app.ctx.db
      .select()
      .from(stockArticles)
      .where(and(eq(stockArticles.sku, 'IMP-B')));
    expect(await stockOf(a!.id)).toEqual({ [shelf.id]: 5 });
    expect(await stockOf(b!.id)).toEqual({ [await standardId()]: 2 });
    const [movement] = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, a!.id));
    expect(movement).toMatchObject({ locationId: shelf.id, locationQuantityAfter: 5000 });
    const bad = await owner.request(
      'POST',
      '/api/stock/import',
      'sku,name,unit,quantity,location\nIMP-C,C,pcs,1,NOPE\n',
      {
        'content-type': 'text/csv',
      },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      {
        line: 2,
        field: 'location',
        message: 'There is no storage location NOPE in this warehouse (or it is archived).',
      },
    ]);
  });
});

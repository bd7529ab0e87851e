import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Client } from '../../../test/helpers';
import { book, createArticle, move, useSourceAndTarget } from '../../../test/stock/helpers';
import { stockArticles } from './tables';

// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let target: number;

useSourceAndTarget(__filename, (t) => ({ app, owner, target } = t));

describe('lots across transfers and counts (stock-spec-3 §2)', () => {
  it('a transfer without a lot takes FEFO here and books the same lots with their best-before there', async () => {
    const article = await createArticle(owner, { sku: 'LOT-T1', tracking: 'lot', expiry: true });
    await move(owner, article.id, 'in', 3, { lot: 'LATE', best_before: '2027-09-01' });
    await move(owner, article.id, 'in', 3, { lot: 'EARLY', best_before: '2027-01-01' });
    const res = await book(owner, '/api/stock/transfers', {
      article_id: article.id,
      to_warehouse_id: target,
      quantity: 4,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().lots).toEqual([
      { lot: 'EARLY', quantity: 3 },
      { lot: 'LATE', quantity: 1 },
    ]);
    const rows = res
      .json()
      .movements.map((m: { kind: string; lot: string; delta: number; best_before: string }) => [
        m.kind,
        m.lot,
        m.delta,
        m.best_before,
      ]);
    expect(rows).toEqual([
      ['transfer_out', 'EARLY', -3, '2027-01-01'],
      ['transfer_out', 'LATE', -1, '2027-09-01'],
      ['transfer_in', 'EARLY', 3, '2027-01-01'],
      ['transfer_in', 'LATE', 1, '2027-09-01'],
    ]);
    // The target article was made with the same tracking.
    const [there] = await app.ctx.db
      .select()
      .from(stockArticles)
      .where(and(eq(stockArticles.warehouseId, target), eq(stockArticles.sku, 'LOT-T1')));
    expect(there).toMatchObject({ tracking: 'lot', expiry: true, quantity: 4000 });
    // An untracked article of the same SKU there refuses lots.
    const plain = await createArticle(owner, { sku: 'LOT-T2', tracking: 'lot' });
    await move(owner, plain.id, 'in', 2, { lot: 'X' });
    await app.ctx.db.insert(stockArticles).values({ warehouseId: target, sku: 'LOT-T2', name: 'Plain', unit: 'pcs' });
    const mismatch = await book(owner, '/api/stock/transfers', {
      article_id: plain.id,
      to_warehouse_id: target,
      quantity: 1,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().code).toBe('transfer.tracking_mismatch');
  });

  it('a count of a serial article leaves exactly the serials named: missing ones go, new ones come', async () => {
    const article = await createArticle(owner, { sku: 'SER-C1', tracking: 'serial' });
    expect((await move(owner, article.id, 'in', 3, { serials: ['SN-1', 'SN-2', 'SN-3'] })).statusCode).toBe(201);
    const counted = await move(owner, article.id, 'correction', 2, { reason: 'count', serials: ['SN-1', 'SN-4'] });
    expect(counted.statusCode).toBe(201);
    expect(counted.json().article.quantity).toBe(2);
    expect(counted.json().movements.map((m: { serial: string; delta: number }) => [m.serial, m.delta])).toEqual([
      ['SN-2', -1],
      ['SN-3', -1],
      ['SN-4', 1],
    ]);
    const lots = (await owner.get(`/api/stock/articles/${article.id}/lots`)).json().lots;
    expect(lots.map((l: { lot: string }) => l.lot).sort()).toEqual(['SN-1', 'SN-4']);
    const trace = (await owner.get(`/api/stock/trace?article_id=${article.id}&serial=SN-2`)).json();
    expect(trace.movements.map((m: { kind: string; delta: number }) => [m.kind, m.delta])).toEqual([
      ['in', 1],
      ['correction', -1],
    ]);
  });
});

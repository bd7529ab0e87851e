import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Client } from '../../../test/helpers';
import { book, createArticle, member, move, stockUp, useSourceAndTarget } from '../../../test/stock/helpers';
import { stockArticles, stockMovements } from './tables';

/** Year-end count sessions (stock-spec-3 §3). */
// The machine is shared and PGlite boots slowly under load.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: Client;
let source: number;

useSourceAndTarget(__filename, (t) => ({ app, owner, source } = t));

const quantityOf = async (id: number) =>
  (await app.ctx.db.select().from(stockArticles).where(eq(stockArticles.id, id)))[0]!.quantity / 1000;

describe('count sessions', () => {
  it('open, two counters, a movement during the count, uncounted 409, idempotent close, the list', async () => {
    const a = await createArticle(owner, { sku: 'C-A', name: 'Schraube' });
    const b = await createArticle(owner, { sku: 'C-B', name: 'Mutter' });
    const c = await createArticle(owner, { sku: 'C-C', name: 'Scheibe' });
    await move(owner, a.id, 'in', 10, { unit_cost: '2' });
    await stockUp(owner, b.id, 5);
    await stockUp(owner, c.id, 4);
    const { client: one } = await member(app, owner, source, ['view_stock', 'manage_counts']);
    const { client: two } = await member(app, owner, source, ['view_stock', 'manage_counts']);
    const { client: clerk } = await member(app, owner, source, ['view_stock', 'count_stock']);
    expect((await book(clerk, '/api/stock/count-sessions', {})).statusCode).toBe(403);

    const opened = await book(one, '/api/stock/count-sessions', {});
    expect(opened.statusCode).toBe(201);
    const id = opened.json().session.id;
    // One open session per subtree: the whole warehouse overlaps everything.
    const again = await book(two, '/api/stock/count-sessions', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('stock.count_open');

    const session = (await one.get(`/api/stock/count-sessions/${id}`)).json().session;
    const line = (articleId: number) => session.lines.find((l: { article_id: number }) => l.article_id === articleId);
    expect(line(a.id)).toMatchObject({ location_code: 'STANDARD', expected: 10, counted: null });
    expect(line(b.id)).toMatchObject({ expected: 5 });
    const at = line(a.id).location_id;

    // B: 2 go out before it is counted (counter two finds 3); A counted 8 by counter one, then 3 come in.
    await move(owner, b.id, 'out', 2, { reason: 'sale' });
    expect(
      (await two.put(`/api/stock/count-sessions/${id}/lines`, [{ article_id: b.id, location_id: at, counted: 3 }]))
        .statusCode,
    ).toBe(200);
    const counted = await one.put(`/api/stock/count-sessions/${id}/lines`, [
      { article_id: a.id, location_id: at, counted: 8 },
    ]);
    expect(counted.json().session.lines.find((l: { article_id: number }) => l.article_id === a.id)).toMatchObject({
      counted: 8,
      counted_by: expect.any(String),
    });
    await move(owner, a.id, 'in', 3);

    // C is not counted: 409 naming it, nothing booked.
    const refused = await book(one, `/api/stock/count-sessions/${id}/close`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('stock.count_uncounted');
    expect(JSON.stringify(refused.json().errors)).toContain(String(c.id));

    const key = randomUUID();
    const closed = await book(one, `/api/stock/count-sessions/${id}/close`, { uncounted: 'keep' }, key);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().movements).toBe(1);
    const after = closed.json().session;
    expect(after.status).toBe('closed');
    const closedLine = (articleId: number) =>
      after.lines.find((l: { article_id: number }) => l.article_id === articleId);
    // A: 8 − (10 + nothing before the count) = −2; the 3 that came in later are not a difference.
    expect(closedLine(a.id)).toMatchObject({ difference: -2 });
    expect(closedLine(a.id)).not.toHaveProperty('value');
    const seen = (await owner.get(`/api/stock/count-sessions/${id}`)).json().session.lines;
    expect(seen.find((l: { article_id: number }) => l.article_id === a.id)).toMatchObject({
      value: '16.00',
      average_cost: '2',
    });
    // B: 3 − (5 − 2) = 0: the goods-out during the count is not a loss.
    expect(closedLine(b.id)).toMatchObject({ difference: 0 });
    expect([await quantityOf(a.id), await quantityOf(b.id), await quantityOf(c.id)]).toEqual([11, 3, 4]);

    // The same key answers the same, books nothing more; another key finds it closed.
    const replay = await book(one, `/api/stock/count-sessions/${id}/close`, { uncounted: 'keep' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().movements).toBe(1);
    const corrections = await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.articleId, a.id));
    expect(corrections.filter((m) => m.kind === 'correction')).toHaveLength(1);
    expect((await book(one, `/api/stock/count-sessions/${id}/close`, { uncounted: 'keep' })).statusCode).toBe(409);

    // The signed-off list; without view_stock_value no cost columns.
    const list = await one.request('GET', `/api/stock/count-sessions/${id}/list.csv`, undefined, {
      'accept-language': 'en',
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('C-A,Schraube,STANDARD,,10,8,-2,pcs');
    expect(list.body).not.toMatch(/Average cost|16\.00/);
    const owned = await owner.request('GET', `/api/stock/count-sessions/${id}/list.csv`, undefined, {
      'accept-language': 'en',
    });
    expect(owned.body).toContain('Average cost');
    expect(owned.body).toContain(',2,16.00');
    expect((await one.get(`/api/stock/count-sessions/${id}`)).body).not.toMatch(/average_cost|"value"/);
    expect((await one.get('/api/stock/count-sessions')).json().sessions[0]).toMatchObject({ id, status: 'closed' });
  });

  it('a blind session hides expected until it is closed', async () => {
    const a = await createArticle(owner, { sku: 'C-BLIND' });
    await stockUp(owner, a.id, 7);
    const opened = await book(owner, '/api/stock/count-sessions', { blind: true });
    expect(opened.statusCode).toBe(201);
    const id = opened.json().session.id;
    const lines = (await owner.get(`/api/stock/count-sessions/${id}`)).json().session.lines;
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).not.toHaveProperty('expected');
    const closed = await book(owner, `/api/stock/count-sessions/${id}/close`, { uncounted: 'keep' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().session.lines.find((l: { article_sku: string }) => l.article_sku === 'C-BLIND')).toMatchObject(
      {
        expected: 7,
        difference: null,
      },
    );
  });
});

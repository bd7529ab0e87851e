import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Client } from '../../../test/helpers';
import { pdfText } from '../../../test/pdf-text';
import { book, createArticle, member, move, stockUp, useSourceAndTarget } from '../../../test/stock/helpers';
import { location } from '../../../test/stock/locations';
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

describe('who counts, and the review before closing', () => {
  it('counters are clerks: count_stock lists, reads and counts; opening, closing and the list stay manage_counts', async () => {
    const a = await createArticle(owner, { sku: 'C-CLERK' });
    await stockUp(owner, a.id, 4);
    const { client: clerk } = await member(app, owner, source, ['view_stock', 'count_stock']);
    const { client: looker } = await member(app, owner, source, ['view_stock']);
    const { client: blindCounter } = await member(app, owner, source, ['count_stock']);
    expect((await book(clerk, '/api/stock/count-sessions', {})).statusCode).toBe(403);
    const id = (await book(owner, '/api/stock/count-sessions', {})).json().session.id;
    try {
      expect((await clerk.get('/api/stock/count-sessions')).json().sessions[0]).toMatchObject({ id, status: 'open' });
      const lines = (await clerk.get(`/api/stock/count-sessions/${id}`)).json().session.lines;
      const at = lines.find((l: { article_id: number }) => l.article_id === a.id).location_id;
      const put = await clerk.put(`/api/stock/count-sessions/${id}/lines`, [
        { article_id: a.id, location_id: at, counted: 4 },
      ]);
      expect(put.statusCode).toBe(200);
      expect(put.json().session.lines.find((l: { article_id: number }) => l.article_id === a.id)).toMatchObject({
        counted: 4,
        difference: 0,
      });
      // Without count_stock/manage_counts, or without view_stock: 403, nothing counted.
      for (const who of [looker, blindCounter]) {
        expect((await who.get('/api/stock/count-sessions')).statusCode).toBe(403);
        expect((await who.get(`/api/stock/count-sessions/${id}`)).statusCode).toBe(403);
        const refused = await who.put(`/api/stock/count-sessions/${id}/lines`, [
          { article_id: a.id, location_id: at, counted: 9 },
        ]);
        expect(refused.statusCode).toBe(403);
      }
      expect((await book(clerk, `/api/stock/count-sessions/${id}/close`, { uncounted: 'keep' })).statusCode).toBe(403);
      expect((await clerk.get(`/api/stock/count-sessions/${id}`)).json().session).toMatchObject({ status: 'open' });
      expect((await clerk.get(`/api/stock/count-sessions/${id}/list.csv`)).statusCode).toBe(403);
    } finally {
      expect((await book(owner, `/api/stock/count-sessions/${id}/close`, { uncounted: 'keep' })).statusCode).toBe(200);
    }
    expect(await quantityOf(a.id)).toBe(4);
  });

  it('an open session shows what moved since opening and the difference closing would book', async () => {
    const a = await createArticle(owner, { sku: 'C-REVIEW' });
    const b = await createArticle(owner, { sku: 'C-REVIEW-2' });
    await stockUp(owner, a.id, 10);
    await stockUp(owner, b.id, 6);
    const id = (await book(owner, '/api/stock/count-sessions', {})).json().session.id;
    const lineOf = async (articleId: number) =>
      (await owner.get(`/api/stock/count-sessions/${id}`))
        .json()
        .session.lines.find((l: { article_id: number }) => l.article_id === articleId);
    expect(await lineOf(a.id)).toMatchObject({ expected: 10, moved: 0, counted: null, difference: null });
    const at = (await lineOf(a.id)).location_id;

    // 2 go out before the count: moved −2; counted 7 → 7 − (10 − 2) = −1.
    await move(owner, a.id, 'out', 2, { reason: 'sale' });
    expect(await lineOf(a.id)).toMatchObject({ moved: -2, difference: null });
    await owner.put(`/api/stock/count-sessions/${id}/lines`, [
      { article_id: a.id, location_id: at, counted: 7 },
      { article_id: b.id, location_id: at, counted: 6 },
    ]);
    expect(await lineOf(a.id)).toMatchObject({ expected: 10, moved: -2, counted: 7, difference: -1 });
    // 5 come in after it was counted: not part of this count, the preview stays.
    await move(owner, a.id, 'in', 5);
    await move(owner, b.id, 'out', 1, { reason: 'sale' });
    expect(await lineOf(a.id)).toMatchObject({ moved: -2, difference: -1 });
    expect(await lineOf(b.id)).toMatchObject({ expected: 6, moved: 0, difference: 0 });

    const closed = await book(owner, `/api/stock/count-sessions/${id}/close`, { uncounted: 'keep' });
    expect(closed.statusCode).toBe(200);
    const booked = closed.json().session.lines.find((l: { article_id: number }) => l.article_id === a.id);
    expect(booked).toMatchObject({ expected: 10, moved: -2, counted: 7, difference: -1 });
    expect(await lineOf(a.id)).toMatchObject({ moved: -2, difference: -1 });
    expect(await lineOf(b.id)).toMatchObject({ moved: 0, difference: 0 });
    // 10 − 2 + 5 − 1 (the correction).
    expect(await quantityOf(a.id)).toBe(12);

    // Blind: neither expected nor moved while open, no preview difference even when counted.
    const blind = (await book(owner, '/api/stock/count-sessions', { blind: true })).json().session.id;
    await owner.put(`/api/stock/count-sessions/${blind}/lines`, [{ article_id: a.id, location_id: at, counted: 11 }]);
    await move(owner, a.id, 'out', 1, { reason: 'sale' });
    const hidden = (await owner.get(`/api/stock/count-sessions/${blind}`)).json().session.lines;
    const line = hidden.find((l: { article_id: number }) => l.article_id === a.id);
    expect(line).toMatchObject({ counted: 11, difference: null });
    expect(line).not.toHaveProperty('expected');
    expect(line).not.toHaveProperty('moved');
    const shut = await book(owner, `/api/stock/count-sessions/${blind}/close`, { uncounted: 'keep' });
    const after = shut.json().session.lines.find((l: { article_id: number }) => l.article_id === a.id);
    // 11 − (12 + 0): the goods-out came after the count.
    expect(after).toMatchObject({ expected: 12, moved: 0, counted: 11, difference: -1 });
    expect(shut.json().session.lines.find((l: { article_id: number }) => l.article_id === b.id)).toMatchObject({
      counted: null,
      moved: null,
      difference: null,
    });
  });
});

describe('printed counts', () => {
  const pdf = async (client: Client, url: string, lang: 'de' | 'en' = 'de') => {
    const res = await client.get(url, { 'accept-language': lang });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return pdfText(res.rawPayload);
  };

  it('count sheets per location, blind without expected; the signed-off list after closing, costs only for view_stock_value', async () => {
    const hall = await location(owner, 'H42');
    const left = await location(owner, 'H42-L', hall.id);
    const right = await location(owner, 'H42-R', hall.id);
    const p = await createArticle(owner, { sku: 'P-SHEET', name: 'Dübel 8 mm' });
    const q = await createArticle(owner, { sku: 'P-LIST', name: 'Winkel' });
    const inAt = (articleId: number, locationId: number, quantity: number, unit_cost: string) =>
      book(owner, '/api/stock/movements', {
        article_id: articleId,
        kind: 'in',
        quantity,
        location_id: locationId,
        unit_cost,
      });
    expect((await inAt(p.id, left.id, 5, '2')).statusCode).toBe(201);
    expect((await inAt(q.id, right.id, 3, '1.5')).statusCode).toBe(201);
    const { client: clerk } = await member(app, owner, source, ['view_stock', 'count_stock']);
    const { client: manager } = await member(app, owner, source, ['view_stock', 'manage_counts']);
    const id = (await book(manager, '/api/stock/count-sessions', { location_id: hall.id })).json().session.id;

    // A clerk prints the sheets: one page per location, expected, an empty box, page numbers, no cost.
    const sheets = await pdf(clerk, `/api/stock/count-sessions/${id}/sheets.pdf`);
    expect(sheets).toHaveLength(2);
    expect(sheets[0]).toEqual(
      expect.arrayContaining([
        `Zählliste – Inventur ${id}`,
        'Bereich: Lagerplatz H42',
        'Lagerplatz H42-L',
        'Art.-Nr. | Bezeichnung | Charge/Serie | Einheit | Soll | Gezählt',
        'P-SHEET | Dübel 8 mm | Stk. | 5',
      ]),
    );
    expect(sheets[0]!.join('\n')).toMatch(new RegExp(`Zählliste · Inventur ${id} · .* \\| Seite 1 von 2`));
    expect(sheets[1]).toEqual(
      expect.arrayContaining(['Lagerplatz H42-R', 'Zähler/in: ______________________', 'P-LIST | Winkel | Stk. | 3']),
    );
    expect(sheets[1]!.join('\n')).toContain('Seite 2 von 2');
    expect(sheets.flat().join('\n')).not.toMatch(/€|Einstandspreis|Wert/);
    const english = await pdf(clerk, `/api/stock/count-sessions/${id}/sheets.pdf`, 'en');
    expect(english[0]).toEqual(
      expect.arrayContaining([
        `Count sheet – Count ${id}`,
        'Location H42-L',
        'SKU | Name | Lot/serial | Unit | Expected | Counted',
        'P-SHEET | Dübel 8 mm | pcs | 5',
      ]),
    );
    expect(english[1]!.join('\n')).toContain('Page 2 of 2');

    // The list exists once the session is closed: 409 while open (PDF and CSV); never for a clerk.
    for (const url of [`/api/stock/count-sessions/${id}/list.pdf`, `/api/stock/count-sessions/${id}/list.csv`]) {
      const open = await manager.get(url);
      expect(open.statusCode).toBe(409);
      expect(open.json().code).toBe('stock.count_still_open');
    }
    expect((await clerk.get(`/api/stock/count-sessions/${id}/list.pdf`)).statusCode).toBe(403);

    await clerk.put(`/api/stock/count-sessions/${id}/lines`, [
      { article_id: p.id, location_id: left.id, counted: 4 },
      { article_id: q.id, location_id: right.id, counted: 3 },
    ]);
    expect((await book(manager, `/api/stock/count-sessions/${id}/close`, {})).statusCode).toBe(200);

    const owned = (await pdf(owner, `/api/stock/count-sessions/${id}/list.pdf`)).flat();
    expect(owned).toEqual(
      expect.arrayContaining([
        `Inventurliste – Inventur ${id}`,
        'Bereich: Lagerplatz H42',
        'Positionen: 2',
        'Art.-Nr. | Bezeichnung | Lagerplatz | Charge/Serie | Soll | Gezählt | Differenz | Einheit | Gezählt von | Ø Einstandspreis | Wert',
        expect.stringMatching(/^P-SHEET \| Dübel 8 mm \| H42-L \| 5 \| 4 \| -1 \| Stk\. \| .+ \| 2,00 € \| 8,00 €$/),
        expect.stringMatching(/^P-LIST \| Winkel \| H42-R \| 3 \| 3 \| 0 \| Stk\. \| .+ \| 1,50 € \| 4,50 €$/),
        'Summe | 12,50 €',
        'Wert der Differenzen | -2,00 €',
        expect.stringMatching(/^Abgeschlossen: .+ von /),
      ]),
    );
    // Signed off: a later goods-in at another price moves the article's average, not the closed list's values.
    expect((await inAt(p.id, left.id, 4, '5')).statusCode).toBe(201);
    expect((await owner.get(`/api/stock/articles/${p.id}`)).json().article.average_cost).toBe('3.5');
    const later = (await owner.get(`/api/stock/count-sessions/${id}`)).json().session.lines;
    expect(later.find((l: { article_id: number }) => l.article_id === p.id)).toMatchObject({
      average_cost: '2',
      value: '8.00',
    });
    const ownedEnglish = (await pdf(owner, `/api/stock/count-sessions/${id}/list.pdf`, 'en')).flat();
    expect(ownedEnglish).toEqual(
      expect.arrayContaining([
        `Count list – Count ${id}`,
        expect.stringMatching(/^P-SHEET \| Dübel 8 mm \| H42-L \| 5 \| 4 \| -1 \| pcs \| .+ \| €2\.00 \| €8\.00$/),
        'Total | €12.50',
        'Value of differences | -€2.00',
      ]),
    );
    // A manager without view_stock_value: the same list without a cost or a value.
    const plain = (await pdf(manager, `/api/stock/count-sessions/${id}/list.pdf`)).flat();
    expect(plain).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^P-SHEET \| Dübel 8 mm \| H42-L \| 5 \| 4 \| -1 \| Stk\. \| [^|]+$/),
      ]),
    );
    expect(plain.join('\n')).not.toMatch(/€|Einstandspreis|Wert|Summe/);

    // Blind: the sheets have no expected column while the session is open.
    const blind = (await book(manager, '/api/stock/count-sessions', { location_id: right.id, blind: true })).json()
      .session.id;
    const blindSheets = (await pdf(clerk, `/api/stock/count-sessions/${blind}/sheets.pdf`)).flat();
    expect(blindSheets).toEqual(
      expect.arrayContaining([
        'Blindzählung: ohne Sollmengen',
        'Art.-Nr. | Bezeichnung | Charge/Serie | Einheit | Gezählt',
        'P-LIST | Winkel | Stk.',
      ]),
    );
    expect(blindSheets.join('\n')).not.toContain('Soll |');
    expect((await book(manager, `/api/stock/count-sessions/${blind}/close`, { uncounted: 'keep' })).statusCode).toBe(
      200,
    );
  });
});

describe('lots and serials in a count', () => {
  it('freezes a line per lot and per serial, refuses what closing could not book at PUT, books per lot and serial', async () => {
    const shelf = await location(owner, 'H42-S');
    const lotted = await createArticle(owner, { sku: 'C-LOT', tracking: 'lot' });
    const serial = await createArticle(owner, { sku: 'C-SER', tracking: 'serial' });
    const plain = await createArticle(owner, { sku: 'C-PLAIN' });
    const inAt = async (articleId: number, quantity: number, fields: object) =>
      expect(
        (await move(owner, articleId, 'in', quantity, { location_id: shelf.id, unit_cost: '1', ...fields })).statusCode,
      ).toBe(201);
    await inAt(lotted.id, 5, { lot: 'L-1' });
    await inAt(lotted.id, 3, { lot: 'L-2' });
    await inAt(serial.id, 3, { serials: ['S-1', 'S-2', 'S-3'] });
    await inAt(plain.id, 2, {});
    const { client: clerk } = await member(app, owner, source, ['view_stock', 'count_stock']);
    const id = (await book(owner, '/api/stock/count-sessions', { location_id: shelf.id })).json().session.id;
    type Line = {
      article_sku: string;
      lot: string | null;
      serial: string | null;
      expected?: number;
      moved?: number | null;
      counted: number | null;
      difference: number | null;
    };
    const lines = async () =>
      ((await clerk.get(`/api/stock/count-sessions/${id}`)).json().session.lines as Line[]).map(
        ({ article_sku, lot, serial: s, ...rest }) => ({
          key: `${article_sku} ${lot ?? s ?? ''}`.trim(),
          lot,
          serial: s,
          ...rest,
        }),
      );
    const opened = await lines();
    expect(opened.map((l) => [l.key, l.lot, l.serial, l.expected])).toEqual([
      ['C-LOT L-1', 'L-1', null, 5],
      ['C-LOT L-2', 'L-2', null, 3],
      ['C-PLAIN', null, null, 2],
      ['C-SER S-1', null, 'S-1', 1],
      ['C-SER S-2', null, 'S-2', 1],
      ['C-SER S-3', null, 'S-3', 1],
    ]);

    // What closing could not book is 422 now, naming the line's field; nothing is counted.
    const put = (line: object) =>
      clerk.put(`/api/stock/count-sessions/${id}/lines`, [{ location_id: shelf.id, counted: 1, ...line }]);
    const refusals: [object, string, string?][] = [
      [{ article_id: plain.id, lot: 'L-1' }, 'lines.0.lot', 'lot.not_tracked'],
      [{ article_id: plain.id, counted: 2.5 }, 'lines.0.counted'],
      [{ article_id: lotted.id }, 'lines.0.lot', 'lot.required'],
      [{ article_id: lotted.id, lot: 'bad lot!' }, 'lines.0.lot'],
      [{ article_id: lotted.id, lot: 'NOPE-9' }, 'lines.0.lot'],
      [{ article_id: lotted.id, lot: 'L-1', serial: 'S-1' }, 'lines.0.serial'],
      [{ article_id: serial.id }, 'lines.0.serial', 'serials.required'],
      [{ article_id: serial.id, serial: 'S-1', counted: 2 }, 'lines.0.counted'],
      [{ article_id: serial.id, serial: 'S-1', lot: 'L-1' }, 'lines.0.lot'],
    ];
    for (const [line, field, code] of refusals) {
      const res = await put(line);
      expect([JSON.stringify(line), res.statusCode]).toEqual([JSON.stringify(line), 422]);
      expect(res.json().errors).toHaveProperty([field]);
      if (code) expect(res.json().code).toBe(code);
    }
    expect((await put({ article_id: lotted.id, lot: 'NOPE-9' })).json().message).toContain('NOPE-9');
    expect((await lines()).every((l) => l.counted === null)).toBe(true);

    // During the count: one of L-1 and the unit S-3 go out before they are counted.
    expect(
      (await move(owner, lotted.id, 'out', 1, { lot: 'L-1', location_id: shelf.id, reason: 'sale' })).statusCode,
    ).toBe(201);
    expect(
      (await move(owner, serial.id, 'out', 1, { serials: ['S-3'], location_id: shelf.id, reason: 'sale' })).statusCode,
    ).toBe(201);
    const counted = await clerk.put(`/api/stock/count-sessions/${id}/lines`, [
      { article_id: lotted.id, location_id: shelf.id, lot: 'L-1', counted: 3 },
      { article_id: lotted.id, location_id: shelf.id, lot: 'L-2', counted: 3 },
      { article_id: plain.id, location_id: shelf.id, counted: 2 },
      { article_id: serial.id, location_id: shelf.id, serial: 'S-1', counted: 1 },
      { article_id: serial.id, location_id: shelf.id, serial: 'S-2', counted: 0 },
      { article_id: serial.id, location_id: shelf.id, serial: 'S-3', counted: 0 },
      // Found on the shelf, never booked in: a line of its own with expected 0.
      { article_id: serial.id, location_id: shelf.id, serial: 'S-9', counted: 1 },
    ]);
    expect(counted.statusCode).toBe(200);
    const review = Object.fromEntries(
      (await lines()).map((l) => {
        return [l.key, [l.expected, l.moved, l.difference]];
      }),
    );
    expect(review).toEqual({
      'C-LOT L-1': [5, -1, -1],
      'C-LOT L-2': [3, 0, 0],
      'C-PLAIN': [2, 0, 0],
      'C-SER S-1': [1, 0, 0],
      'C-SER S-2': [1, 0, -1],
      'C-SER S-3': [1, -1, 0],
      'C-SER S-9': [0, 0, 1],
    });

    const closed = await book(owner, `/api/stock/count-sessions/${id}/close`, {});
    expect(closed.statusCode).toBe(200);
    expect(closed.json().movements).toBe(3);
    const corrections = (await app.ctx.db.select().from(stockMovements).where(eq(stockMovements.kind, 'correction')))
      .filter((m) => m.articleId === lotted.id || m.articleId === serial.id)
      .map((m) => [m.articleId === lotted.id ? 'C-LOT' : 'C-SER', m.lot ?? m.serial, m.delta / 1000, m.locationId]);
    expect(corrections.sort()).toEqual(
      [
        ['C-LOT', 'L-1', -1, shelf.id],
        ['C-SER', 'S-2', -1, shelf.id],
        ['C-SER', 'S-9', 1, shelf.id],
      ].sort(),
    );
    const lotsOf = async (articleId: number) =>
      ((await owner.get(`/api/stock/articles/${articleId}/lots`)).json().lots as { lot: string; quantity: number }[])
        .filter((l) => l.quantity > 0)
        .map((l) => [l.lot, l.quantity]);
    expect(await lotsOf(lotted.id)).toEqual([
      ['L-1', 3],
      ['L-2', 3],
    ]);
    expect((await lotsOf(serial.id)).map(([s]) => s).sort()).toEqual(['S-1', 'S-9']);
    expect([await quantityOf(lotted.id), await quantityOf(serial.id), await quantityOf(plain.id)]).toEqual([6, 2, 2]);
  });
});

describe('a serial found at another place', () => {
  it('moves when it is missing where it was, and is 409 serial.in_stock when that place is not counted', async () => {
    const room = await location(owner, 'H42-M');
    const [here, there] = [await location(owner, 'H42-M1', room.id), await location(owner, 'H42-M2', room.id)];
    const outside = await location(owner, 'H42-X');
    const serial = await createArticle(owner, { sku: 'C-SER-MOVE', tracking: 'serial' });
    const inAt = async (locationId: number, serials: string[]) =>
      expect(
        (await move(owner, serial.id, 'in', serials.length, { location_id: locationId, serials })).statusCode,
      ).toBe(201);
    await inAt(there.id, ['M-1']);
    await inAt(outside.id, ['M-2']);
    const id = (await book(owner, '/api/stock/count-sessions', { location_id: room.id })).json().session.id;
    // M-1 lies at M1, not at M2 where it was booked; M-2 is found at M1 too, but its place is outside the count.
    const counted = await owner.put(`/api/stock/count-sessions/${id}/lines`, [
      { article_id: serial.id, location_id: there.id, serial: 'M-1', counted: 0 },
      { article_id: serial.id, location_id: here.id, serial: 'M-1', counted: 1 },
      { article_id: serial.id, location_id: here.id, serial: 'M-2', counted: 1 },
    ]);
    expect(counted.statusCode).toBe(200);
    const refused = await book(owner, `/api/stock/count-sessions/${id}/close`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('serial.in_stock');
    expect((await owner.get(`/api/stock/count-sessions/${id}`)).json().session.status).toBe('open');
    // Not found after all: M-1 moves from M2 to M1.
    await owner.put(`/api/stock/count-sessions/${id}/lines`, [
      { article_id: serial.id, location_id: here.id, serial: 'M-2', counted: 0 },
    ]);
    const closed = await book(owner, `/api/stock/count-sessions/${id}/close`, {});
    expect(closed.statusCode).toBe(200);
    const lots = (await owner.get(`/api/stock/articles/${serial.id}/lots`)).json().lots as {
      lot: string;
      locations: { location_id: number; quantity: number }[];
    }[];
    const where = Object.fromEntries(
      lots.map((l) => [l.lot, l.locations.filter((p) => p.quantity > 0).map((p) => p.location_id)]),
    );
    expect(where).toEqual({ 'M-1': [here.id], 'M-2': [outside.id] });
    expect(await quantityOf(serial.id)).toBe(2);
  });
});

describe('uncounted lines', () => {
  it('closed as "zero": booked to 0, net of what moved there during the count', async () => {
    const shelf = await location(owner, 'H42-Z');
    const [gone, kept] = [await createArticle(owner, { sku: 'C-ZERO' }), await createArticle(owner, { sku: 'C-KEEP' })];
    for (const article of [gone, kept]) {
      expect((await move(owner, article.id, 'in', 4, { location_id: shelf.id })).statusCode).toBe(201);
    }
    const id = (await book(owner, '/api/stock/count-sessions', { location_id: shelf.id })).json().session.id;
    await move(owner, gone.id, 'out', 1, { location_id: shelf.id, reason: 'sale' });
    const closed = await book(owner, `/api/stock/count-sessions/${id}/close`, { uncounted: 'zero' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().movements).toBe(2);
    const line = (sku: string) =>
      closed.json().session.lines.find((l: { article_sku: string }) => l.article_sku === sku);
    // 0 − (4 − 1): what is left of it is gone; the sale during the count is not part of the loss.
    expect(line('C-ZERO')).toMatchObject({ expected: 4, counted: null, moved: -1, difference: -3 });
    expect(line('C-KEEP')).toMatchObject({ expected: 4, counted: null, moved: 0, difference: -4 });
    expect([await quantityOf(gone.id), await quantityOf(kept.id)]).toEqual([0, 0]);
  });
});

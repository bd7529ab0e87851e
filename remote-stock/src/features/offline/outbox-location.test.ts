import 'fake-indexeddb/auto';
import { answer, HttpResponse, sessionHandlers, setupApiServer } from '@lager/shared/testing';
import { openOutbox } from './db';
import { addBooking, entriesOf } from './outbox';
import { sendOutbox } from './sender';
import { postBooking } from './wire';

/** stock-spec-2.md §1: a booking queued offline with a scanned location is sent with its location_id. */
const server = setupApiServer(...sessionHandlers());

test('an outbox entry keeps the chosen location and sends its location_id; one without sends none', async () => {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    answer.post<{ movement: { quantity_after: number } }>('/api/stock/movements', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ movement: { quantity_after: 9 } }, { status: 201 });
    }),
  );
  const db = await openOutbox(901);
  const common = {
    user_id: 901,
    warehouse_id: 1,
    article: { id: 5, sku: 'MLK-1', name: 'Milk', unit: 'pcs' as const },
    kind: 'out' as const,
    quantity: 1,
    reason: 'consumption' as const,
    occurred_at: new Date().toISOString(),
  };
  await addBooking(db, { ...common, location: { id: 12, code: 'A-03-2' } });
  await addBooking(db, common);
  expect((await entriesOf(db, 1)).map((e) => e.location?.code ?? null)).toEqual(['A-03-2', null]);
  expect(await sendOutbox(db, { userId: 901, warehouseId: 1 }, postBooking)).toBe('done');
  expect(bodies[0]).toMatchObject({ article_id: 5, location_id: 12 });
  expect(bodies[1]).not.toHaveProperty('location_id');
  db.close();
});

/** stock-spec-3 §2: the outbox carries lot, serials and best-before of a tracked article. */
test('an outbox entry of a tracked article sends its lot, best-before and serials; an untracked one none', async () => {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    answer.post<{ movement: { quantity_after: number } }>('/api/stock/movements', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ movement: { quantity_after: 9 } }, { status: 201 });
    }),
  );
  const db = await openOutbox(902);
  const common = {
    user_id: 902,
    warehouse_id: 1,
    article: { id: 6, sku: 'MLK-2', name: 'Milk', unit: 'pcs' as const },
    kind: 'in' as const,
    quantity: 2,
    reason: 'purchase' as const,
    occurred_at: new Date().toISOString(),
  };
  await addBooking(db, { ...common, lot: '24-117', best_before: '2027-01-31' });
  await addBooking(db, { ...common, serials: ['SN-1', 'SN-2'] });
  await addBooking(db, common);
  expect(await sendOutbox(db, { userId: 902, warehouseId: 1 }, postBooking)).toBe('done');
  expect(bodies[0]).toMatchObject({ article_id: 6, lot: '24-117', best_before: '2027-01-31' });
  expect(bodies[1]).toMatchObject({ serials: ['SN-1', 'SN-2'] });
  expect(bodies[2]).not.toHaveProperty('lot');
  expect(bodies[2]).not.toHaveProperty('serials');
  db.close();
});

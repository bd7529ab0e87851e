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

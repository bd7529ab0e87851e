import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../src/demo-data';
import { Client, useTestApp } from './helpers';

// The machine is shared and PGlite boots slowly under load; the demo seed books a month of movements.
jest.setTimeout(180_000);

let app: FastifyInstance;
useTestApp(__filename, (t) => ({ app } = t));

it('the demo has two suppliers with prices, an open order partly received and a draft from the reorder list', async () => {
  expect(await seedDemo(app)).not.toBeNull();
  const owner = new Client(app);
  await owner.login('owner@lager.demo', 'demo1234');
  const suppliers = (await owner.get('/api/purchasing/suppliers')).json().suppliers;
  expect(suppliers.map((s: { name: string }) => s.name)).toEqual(['Nordwerk Großhandel GmbH', 'Südhaus Fachhandel KG']);
  const { orders } = (await owner.get('/api/purchasing/orders')).json();
  expect(orders.map((o: { status: string; supplier_name: string }) => [o.status, o.supplier_name])).toEqual([
    ['draft', 'Südhaus Fachhandel KG'],
    ['partially_received', 'Nordwerk Großhandel GmbH'],
  ]);
  const open = (await owner.get(`/api/purchasing/orders/${orders[1].id}`)).json().order;
  expect(
    open.lines.map((l: { received_quantity: number; open_quantity: number }) => [l.received_quantity, l.open_quantity]),
  ).toEqual([
    [20, 0],
    [500, 500],
    [0, 4],
  ]);
  const draft = (await owner.get(`/api/purchasing/orders/${orders[0].id}`)).json().order;
  expect(draft.lines.length).toBeGreaterThan(0);
  const prices = (await owner.get(`/api/stock/articles/${draft.lines[0].article_id}/suppliers`)).json();
  expect(prices).toHaveLength(2);
  expect(prices[0]).toMatchObject({ supplier_name: 'Südhaus Fachhandel KG', preferred: true });
  // Journal rows of the receipt name the order.
  const journal = (await owner.get(`/api/stock/movements?article_id=${open.lines[0].article_id}`)).json().movements;
  expect(journal[0]).toMatchObject({ reason: 'purchase', purchase_order_id: open.id, reference: open.number });
});

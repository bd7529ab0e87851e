import {
  API,
  apiError,
  HttpResponse,
  renderWithProviders,
  rest,
  sessionHandlers,
  setupApiServer,
} from '@lager/shared/testing';
import { screen, within } from '@testing-library/react';
import type { Order } from '../api/purchasing-api';
import { ALL_PURCHASING, line, order, summary, supplier } from '../testing/fixtures';
import PurchasingRoutes from './PurchasingRoutes';

/** Handlers of this section's calls (answers of several shapes, errors included). */
const answer = {
  get: (path: string, resolve: Parameters<typeof rest.get>[1]) => rest.get(`${API}${path}`, resolve),
  post: (path: string, resolve: Parameters<typeof rest.post>[1]) => rest.post(`${API}${path}`, resolve),
  put: (path: string, resolve: Parameters<typeof rest.put>[1]) => rest.put(`${API}${path}`, resolve),
};
const server = setupApiServer(...sessionHandlers(undefined, ALL_PURCHASING));
const mount = (route: string, language: 'de' | 'en' = 'de') =>
  renderWithProviders(<PurchasingRoutes />, { route, path: '/purchasing/*', language });
const useSession = (permissions: string[]) => server.use(...sessionHandlers(undefined, permissions));

describe('orders', () => {
  test('lists the orders with status, exact money and a status filter that asks the server', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      answer.get('/api/purchasing/orders', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        return HttpResponse.json({
          orders:
            params.get('status') === 'received' ? [] : [summary({ status: 'partially_received', total: '0.0345' })],
          next_cursor: null,
        });
      }),
    );
    const { user } = mount('/purchasing');
    expect(screen.getByRole('heading', { level: 1, name: 'Einkauf' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('PO-2026-0007NordwerkTeilweise geliefert24.12.202610,0345 €');
    expect(within(rows[1]!).getByRole('link', { name: 'PO-2026-0007' })).toHaveAttribute(
      'href',
      '/purchasing/orders/7',
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'received');
    expect(await screen.findByText('Keine Bestellungen mit diesem Status.')).toBeInTheDocument();
    expect(asked.at(-1)!.get('status')).toBe('received');
  });

  test('a failed load says so and retries (en)', async () => {
    let fail = true;
    server.use(
      answer.get('/api/purchasing/orders', () =>
        fail
          ? apiError(500, { message: 'x', code: 'unknown' as never })
          : HttpResponse.json({ orders: [], next_cursor: null }),
      ),
    );
    const { user } = mount('/purchasing', 'en');
    expect(await screen.findByText('The orders could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No orders yet/)).toBeInTheDocument();
  });
});

describe('the order page', () => {
  test('a draft is ordered and mailed; the answer says the mail went', async () => {
    let current: Order = order();
    const bodies: unknown[] = [];
    server.use(
      answer.get('/api/purchasing/orders/:id', () => HttpResponse.json({ order: current })),
      answer.post('/api/purchasing/orders/:id/order', async ({ request }) => {
        bodies.push(await request.json());
        current = order({ status: 'ordered', emailed_at: '2026-11-28T09:00:00Z' });
        return HttpResponse.json({ order: current, email_sent: true });
      }),
    );
    const { user } = mount('/purchasing/orders/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung PO-2026-0007' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('1.234,50 €');
    await user.click(await screen.findByRole('button', { name: 'Bestellen und per E-Mail senden' }));
    expect(await screen.findByText(/ging als PDF per E-Mail an den Lieferanten/)).toBeInTheDocument();
    expect(bodies).toEqual([{ send_email: true }]);
    expect(await screen.findByText('Bestellt', { selector: '.purchasing-status' })).toBeInTheDocument();
  });

  test('a supplier without an address: the refusal is translated, nothing else happens', async () => {
    server.use(
      answer.get('/api/purchasing/orders/:id', () => HttpResponse.json({ order: order() })),
      answer.post('/api/purchasing/orders/:id/order', () =>
        apiError(422, {
          message: 'Supplier X has no e-mail address.',
          code: 'purchase_order.no_email',
          errors: { send_email: ['Supplier X has no e-mail address.'] },
        }),
      ),
    );
    const { user } = mount('/purchasing/orders/7', 'en');
    await user.click(await screen.findByRole('button', { name: 'Order and send by e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The supplier has no e-mail address.');
  });

  test('receives several lines at once with one Idempotency-Key; an over-receipt is explained', async () => {
    const sent: { key: string | null; body: unknown }[] = [];
    let refuse = true;
    const two = order({
      status: 'ordered',
      lines: [line(), line({ id: 12, article_sku: 'B-2', article_name: 'Bolzen', open_quantity: 3, quantity: 3 })],
    });
    let current = two;
    server.use(
      answer.get('/api/purchasing/orders/:id', () => HttpResponse.json({ order: current })),
      answer.post('/api/purchasing/orders/:id/receipts', async ({ request }) => {
        sent.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
        if (refuse) {
          return apiError(422, {
            message: 'More than is open',
            code: 'purchasing.over_receipt',
            errors: { 'lines.0.quantity': ['More than is open'] },
          });
        }
        // Everything arrived: the order is received, its receive form goes away.
        current = { ...two, status: 'received', lines: two.lines.map((l) => ({ ...l, open_quantity: 0 })) };
        return HttpResponse.json({ order: current, movements: [] }, { status: 201 });
      }),
    );
    const { user } = mount('/purchasing/orders/7');
    await user.type(await screen.findByLabelText(/A-1 · Anker/), '11');
    await user.click(screen.getByRole('button', { name: 'Wareneingang buchen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mehr als offen.');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Alles Offene eintragen' }));
    await user.click(screen.getByRole('button', { name: 'Wareneingang buchen' }));
    expect(await screen.findByText('Geliefert', { selector: '.purchasing-status' })).toBeInTheDocument();
    // The message outlives the form (the order is received now, nothing left to receive).
    expect(screen.getByText('Wareneingang für 2 Positionen gebucht.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Wareneingang buchen' })).not.toBeInTheDocument();
    expect(sent[1]!.body).toEqual({
      lines: [
        { line_id: 11, quantity: 10 },
        { line_id: 12, quantity: 3 },
      ],
    });
    expect(sent[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });

  test('on a shell older than this section (codes it does not know) a refusal still gets its own text', async () => {
    // What such a shell's @lager/shared makes of purchasing's codes: the status and the fields only.
    server.use(
      answer.get('/api/purchasing/orders/:id', () => HttpResponse.json({ order: order({ status: 'ordered' }) })),
      answer.post('/api/purchasing/orders/:id/receipts', () =>
        HttpResponse.json(
          { message: 'x', code: 'purchasing.from_the_future', errors: { 'lines.0.quantity': ['x'] } },
          { status: 422 },
        ),
      ),
      answer.post('/api/purchasing/orders/:id/cancel', () =>
        HttpResponse.json({ message: 'x', code: 'purchase_order.from_the_future' }, { status: 409 }),
      ),
    );
    const { user } = mount('/purchasing/orders/7', 'en');
    await user.type(await screen.findByLabelText(/A-1 · Anker/), '11');
    await user.click(screen.getByRole('button', { name: 'Book goods receipt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The order does not take this quantity');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/Not possible in the order's current status/)).toBeInTheDocument();
  });

  test('an order of another warehouse (404) is "not found", without retry', async () => {
    server.use(
      answer.get('/api/purchasing/orders/:id', () =>
        apiError(404, { message: 'Purchase order not found.', code: 'purchase_order.not_found' }),
      ),
    );
    mount('/purchasing/orders/99', 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('This order does not exist (any more).');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('drafts', () => {
  test('a new order is a draft for the chosen supplier; its lines are edited and saved on the order page', async () => {
    let current: Order = order({ lines: [] });
    const created: unknown[] = [];
    const saved: unknown[] = [];
    server.use(
      answer.get('/api/purchasing/suppliers', () => HttpResponse.json({ suppliers: [supplier()] })),
      answer.post('/api/purchasing/orders', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ order: current }, { status: 201 });
      }),
      answer.get('/api/purchasing/orders/:id', () => HttpResponse.json({ order: current })),
      answer.get('/api/stock/articles', ({ request }) =>
        HttpResponse.json({
          articles:
            new URL(request.url).searchParams.get('q') === 'ank'
              ? [{ id: 101, sku: 'A-1', name: 'Anker', unit: 'pcs', barcode: null }]
              : [],
          next_cursor: null,
        }),
      ),
      answer.put('/api/purchasing/orders/:id', async ({ request }) => {
        saved.push(await request.json());
        current = order({ updated_at: '2026-11-28T09:00:00Z', lines: [line({ quantity: 12 })] });
        return HttpResponse.json({ order: current });
      }),
    );
    const { user } = mount('/purchasing/orders/new');
    await screen.findByRole('option', { name: 'Nordwerk' });
    await user.selectOptions(screen.getByLabelText('Lieferant'), '3');
    await user.click(screen.getByRole('button', { name: 'Entwurf anlegen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung PO-2026-0007' })).toBeInTheDocument();
    expect(created).toEqual([{ supplier_id: 3, lines: [] }]);
    await user.type(await screen.findByLabelText('Artikel hinzufügen (Artikelnummer oder Name)'), 'ank');
    await user.click(await screen.findByRole('button', { name: 'A-1 · Anker hinzufügen' }));
    const quantity = screen.getByLabelText('Menge');
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect(await screen.findByText('Der Entwurf ist gespeichert.')).toBeInTheDocument();
    expect(saved).toEqual([
      { supplier_id: 3, expected_at: '2026-12-24', note: null, lines: [{ article_id: 101, quantity: 12 }] },
    ]);
  });
});

describe('receiving on a phone', () => {
  test('a GS1-128 scan finds the line by its GTIN; the quantity is booked for that line', async () => {
    const sent: unknown[] = [];
    server.use(
      answer.get('/api/purchasing/orders/:id', () => HttpResponse.json({ order: order({ status: 'ordered' }) })),
      answer.post('/api/purchasing/orders/:id/receipts', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ order: order({ status: 'partially_received' }), movements: [] }, { status: 201 });
      }),
    );
    const { user } = mount('/purchasing/receive/7');
    const scan = await screen.findByLabelText('Artikel scannen oder Artikelnummer eingeben');
    await user.type(scan, 'NOPE{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('„NOPE“ steht nicht auf dieser Bestellung.');
    await user.clear(scan);
    await user.type(scan, '(01)04006381333931(10)L-7(17)261231{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'A-1 · Anker' })).toBeInTheDocument();
    // stock-spec-3 §2: the lot and best-before come from the scan and go with the receipt.
    expect(screen.getByLabelText('Charge (wenn der Artikel nach Charge geführt wird)')).toHaveValue('L-7');
    expect(screen.getByLabelText('Mindesthaltbarkeit (MHD)')).toHaveValue('2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Eins mehr' }));
    await user.click(screen.getByRole('button', { name: 'Eins mehr' }));
    await user.click(screen.getByRole('button', { name: 'Buchen' }));
    expect(await screen.findByText('3 Stk. Anker gebucht.')).toBeInTheDocument();
    expect(sent).toEqual([{ lines: [{ line_id: 11, quantity: 3, lot: 'L-7', best_before: '2026-12-31' }] }]);
  });

  test('who sees stock chooses the storage location; the receipt names it', async () => {
    useSession([...ALL_PURCHASING, 'view_stock']);
    const sent: unknown[] = [];
    server.use(
      answer.get('/api/purchasing/orders/:id', () => HttpResponse.json({ order: order({ status: 'ordered' }) })),
      answer.get('/api/stock/locations', () =>
        HttpResponse.json({
          locations: [
            { id: 1, code: 'STANDARD', name: null, archived_at: null },
            { id: 5, code: 'WE-1', name: 'Wareneingang', archived_at: null },
            { id: 6, code: 'ALT', name: null, archived_at: '2026-01-01T00:00:00Z' },
          ],
        }),
      ),
      answer.post('/api/purchasing/orders/:id/receipts', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ order: order({ status: 'partially_received' }), movements: [] }, { status: 201 });
      }),
    );
    const { user } = mount('/purchasing/receive/7', 'en');
    await user.click(await screen.findByRole('button', { name: /Anker/ }));
    await screen.findByRole('option', { name: 'WE-1 – Wareneingang' });
    expect(screen.queryByRole('option', { name: 'ALT' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Storage location'), '5');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('1 pcs Anker booked.')).toBeInTheDocument();
    expect(sent).toEqual([{ lines: [{ line_id: 11, quantity: 1, location_id: 5 }] }]);
  });

  test('lists the orders waiting for goods as big buttons; none: says so', async () => {
    server.use(
      answer.get('/api/purchasing/orders', ({ request }) =>
        HttpResponse.json({
          orders: new URL(request.url).searchParams.get('status') === 'ordered' ? [summary({ status: 'ordered' })] : [],
          next_cursor: null,
        }),
      ),
    );
    mount('/purchasing/receive', 'en');
    expect(await screen.findByRole('link', { name: /PO-2026-0007/ })).toHaveAttribute('href', '/purchasing/receive/7');
  });
});

describe('suppliers', () => {
  test('creates a supplier; a taken name is shown at the field', async () => {
    const created: unknown[] = [];
    server.use(
      answer.get('/api/purchasing/suppliers', () => HttpResponse.json({ suppliers: [supplier()] })),
      answer.post('/api/purchasing/suppliers', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        created.push(body);
        if (body.name === 'Nordwerk') {
          return apiError(422, {
            message: 'taken',
            code: 'supplier.name_taken',
            errors: { name: ['A supplier with this name already exists in this warehouse.'] },
          });
        }
        return HttpResponse.json({ supplier: supplier({ id: 4, name: body.name }) }, { status: 201 });
      }),
    );
    const { user } = mount('/purchasing/suppliers');
    expect(await screen.findByRole('heading', { level: 2, name: 'Nordwerk' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Name'), 'Nordwerk');
    await user.click(screen.getByRole('button', { name: 'Lieferant anlegen' }));
    expect(await screen.findByText('Einen Lieferanten mit diesem Namen gibt es schon.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Südhaus');
    await user.type(screen.getByLabelText('E-Mail für Bestellungen'), 'a@suedhaus.example');
    await user.click(screen.getByRole('button', { name: 'Lieferant anlegen' }));
    expect(await screen.findByText('Lieferant Südhaus angelegt.')).toBeInTheDocument();
    expect(created[1]).toEqual({
      name: 'Südhaus',
      email: 'a@suedhaus.example',
      phone: null,
      address: null,
      customer_number: null,
      lead_time_days: 7,
    });
  });

  test('without manage_suppliers there is no form', async () => {
    useSession(['view_purchasing']);
    server.use(answer.get('/api/purchasing/suppliers', () => HttpResponse.json({ suppliers: [] })));
    mount('/purchasing/suppliers', 'en');
    expect(await screen.findByText('No suppliers yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create supplier' })).not.toBeInTheDocument();
  });
});

describe('drafts from the reorder list and supplier prices', () => {
  test('"Entwürfe anlegen" drafts for the named articles and links the drafts', async () => {
    const bodies: unknown[] = [];
    server.use(
      answer.post('/api/purchasing/orders/from-reorder', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { orders: [order()], skipped: [{ article_id: 5, reason: 'no_supplier' }] },
          { status: 201 },
        );
      }),
    );
    const { user } = mount('/purchasing/from-reorder?articles=101,5');
    await user.click(await screen.findByRole('button', { name: 'Entwürfe anlegen' }));
    expect(await screen.findByText('Ein Entwurf angelegt.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /PO-2026-0007/ })).toHaveAttribute('href', '/purchasing/orders/7');
    expect(screen.getByRole('link', { name: 'Lieferant für Artikel 5 hinterlegen' })).toHaveAttribute(
      'href',
      '/purchasing/articles/5',
    );
    expect(bodies).toEqual([{ article_ids: [101, 5] }]);
  });

  test('the prices of an article are edited as decimal strings, one preferred', async () => {
    const saved: unknown[] = [];
    server.use(
      answer.get('/api/stock/articles/:id', () =>
        HttpResponse.json({
          article: { id: 101, sku: 'A-1', name: 'Anker', unit: 'pcs', on_order: 4, quantity: 2 },
        }),
      ),
      answer.get('/api/stock/articles/:id/suppliers', () =>
        HttpResponse.json([
          {
            supplier_id: 3,
            supplier_name: 'Nordwerk',
            supplier_archived: false,
            supplier_sku: null,
            unit_price: '12.5',
            pack_size: 1,
            preferred: true,
          },
        ]),
      ),
      answer.get('/api/purchasing/suppliers', () =>
        HttpResponse.json({ suppliers: [supplier(), supplier({ id: 4, name: 'Südhaus' })] }),
      ),
      answer.put('/api/stock/articles/:id/suppliers', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json([]);
      }),
    );
    const { user } = mount('/purchasing/articles/101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lieferantenpreise: Anker' })).toBeInTheDocument();
    expect(screen.getByText(/bestellt: 4 Stk\./)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Lieferant hinzufügen' }));
    await user.selectOptions(screen.getAllByLabelText('Lieferant')[1]!, '4');
    await user.type(screen.getAllByLabelText('Einzelpreis (EUR)')[1]!, '0,0345');
    await user.click(screen.getAllByLabelText('Bevorzugt')[1]!);
    await user.click(screen.getByRole('button', { name: 'Preise speichern' }));
    expect(await screen.findByText('Die Preise sind gespeichert.')).toBeInTheDocument();
    expect(saved).toEqual([
      [
        { supplier_id: 3, supplier_sku: null, unit_price: '12.5', pack_size: 1, preferred: false },
        { supplier_id: 4, supplier_sku: null, unit_price: '0.0345', pack_size: 1, preferred: true },
      ],
    ]);
  });
});

import { answer, apiError, HttpResponse, setupApiServer, setViewportWidth } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  BookStockMovementApiResponse,
  ListStockArticleLotsApiResponse,
  ListStockArticlesApiResponse,
  ListStockLotsApiResponse,
  TraceStockLotApiResponse,
} from '../../api/generated';
import { article, articleHandlers, mountStock, movement, session } from '../../testing/fixtures';

/** stock-spec-3 §2 screens: GS1-128 quick booking, FEFO answer, lot refusals, /stock/expiry, /stock/trace. */
const milk = article({
  name: 'Milch',
  sku: 'MILCH-1',
  barcode: '4006381333931',
  quantity: 0,
  tracking: 'lot',
  expiry: true,
});
const server = setupApiServer(...session());

let sent: Record<string, unknown>[] = [];
let searched: (string | null)[] = [];
beforeEach(() => {
  sent = [];
  searched = [];
  server.use(
    answer.get<ListStockArticlesApiResponse>('/api/stock/articles', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      searched.push(q);
      return HttpResponse.json({ articles: q && milk.barcode!.includes(q) ? [milk] : [], next_cursor: null });
    }),
    answer.post<BookStockMovementApiResponse>('/api/stock/movements', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (body.kind === 'in' && !body.lot) {
        return HttpResponse.json(
          {
            message: 'lot',
            code: 'lot.required',
            errors: { lot: ['This article is tracked by lot: the lot is required.'] },
          },
          { status: 422 },
        ) as never;
      }
      const delta = body.kind === 'in' ? (body.quantity as number) : -(body.quantity as number);
      const after = { ...milk, quantity: 10 + delta };
      return HttpResponse.json(
        {
          article: after,
          movement: movement(after, { kind: body.kind as 'in', delta, lot: (body.lot as string) ?? 'A' }),
          lots:
            body.kind === 'out'
              ? [
                  { lot: 'A', quantity: 2 },
                  { lot: 'B', quantity: 1 },
                ]
              : [{ lot: body.lot as string, quantity: delta }],
        },
        { status: 201 },
      );
    }),
  );
});

test('a GS1-128 scan at 375 px books goods in of the article by its GTIN with the lot and best-before; FEFO out lists the lots taken', async () => {
  setViewportWidth(375);
  const { user } = await mountStock('/stock/book', 'de');
  await user.click(screen.getByRole('button', { name: 'Wareneingang' }));
  await user.keyboard('(01)04006381333931(17)270131(10)24-117{Enter}');
  await screen.findByText(/Milch: gebucht/);
  expect(searched).toEqual(['4006381333931']);
  expect(sent[0]).toEqual({
    article_id: milk.id,
    kind: 'in',
    quantity: 1,
    reason: 'purchase',
    lot: '24-117',
    best_before: '2027-01-31',
  });
  // FEFO: a goods-out without a lot; the answer's lots are shown.
  await user.click(screen.getByRole('button', { name: 'Warenausgang' }));
  await user.clear(screen.getByLabelText('Menge'));
  await user.type(screen.getByLabelText('Menge'), '3');
  await user.type(screen.getByLabelText('Code'), '4006381333931{Enter}');
  expect(await screen.findByText('Entnommen: A (2), B (1)')).toBeInTheDocument();
  expect(sent[1]).toEqual({ article_id: milk.id, kind: 'out', quantity: 3, reason: 'consumption' });
});

test('a lot article booked without its lot: the lot fields open with the refusal, and the lot typed is sent', async () => {
  const { user } = await mountStock('/stock/book', 'en');
  await user.click(screen.getByRole('button', { name: 'Goods in' }));
  expect(screen.queryByLabelText('Lot')).not.toBeInTheDocument();
  await user.keyboard('4006381333931{Enter}');
  const lot = await screen.findByLabelText('Lot');
  expect(
    await screen.findByText('This article is tracked by lot: enter the lot.', { selector: '[id$="-error"]' }),
  ).toBeInTheDocument();
  await user.type(lot, 'L-7');
  await user.type(screen.getByLabelText('Best before'), '2027-03-01');
  // The code stays after a refusal: fixing the lot and confirming again books it.
  expect(screen.getByLabelText('Code')).toHaveValue('4006381333931');
  await user.keyboard('{Enter}');
  await screen.findByText(/Milch: booked/);
  expect(sent[1]).toMatchObject({ kind: 'in', lot: 'L-7', best_before: '2027-03-01' });
});

test('/stock/expiry lists lots by best-before with their locations, expired marked, and asks again per period', async () => {
  const asked: string[] = [];
  server.use(
    answer.get<ListStockLotsApiResponse>('/api/stock/lots', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('expires_before') ?? '');
      return HttpResponse.json({
        lots: [
          {
            article_id: milk.id,
            article_sku: 'MILCH-1',
            article_name: 'Milch',
            unit: 'pcs',
            tracking: 'lot',
            lot: '24-001',
            best_before: '2020-01-31',
            quantity: 4,
            locations: [{ location_id: 1, location_code: 'STANDARD', quantity: 4 }],
          },
          {
            article_id: milk.id,
            article_sku: 'MILCH-1',
            article_name: 'Milch',
            unit: 'pcs',
            tracking: 'lot',
            lot: '24-117',
            best_before: '2099-12-05',
            quantity: 7,
            locations: [
              { location_id: 1, location_code: 'STANDARD', quantity: 5 },
              { location_id: 2, location_code: 'R-1', quantity: 2 },
            ],
          },
        ],
        next_cursor: null,
      });
    }),
  );
  const { user } = await mountStock('/stock/expiry', 'de');
  expect(await screen.findByRole('heading', { level: 1, name: 'Haltbarkeit' })).toBeInTheDocument();
  const rows = within(await screen.findByRole('table')).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('31.01.2020abgelaufenMilch (MILCH-1)24-0014 Stk.STANDARD: 4 Stk.');
  expect(rows[2]).toHaveTextContent('05.12.2099läuft abMilch (MILCH-1)24-1177 Stk.STANDARD: 5 Stk., R-1: 2 Stk.');
  expect(within(rows[2]!).getByRole('link', { name: 'Charge 24-117 rückverfolgen' })).toHaveAttribute(
    'href',
    `/stock/trace?article_id=${milk.id}&lot=24-117`,
  );
  await user.click(screen.getByRole('button', { name: 'In 90 Tagen' }));
  await waitFor(() => expect(asked).toHaveLength(2));
  const days = (iso: string) => Math.round((Date.parse(iso) - Date.parse(asked[0]!)) / 86_400_000);
  expect(days(asked[1]!)).toBe(60);
});

test('/stock/trace shows every movement oldest first with order and supplier', async () => {
  server.use(
    answer.get<TraceStockLotApiResponse>('/api/stock/trace', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const rows = [
        {
          ...movement(milk, { kind: 'in', delta: 10, lot: '24-117', reference: 'PO-2026-0001' }),
          purchase_order_id: 3,
          purchase_order_number: 'PO-2026-0001',
          supplier_id: 1,
          supplier_name: 'Molkerei Nord',
        },
        {
          ...movement(milk, { kind: 'out', delta: -3, lot: '24-117', reference: 'Kunde Meier' }),
          purchase_order_number: null,
          supplier_id: null,
          supplier_name: null,
        },
      ];
      return HttpResponse.json({
        article_id: Number(params.get('article_id')),
        lot: params.get('lot'),
        serial: null,
        movements: rows,
      });
    }),
  );
  await mountStock(`/stock/trace?article_id=${milk.id}&lot=24-117`, 'en');
  expect(await screen.findByRole('heading', { level: 2, name: 'Milch (MILCH-1) · 24-117' })).toBeInTheDocument();
  const rows = within(screen.getByRole('table')).getAllByRole('row');
  expect(rows[1]).toHaveTextContent(/Goods in.*\+10 pcs.*PO-2026-0001.*PO-2026-0001.*Molkerei Nord/);
  expect(rows[2]).toHaveTextContent(/Goods out.*-3 pcs.*Kunde Meier/);
  expect(within(rows[1]!).getByRole('link', { name: 'PO-2026-0001' })).toHaveAttribute('href', '/purchasing/orders/3');
  expect(screen.getByRole('button', { name: 'Export as CSV' })).toBeEnabled();
});

test('the article page of a lot article: its lots with trace and label, and goods in with lot and best-before', async () => {
  server.use(
    ...articleHandlers([milk]),
    answer.get<ListStockArticleLotsApiResponse>('/api/stock/articles/:id/lots', () =>
      HttpResponse.json({
        lots: [
          {
            lot: '24-117',
            best_before: '2027-01-31',
            quantity: 7,
            locations: [{ location_id: 1, location_code: 'STANDARD', quantity: 7 }],
          },
        ],
      }),
    ),
  );
  // No stock chart here (its canvas is not jsdom's): the history answers an error.
  server.use(
    answer.get('/api/stock/articles/:id/history', () => apiError(500, { message: 'down', code: 'server_error' })),
  );
  const { user } = await mountStock(`/stock/articles/${milk.id}`, 'en');
  const panel = await screen.findByRole('region', { name: 'Lots' });
  const row = within(await within(panel).findByRole('table')).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('24-11731 Jan 20277 pcsSTANDARD: 7 pcs');
  expect(within(row).getByRole('link', { name: 'Trace lot 24-117' })).toHaveAttribute(
    'href',
    `/stock/trace?article_id=${milk.id}&lot=24-117`,
  );
  expect(within(row).getByRole('button', { name: 'Print a label for lot 24-117' })).toBeEnabled();

  await user.click(await screen.findByRole('button', { name: 'Goods in' }));
  await user.type(screen.getByLabelText('Quantity (pcs)'), '4');
  await user.type(screen.getByLabelText('Lot'), '24-200');
  await user.type(screen.getByLabelText('Best before'), '2027-05-01');
  await user.click(screen.getByRole('button', { name: 'Book' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ kind: 'in', quantity: 4, lot: '24-200', best_before: '2027-05-01' });
  expect(screen.queryByLabelText('Serial numbers')).not.toBeInTheDocument();
});

import { answer, HttpResponse, setupApiServer } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  BookStockCountApiArg,
  BookStockCountApiResponse,
  ListStockArticlesApiResponse,
  ListStockAtLocationApiResponse,
  ListStockLocationsApiResponse,
} from '../../api/generated';
import { article, articleHandlers, mountStock, movement, STANDARD_LOCATION, session } from '../../testing/fixtures';

const a = article({ name: 'Nails', quantity: 100 });
const b = article({ name: 'Glue', quantity: 2.5, unit: 'l' });
const c = article({ name: 'Tape', quantity: 7 });
const server = setupApiServer(...session(), ...articleHandlers([a, b, c]));

let sent: { key: string | null; body: BookStockCountApiArg['body'] }[] = [];
beforeEach(() => {
  sent = [];
  server.use(
    answer.post<BookStockCountApiResponse, BookStockCountApiArg['body']>('/api/stock/counts', async ({ request }) => {
      sent.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
      return HttpResponse.json(
        {
          message: 'Booked',
          movements: [movement(a, { kind: 'correction', delta: -3 }), movement(b, { kind: 'correction', delta: 0.25 })],
          unchanged: 1,
        },
        { status: 201 },
      );
    }),
  );
});

test('count three articles, review the differences, book all at once', async () => {
  const { user } = await mountStock('/stock/count', 'de');
  await user.type(await screen.findByLabelText('Gezählt: Nails'), '97');
  await user.type(screen.getByLabelText('Gezählt: Glue'), '2,75');
  await user.type(screen.getByLabelText('Gezählt: Tape'), '7');
  await user.click(screen.getByRole('button', { name: '3 Zählungen prüfen' }));

  const review = screen.getByRole('table', { name: 'Differenzen prüfen' });
  const row = (name: string) => within(review).getByText(new RegExp(name)).closest('tr')!;
  expect(within(row('Nails')).getByText('-3 Stk.')).toBeInTheDocument();
  expect(within(row('Glue')).getByText('+0,25 l')).toBeInTheDocument();
  expect(within(row('Tape')).getByText('0 Stk.', { selector: 'td:last-child' })).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Alle 3 Zählungen buchen' }));
  expect(await screen.findByText('2 Korrekturen gebucht, 1 ohne Differenz.')).toBeInTheDocument();
  expect(sent).toEqual([
    {
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: {
        lines: [
          { article_id: a.id, counted: 97 },
          { article_id: b.id, counted: 2.75 },
          { article_id: c.id, counted: 7 },
        ],
        note: null,
      },
    },
  ]);
});

test('Enter in the search (a scan) jumps to the article’s count field', async () => {
  const { user } = await mountStock('/stock/count', 'en');
  await screen.findByLabelText('Counted: Tape');
  await user.type(screen.getByLabelText('Find or scan an article'), `${c.sku}{Enter}`);
  expect(screen.getByLabelText('Counted: Tape')).toHaveFocus();
});

test('a scanned article keeps its row and the focus when an older search answers after the scan', async () => {
  // A wedge scanner is faster than the debounced list: the search for the previous code can
  // answer after the next code matched in the list still on screen. Seen in CI: that answer took
  // the scanned row (and with it the focus) off the sheet, and the count went nowhere.
  const asked: string[] = [];
  const gates = new Map<string, () => void>();
  const held = (q: string) => new Promise<void>((resolve) => gates.set(q, resolve));
  server.use(
    answer.get<ListStockArticlesApiResponse>('/api/stock/articles', async ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      if (q) await held(q);
      return HttpResponse.json({ articles: [a, b, c].filter((x) => !q || x.sku === q), next_cursor: null });
    }),
  );
  const { user } = await mountStock('/stock/count', 'en');
  await screen.findByLabelText('Counted: Glue');
  const find = screen.getByLabelText('Find or scan an article');
  await user.type(find, a.sku);
  await waitFor(() => expect(gates.has(a.sku)).toBe(true));
  await user.clear(find);
  await user.type(find, `${c.sku}{Enter}`);
  await waitFor(() => expect(screen.getByLabelText('Counted: Tape')).toHaveFocus());

  gates.get(a.sku)!();
  await waitFor(() => expect(screen.queryByLabelText('Counted: Glue')).toBeNull());
  expect(screen.getByLabelText('Counted: Tape')).toHaveFocus();
  await waitFor(() => expect(gates.has(c.sku)).toBe(true));
  gates.get(c.sku)!();
  await waitFor(() => expect(screen.queryByLabelText('Counted: Nails')).toBeNull());
  await user.keyboard('7');
  expect(screen.getByLabelText('Counted: Tape')).toHaveValue('7');
  expect(asked).toEqual(['', a.sku, c.sku]);
});

test('a scan the list does not hold is looked up; a failed lookup says so and the sheet stays', async () => {
  server.use(
    answer.get<ListStockArticlesApiResponse>('/api/stock/articles', ({ request }) =>
      new URL(request.url).searchParams.get('limit') === '20'
        ? HttpResponse.json({ message: 'Unavailable', code: 'service.unavailable' }, { status: 503 })
        : HttpResponse.json({ articles: [a, b], next_cursor: null }),
    ),
  );
  const { user } = await mountStock('/stock/count', 'en');
  await user.type(await screen.findByLabelText('Counted: Nails'), '97');
  await user.type(screen.getByLabelText('Find or scan an article'), `${c.sku}{Enter}`);
  expect(await screen.findByRole('alert')).toHaveTextContent('The search failed. Please scan again.');
  expect(screen.getByLabelText('Counted: Nails')).toHaveValue('97');
  expect(screen.getByLabelText('Find or scan an article')).toHaveFocus();
});

test('an invalid count is flagged in the review and not sent', async () => {
  const { user } = await mountStock('/stock/count', 'en');
  await user.type(await screen.findByLabelText('Counted: Nails'), 'ten');
  await user.click(screen.getByRole('button', { name: 'Review 1 count' }));
  expect(screen.getByText('invalid')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Book 1 count' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid quantity');
  expect(sent).toHaveLength(0);
});

test('counting at a location lists every article lying there with the stock there (all pages), others by scan', async () => {
  const bin = { ...STANDARD_LOCATION, id: 12, code: 'A-03-2', standard: false, article_count: 2 };
  const at = (id: number, sku: string, name: string, quantity: number) => ({
    article_id: id,
    sku,
    name,
    unit: 'pcs',
    quantity,
    archived: false,
  });
  server.use(
    answer.get<ListStockLocationsApiResponse>('/api/stock/locations', () =>
      HttpResponse.json({ locations: [STANDARD_LOCATION, bin] }),
    ),
    answer.get<ListStockAtLocationApiResponse>('/api/stock/locations/:id/stock', ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('cursor') === 'p2'
          ? { items: [at(c.id, c.sku, c.name, 3)], next_cursor: null }
          : { items: [at(a.id, a.sku, a.name, 40)], next_cursor: 'p2' },
      ),
    ),
  );
  const { user } = await mountStock('/stock/count?location=12', 'en');
  const sheet = await screen.findByRole('table', { name: 'Stocktake' });
  await waitFor(() => expect(within(sheet).getAllByRole('row')).toHaveLength(3));
  const row = (name: string) => within(sheet).getByLabelText(`Counted: ${name}`).closest('tr')!;
  // The bin's quantities, not the articles' totals (100 and 7); Glue does not lie there.
  expect(within(row('Nails')).getByText('40 pcs')).toBeInTheDocument();
  expect(within(row('Tape')).getByText('3 pcs')).toBeInTheDocument();
  expect(within(sheet).queryByText(/Glue/)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Counted: Tape'), '2');
  await user.click(screen.getByRole('button', { name: 'Review 1 count' }));
  const review = screen.getByRole('table', { name: 'Review differences' });
  expect(within(review).getByText('-1 pcs')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Book 1 count' }));
  await screen.findByText(/corrections? booked/);
  expect(sent.at(-1)!.body.lines).toEqual([{ article_id: c.id, counted: 2, location_id: 12 }]);
});

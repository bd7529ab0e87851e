import { API, answer, HttpResponse, rest, setupApiServer } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  BookStockMovementApiArg,
  BookStockMovementApiResponse,
  CreateStockLocationApiResponse,
  GetStockArticleLocationsApiResponse,
  GetStockLocationApiResponse,
  ListStockArticlesApiResponse,
  ListStockAtLocationApiResponse,
  ListStockLocationsApiResponse,
  RelocateStockApiArg,
  RelocateStockApiResponse,
} from '../../api/generated';
import {
  ALL_STOCK,
  article,
  articleHandlers,
  mountStock,
  movement,
  STANDARD_LOCATION,
  session,
} from '../../testing/fixtures';
import de from './locales/de.json';
import en from './locales/en.json';
import { undoBody } from './RelocateForm';

type Location = ListStockLocationsApiResponse['locations'][number];
const place = (id: number, code: string, parent_id: number | null, article_count = 0, name: string | null = null) =>
  ({ ...STANDARD_LOCATION, id, code, name, parent_id, standard: false, article_count }) satisfies Location;

const zone = place(10, 'A', null, 0, 'Halle A');
const aisle = place(11, 'A-03', 10);
const bin = place(12, 'A-03-2', 11, 2);
let locations: Location[] = [];
const server = setupApiServer(...session());
const posted: { url: string; key: string | null; body: unknown }[] = [];

beforeEach(() => {
  locations = [{ ...STANDARD_LOCATION, article_count: 1 }, zone, aisle, bin];
  posted.length = 0;
  server.use(answer.get<ListStockLocationsApiResponse>('/api/stock/locations', () => HttpResponse.json({ locations })));
});

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

test('the German and English texts of the locations have the same keys', () => {
  expect(keys(en).sort()).toEqual(keys(de).sort());
});

test('the tree shows codes with their article counts; deeper levels open on demand (de)', async () => {
  const { user } = await mountStock('/stock/locations', 'de');
  expect(await screen.findByRole('link', { name: 'A' })).toHaveAttribute('href', '/stock/locations/10');
  expect(screen.getByText('Halle A')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'STANDARD' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'A-03' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'A aufklappen' }));
  await user.click(await screen.findByRole('button', { name: 'A-03 aufklappen' }));
  const row = (await screen.findByRole('link', { name: 'A-03-2' })).closest('li')!;
  expect(within(row).getByText('2 Artikel')).toBeInTheDocument();
  // A location with others below counts theirs apart.
  const zoneRow = screen.getByRole('link', { name: 'A' }).closest('div')!;
  expect(within(zoneRow).getByText('0 hier, 2 darunter')).toBeInTheDocument();
});

test('deleting a location from its page asks, leaves for the tree, says so there, and asks nothing more about it', async () => {
  const empty = place(13, 'A-03-3', 11);
  locations = [...locations, empty];
  let asked = 0;
  server.use(
    answer.get<GetStockLocationApiResponse>('/api/stock/locations/:id', () => {
      asked += 1;
      return HttpResponse.json({ location: empty, path: [{ id: 13, code: 'A-03-3' }] });
    }),
    answer.get<ListStockAtLocationApiResponse>('/api/stock/locations/:id/stock', () => {
      asked += 1;
      return HttpResponse.json({ items: [], next_cursor: null });
    }),
    rest.delete(`${API}/api/stock/locations/13`, () => {
      locations = locations.filter((l) => l.id !== 13);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = await mountStock('/stock/locations/13', 'de');
  await screen.findByRole('heading', { level: 1, name: 'Lagerplatz A-03-3' });
  await waitFor(() => expect(asked).toBeGreaterThanOrEqual(2));
  const before = asked;
  await user.click(screen.getByRole('button', { name: 'Löschen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Lagerplatz löschen' });
  await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
  expect(await screen.findByText('Lagerplatz A-03-3 gelöscht.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Lagerplätze' })).toBeInTheDocument();
  expect(asked).toBe(before);
});

test('creating a location sends code in capitals, name and parent; a taken code is named', async () => {
  server.use(
    answer.post<CreateStockLocationApiResponse>('/api/stock/locations', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      posted.push({ url: '/api/stock/locations', key: null, body });
      if (body.code === 'A')
        return HttpResponse.json(
          {
            message: 'A storage location with this code already exists in this warehouse.',
            code: 'location.code_taken',
            errors: { code: ['A storage location with this code already exists in this warehouse.'] },
          },
          { status: 422 },
        );
      const made = place(20, body.code, 11);
      locations = [...locations, made];
      return HttpResponse.json({ location: made, path: [] }, { status: 201 });
    }),
  );
  const { user } = await mountStock('/stock/locations', 'en');
  const form = await screen.findByRole('form', { name: 'New location' });
  await user.type(within(form).getByLabelText('Code'), 'a');
  await user.click(within(form).getByRole('button', { name: 'Create' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(
    'A storage location with this code already exists in this warehouse.',
  );
  expect(within(form).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  await user.clear(within(form).getByLabelText('Code'));
  await user.type(within(form).getByLabelText('Code'), 'a-03-3');
  await user.type(within(form).getByLabelText('Name'), 'Shelf 3');
  await user.selectOptions(within(form).getByLabelText('Below'), '11');
  await user.click(within(form).getByRole('button', { name: 'Create' }));
  expect(await within(form).findByText('Location A-03-3 created.')).toBeInTheDocument();
  expect(posted.at(-1)!.body).toEqual({ code: 'A-03-3', name: 'Shelf 3', parent_id: 11 });
});

test('archiving a location with stock shows what lies there (409), nothing else changes', async () => {
  server.use(
    answer.post('/api/stock/locations/:id/archive', () =>
      HttpResponse.json(
        {
          message: 'Dort liegt noch Bestand: A-03-2: 2 × MLK-1. Lagern Sie ihn zuerst um oder buchen Sie ihn aus.',
          code: 'location.has_stock',
        },
        { status: 409 },
      ),
    ),
  );
  const { user } = await mountStock('/stock/locations', 'de');
  await user.click(await screen.findByRole('button', { name: 'A archivieren' }));
  const dialog = await screen.findByRole('dialog', { name: 'Lagerplatz archivieren' });
  await user.click(within(dialog).getByRole('button', { name: 'Archivieren' }));
  expect(await within(dialog).findByText('Dort liegt noch Bestand: A-03-2: 2 × MLK-1.')).toBeInTheDocument();
});

test('without manage_locations the tree is shown without its actions', async () => {
  server.use(...session(ALL_STOCK.filter((p) => p !== 'manage_locations')));
  server.use(answer.get<ListStockLocationsApiResponse>('/api/stock/locations', () => HttpResponse.json({ locations })));
  await mountStock('/stock/locations', 'en');
  expect(await screen.findByRole('link', { name: 'A' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Archive A' })).not.toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'New location' })).not.toBeInTheDocument();
});

test('a location page lists what lies there page by page and relocates with an Idempotency-Key', async () => {
  const milk = article({ name: 'Milk', sku: 'MLK-1', quantity: 10 });
  server.use(
    answer.get<GetStockLocationApiResponse>('/api/stock/locations/:id', () =>
      HttpResponse.json({
        location: bin,
        path: [
          { id: 10, code: 'A' },
          { id: 11, code: 'A-03' },
          { id: 12, code: 'A-03-2' },
        ],
      }),
    ),
    answer.get<ListStockAtLocationApiResponse>('/api/stock/locations/:id/stock', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return HttpResponse.json(
        cursor
          ? {
              items: [{ article_id: 300, sku: 'TEA-1', name: 'Tea', unit: 'pcs', quantity: 1, archived: false }],
              next_cursor: null,
            }
          : {
              items: [{ article_id: milk.id, sku: 'MLK-1', name: 'Milk', unit: 'pcs', quantity: 7, archived: false }],
              next_cursor: 'next',
            },
      );
    }),
    answer.post<RelocateStockApiResponse, RelocateStockApiArg['body']>(
      '/api/stock/relocations',
      async ({ request }) => {
        const body = await request.json();
        posted.push({ url: '/api/stock/relocations', key: request.headers.get('idempotency-key'), body });
        const codes: Record<number, string> = { 1: 'STANDARD', 12: 'A-03-2' };
        const half = (delta: number, id: number) =>
          movement(milk, { kind: 'relocation', delta, quantity_after: 10, location_id: id, location_code: codes[id]! });
        return HttpResponse.json(
          { out: half(-body.quantity, body.from_location_id), in: half(body.quantity, body.to_location_id) },
          { status: 201 },
        );
      },
    ),
  );
  const { user } = await mountStock('/stock/locations/12', 'en');
  expect(await screen.findByRole('heading', { level: 1, name: 'Location A-03-2' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Milk' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'A-03' })).toHaveAttribute('href', '/stock/locations/11');
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('link', { name: 'Tea' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Count here (stocktake)' })).toHaveAttribute(
    'href',
    '/stock/count?location=12',
  );

  const form = screen.getByRole('form', { name: 'Relocate' });
  // Every article lying here is offered, also one on a later page (Tea); never the place itself as target.
  await waitFor(() =>
    expect(
      within(within(form).getByLabelText('Article'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an article', 'MLK-1 – Milk', 'TEA-1 – Tea']),
  );
  expect(within(within(form).getByLabelText('To')).queryByRole('option', { name: /A-03-2/ })).toBeNull();
  await user.selectOptions(within(form).getByLabelText('Article'), String(milk.id));
  await user.selectOptions(within(form).getByLabelText('To'), '1');
  await user.type(within(form).getByLabelText('Quantity'), '3');
  await user.click(within(form).getByRole('button', { name: 'Relocate' }));
  expect(await within(form).findByText('3 pcs relocated to STANDARD.')).toBeInTheDocument();
  expect(posted.at(-1)!.body).toEqual({ article_id: milk.id, from_location_id: 12, to_location_id: 1, quantity: 3 });
  expect(posted.at(-1)!.key).toMatch(/^[0-9a-f-]{36}$/);

  // Undone by the opposite relocation (the reversal API refuses relocation rows): back where it was.
  await user.click(within(form).getByRole('button', { name: 'Undo: 3 pcs back to A-03-2' }));
  expect(await within(form).findByText('Undone: 3 pcs relocated back to A-03-2.')).toBeInTheDocument();
  expect(posted).toHaveLength(2);
  expect(posted[1]!.body).toEqual({ article_id: milk.id, from_location_id: 1, to_location_id: 12, quantity: 3 });
  expect(posted[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(posted[1]!.key).not.toBe(posted[0]!.key);
  expect(within(form).queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
});

test('undoing a relocation moves its lot or serials back; goods from several lots cannot go back in one', () => {
  const milk = article({ name: 'Milk', sku: 'MLK-1', quantity: 10 });
  const row = (delta: number, location_id: number, extra: object = {}) =>
    movement(milk, { kind: 'relocation', delta, location_id, location_code: `L${location_id}`, ...extra });
  const moved = (movements: ReturnType<typeof row>[]) =>
    ({ out: row(-3, 12), in: row(3, 1), movements }) as RelocateStockApiResponse;
  expect(undoBody(moved([row(-3, 12, { lot: 'L1' }), row(3, 1, { lot: 'L1' })]))).toEqual({
    article_id: milk.id,
    from_location_id: 1,
    to_location_id: 12,
    quantity: 3,
    lot: 'L1',
  });
  expect(
    undoBody(moved([row(1, 1, { serial: 'S1' }), row(1, 1, { serial: 'S2' }), row(-1, 12, { serial: 'S1' })])),
  ).toMatchObject({ serials: ['S1', 'S2'] });
  expect(undoBody(moved([row(2, 1, { lot: 'L1' }), row(1, 1, { lot: 'L2' })]))).toBeNull();
});

test('a tree row: code and name apart; on phones its actions sit behind one menu button that Escape closes', async () => {
  const { user } = await mountStock('/stock/locations', 'de');
  const zoneRow = (await screen.findByRole('link', { name: 'A' })).closest('div')!;
  expect(zoneRow.querySelector('.stock-location-label')!.textContent).toBe('A Halle A');
  // The actions come with the permissions (loaded beside the tree).
  const menu = await within(zoneRow).findByRole('button', { name: 'Aktionen für A' });
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  const edit = within(zoneRow).getByRole('button', { name: 'A bearbeiten' });
  expect(document.getElementById(menu.getAttribute('aria-controls')!)).toContainElement(edit);
  menu.focus();
  await user.keyboard('{Enter}');
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  await user.tab();
  expect(edit).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(menu).toHaveFocus();
  // A dialog opened from the menu keeps its own Escape: the menu stays open behind it.
  await user.click(menu);
  await user.click(edit);
  expect(await screen.findByRole('dialog', { name: 'Lagerplatz A bearbeiten' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(menu).toHaveAttribute('aria-expanded', 'true');
});

describe('quick booking with a location label', () => {
  const milk = article({ name: 'Milk', sku: 'MLK-1', barcode: '4006381333931', quantity: 10 });
  const booked: BookStockMovementApiArg['body'][] = [];
  beforeEach(() => {
    booked.length = 0;
    server.use(
      answer.get<ListStockArticlesApiResponse>('/api/stock/articles', () =>
        HttpResponse.json({ articles: [milk], next_cursor: null }),
      ),
      answer.post<BookStockMovementApiResponse, BookStockMovementApiArg['body']>(
        '/api/stock/movements',
        async ({ request }) => {
          const body = await request.json();
          booked.push(body);
          if (body.quantity > 2)
            return HttpResponse.json(
              { message: 'Nicht genug Bestand am Lagerplatz A-03-2: 2 Stk. verfügbar.', code: 'stock.insufficient' },
              { status: 409 },
            ) as never;
          const after = { ...milk, quantity: 9 };
          return HttpResponse.json(
            { article: after, movement: movement(after, { delta: -1, location_id: 12, location_code: 'A-03-2' }) },
            { status: 201 },
          );
        },
      ),
    );
  });

  test('a scanned location code stays chosen and goes with every booking until cleared (de)', async () => {
    const { user } = await mountStock('/stock/book', 'de');
    const code = await screen.findByLabelText('Code');
    await user.type(code, 'a-03-2{Enter}');
    expect(await screen.findByText('Lagerplatz A-03-2', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Lagerplatz A-03-2 gewählt.')).toBeInTheDocument();
    expect(booked).toHaveLength(0);
    await user.type(code, '4006381333931{Enter}');
    await waitFor(() => expect(booked).toHaveLength(1));
    expect(booked[0]).toMatchObject({ article_id: milk.id, kind: 'out', quantity: 1, location_id: 12 });
    await user.clear(screen.getByLabelText('Menge'));
    await user.type(screen.getByLabelText('Menge'), '5');
    await user.type(code, '4006381333931{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nicht genug Bestand am Lagerplatz A-03-2: 2 Stk. verfügbar.',
    );
    expect(booked[1]).toMatchObject({ location_id: 12 });
    await user.click(screen.getByRole('button', { name: 'Lagerplatz abwählen' }));
    expect(screen.queryByText('Lagerplatz A-03-2', { selector: 'strong' })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Menge'));
    await user.type(screen.getByLabelText('Menge'), '1');
    await user.clear(code);
    await user.type(code, '4006381333931{Enter}');
    await waitFor(() => expect(booked).toHaveLength(3));
    expect(booked[2]).not.toHaveProperty('location_id');
  });
});

test('the article page relocates only from where the article lies (with its quantity there), never to the same place; the default shows its code as written', async () => {
  const milk = article({ id: 77, name: 'Milk', sku: 'MLK-1', quantity: 10 });
  server.use(
    ...articleHandlers([milk]),
    answer.get<GetStockArticleLocationsApiResponse>('/api/stock/articles/:id/locations', () =>
      HttpResponse.json({
        default_location_id: 12,
        locations: [
          { location_id: 12, code: 'A-03-2', name: null, quantity: 7 },
          { location_id: 1, code: 'STANDARD', name: null, quantity: 3 },
        ],
      }),
    ),
  );
  const { user } = await mountStock('/stock/articles/77', 'en');
  const form = await screen.findByRole('form', { name: 'Relocate' });
  const options = (label: string) =>
    within(within(form).getByLabelText(label))
      .getAllByRole('option')
      .map((o) => o.textContent);
  expect(options('From')).toEqual(['Choose a location', 'A-03-2 (7 pcs)', 'STANDARD (3 pcs)']);
  await user.selectOptions(within(form).getByLabelText('From'), '12');
  await waitFor(() => expect(options('To')).not.toContain('\u00a0\u00a0\u00a0\u00a0A-03-2'));
  expect(options('To')).toContain('A – Halle A');
  const fallback = screen.getByLabelText("Article's default location") as HTMLSelectElement;
  expect(fallback.selectedOptions[0]!.textContent).toBe('A-03-2');
});

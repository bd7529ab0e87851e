import { STOCK_PERMISSION_NAMES } from '@lager/shared';
import { answer, HttpResponse, renderWithProviders, sessionHandlers } from '@lager/shared/testing';
import { act } from '@testing-library/react';
import type {
  BookStockMovementApiArg,
  BookStockMovementApiResponse,
  GetStockArticleApiResponse,
  GetStockArticleHistoryApiResponse,
  GetStockArticleLocationsApiResponse,
  ListStockArticlesApiResponse,
  ListStockLocationsApiResponse,
  ListStockMovementsApiResponse,
} from '../api/generated';
import type { Article, Movement } from '../api/stock-api';
import StockRoutes from '../app/StockRoutes';

export const ALL_STOCK: string[] = [...STOCK_PERMISSION_NAMES];
/** The guest: sees stock and books goods in and out, nothing else. */
export const GUEST_STOCK = ['view_stock', 'book_goods'];

export const STANDARD_LOCATION = {
  id: 1,
  code: 'STANDARD',
  name: null,
  parent_id: null,
  archived_at: null,
  standard: true,
  article_count: 0,
  created_at: '2026-11-01T08:00:00Z',
  updated_at: '2026-11-01T08:00:00Z',
};

/**
 * Storage locations (stock-spec-2.md §1) as every stock page may ask for them: STANDARD only, and
 * an article with no stock at any location. Tests of the locations answer their own.
 */
const locationHandlers = () => [
  answer.get<ListStockLocationsApiResponse>('/api/stock/locations', () =>
    HttpResponse.json({ locations: [STANDARD_LOCATION] }),
  ),
  answer.get<GetStockArticleLocationsApiResponse>('/api/stock/articles/:id/locations', () =>
    HttpResponse.json({ default_location_id: null, locations: [] }),
  ),
];

export const session = (permissions: string[] = ALL_STOCK) => [
  ...sessionHandlers(undefined, permissions),
  ...locationHandlers(),
];

let nextId = 100;
export function article(overrides: Partial<Article> = {}): Article {
  nextId += 1;
  return {
    id: nextId,
    sku: `SKU-${nextId}`,
    name: `Article ${nextId}`,
    unit: 'pcs',
    description: null,
    barcode: null,
    min_stock: 5,
    max_stock: null,
    quantity: 20,
    low_stock: false,
    on_order: 0,
    tracking: 'none',
    expiry: false,
    archived_at: null,
    created_at: '2026-11-01T08:00:00Z',
    updated_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

export function movement(of: Article, overrides: Partial<Movement> = {}): Movement {
  nextId += 1;
  return {
    id: nextId,
    article_id: of.id,
    article_name: of.name,
    article_sku: of.sku,
    unit: of.unit,
    kind: 'out',
    delta: -2,
    quantity_after: of.quantity - 2,
    reason: 'sale',
    note: null,
    reference: null,
    user_id: 1,
    user_name: 'Olivia Owner',
    transfer_id: null,
    reverses_id: null,
    reversed_by_id: null,
    created_at: '2026-11-22T14:05:00Z',
    occurred_at: null,
    location_id: null,
    location_code: null,
    location_quantity_after: null,
    ...overrides,
  };
}

/** GET api/stock/articles answering these articles (whatever the query) and one article by id. */
export const articleHandlers = (articles: Article[], movements: Movement[] = []) => [
  answer.get<ListStockArticlesApiResponse>('/api/stock/articles', () =>
    HttpResponse.json({ articles, next_cursor: null }),
  ),
  answer.get<GetStockArticleApiResponse>('/api/stock/articles/:id', ({ params }) => {
    const found = articles.find((a) => a.id === Number(params.id));
    return found
      ? HttpResponse.json({ article: found })
      : HttpResponse.json({ message: 'Not found', code: 'article.not_found' }, { status: 404 });
  }),
  answer.get<ListStockMovementsApiResponse>('/api/stock/movements', () =>
    HttpResponse.json({ movements, next_cursor: null }),
  ),
  // The article page's stock chart: the stock at the start of the range, nothing moved since.
  answer.get<GetStockArticleHistoryApiResponse>('/api/stock/articles/:id/history', ({ params, request }) => {
    const found = articles.find((a) => a.id === Number(params.id));
    const query = new URL(request.url).searchParams;
    const from = query.get('from') ?? '2026-11-01T00:00:00.000Z';
    return HttpResponse.json({
      article_id: Number(params.id),
      location_id: null,
      unit: found?.unit ?? 'pcs',
      min_stock: found?.min_stock ?? 0,
      max_stock: found?.max_stock ?? null,
      from,
      to: query.get('to') ?? '2026-12-01T00:00:00.000Z',
      bucket_seconds: 5184,
      points: [{ at: from, quantity: found?.quantity ?? 0 }],
    });
  }),
];

/** A booking as it reached POST api/stock/movements: its Idempotency-Key and body. */
export interface SentBooking {
  key: string | null;
  body: BookStockMovementApiArg['body'];
}

/**
 * POST api/stock/movements on the stock of `of`: goods in and out change it, a goods-out beyond it is
 * refused (409 stock.insufficient) as the server does; every request is recorded in `sent`.
 */
export function bookingsOf(of: Article) {
  const sent: SentBooking[] = [];
  let stock = of.quantity;
  const handler = answer.post<BookStockMovementApiResponse, BookStockMovementApiArg['body']>(
    '/api/stock/movements',
    async ({ request }) => {
      const body = await request.json();
      sent.push({ key: request.headers.get('idempotency-key'), body });
      const delta = body.kind === 'in' ? body.quantity : -body.quantity;
      if (stock + delta < 0) {
        return HttpResponse.json(
          { message: `Not enough stock: ${stock} pcs available.`, code: 'stock.insufficient' },
          { status: 409 },
        ) as never;
      }
      stock += delta;
      const after = { ...of, quantity: stock };
      return HttpResponse.json(
        { article: after, movement: movement(after, { kind: body.kind, delta, quantity_after: stock }) },
        { status: 201 },
      );
    },
  );
  return { handler, sent };
}

/** The section's routes at `route`, its pages (loaded lazily) already in place. */
export async function mountStock(route: string, language: 'de' | 'en' = 'en') {
  let result!: ReturnType<typeof renderWithProviders>;
  await act(async () => {
    result = renderWithProviders(<StockRoutes />, { route, path: '/stock/*', language });
  });
  return result;
}

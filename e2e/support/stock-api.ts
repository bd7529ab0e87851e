import crypto from 'node:crypto';
import type { TestUser } from './actions';
import type { Stack } from './stack';

/**
 * Set-up and checks over HTTP with the user's session: a booking needs its Idempotency-Key header
 * and the import a text/csv body, which the shared JSON client does not send.
 */
export async function stockCall<T>(
  stack: Stack,
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const cookies = user.api.cookieList();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
  const response = await fetch(new URL(path, stack.shell.url), {
    method,
    headers: {
      Accept: 'application/json',
      'Accept-Language': 'de',
      Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      ...(xsrf && method !== 'GET' && { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) }),
      ...(typeof body === 'string'
        ? { 'Content-Type': 'text/csv' }
        : body !== undefined && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The body of a 201 answer; any other status fails the set-up with the server's answer. */
async function created201<T>(answer: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 201) throw new Error(`stock set-up: HTTP ${status} ${JSON.stringify(body)}`);
  return body;
}

/** An article in the user's current warehouse with `quantity` booked in (a purchase); returns its id. */
export async function createArticle(
  stack: Stack,
  user: TestUser,
  article: { sku: string; name: string; minStock: number; quantity: number },
): Promise<number> {
  // The server hands out the CSRF cookie on the first write of the JSON client.
  if (!user.api.cookieList().some((c) => c.name === 'XSRF-TOKEN')) await user.api.get('/sanctum/csrf-cookie');
  const created = await created201<{ article: { id: number } }>(
    stockCall(stack, user, 'POST', '/api/stock/articles', {
      sku: article.sku,
      name: article.name,
      unit: 'pcs',
      min_stock: article.minStock,
    }),
  );
  const id = created.article.id;
  if (article.quantity > 0) {
    await created201(
      stockCall(
        stack,
        user,
        'POST',
        '/api/stock/movements',
        { article_id: id, kind: 'in', quantity: article.quantity, reason: 'purchase' },
        { 'Idempotency-Key': crypto.randomUUID() },
      ),
    );
  }
  return id;
}

import crypto from 'node:crypto';
import type { TestUser } from './actions';
import type { Stack } from './stack';

/**
 * Stock set-up over HTTP with the user's session, for journeys that need articles on screen.
 * A booking needs its Idempotency-Key header, which the JSON client in actions.ts does not send.
 */
async function call<T>(stack: Stack, user: TestUser, method: string, path: string, body?: unknown, key?: string) {
  const cookies = user.api.cookieList();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
  const response = await fetch(new URL(path, stack.shell.url), {
    method,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      ...(xsrf && { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) }),
      ...(key && { 'Idempotency-Key': key }),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** An article in the user's current warehouse with `quantity` booked in (a purchase); returns its id. */
export async function createArticle(
  stack: Stack,
  user: TestUser,
  article: { sku: string; name: string; minStock: number; quantity: number },
): Promise<number> {
  // The server hands out the CSRF cookie on the first write of the JSON client.
  if (!user.api.cookieList().some((c) => c.name === 'XSRF-TOKEN')) await user.api.get('/sanctum/csrf-cookie');
  const created = await call<{ article: { id: number } }>(stack, user, 'POST', '/api/stock/articles', {
    sku: article.sku,
    name: article.name,
    unit: 'pcs',
    min_stock: article.minStock,
  });
  const id = created.article.id;
  if (article.quantity > 0) {
    await call(
      stack,
      user,
      'POST',
      '/api/stock/movements',
      { article_id: id, kind: 'in', quantity: article.quantity, reason: 'purchase' },
      crypto.randomUUID(),
    );
  }
  return id;
}

import type { Client } from '../helpers';
import { book } from './helpers';

/** A location made through the API (201 or it throws). */
export async function location(client: Client, code: string, parent_id: number | null = null, name?: string) {
  const res = await client.post('/api/stock/locations', { code, parent_id, name });
  if (res.statusCode !== 201) throw new Error(`create location failed: ${res.statusCode} ${res.body}`);
  return res.json().location as { id: number; code: string; parent_id: number | null };
}

/** A booking naming a location (goods in unless `kind` says otherwise). */
export const bookAtLocation = (
  client: Client,
  location_id: number,
  article_id: number,
  quantity: number,
  kind = 'in',
) =>
  book(client, '/api/stock/movements', {
    article_id,
    kind,
    quantity,
    location_id,
    ...(kind === 'out' && { reason: 'sale' }),
  });

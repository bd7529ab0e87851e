import { http } from '@lager/shared';
import type { FetchArticles } from './article-index';
import { needsConfirmation } from './outbox';
import type { PostBooking } from './sender';

/** The index's refresh: one page of `GET api/stock/articles?updated_since=…&archived=1`. */
export const fetchArticles: FetchArticles = async (params) => (await http.get('api/stock/articles', { params })).data;

/**
 * An outbox entry as `POST api/stock/movements`, with its one key. An entry the user confirmed
 * after 7 days goes without its device time: the server refuses times older than that.
 */
export const postBooking: PostBooking = async (entry) => {
  const old = needsConfirmation({ ...entry, confirmed: false });
  const body = {
    article_id: entry.article.id,
    kind: entry.kind,
    quantity: entry.quantity,
    reason: entry.reason,
    ...(entry.note ? { note: entry.note } : {}),
    ...(entry.location ? { location_id: entry.location.id } : {}),
    // stock-spec-3 §2: a tracked article's lot, serials and best-before go as they were booked.
    ...(entry.lot ? { lot: entry.lot } : {}),
    ...(entry.serials?.length ? { serials: entry.serials } : {}),
    ...(entry.best_before ? { best_before: entry.best_before } : {}),
    ...(old ? {} : { occurred_at: entry.occurred_at }),
  };
  return (await http.post('api/stock/movements', body, { headers: { 'Idempotency-Key': entry.key } })).data;
};

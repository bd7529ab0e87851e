import { useListStockAtLocationQuery } from './api';

/** The stock at a location by article id (its first 100 articles), for the stocktake's differences. */
export function useStockAt(locationId: number | null): Map<number, number> {
  const { data } = useListStockAtLocationQuery({ id: locationId ?? 0, limit: 100 }, { skip: locationId === null });
  return new Map((data?.items ?? []).map((item) => [item.article_id, item.quantity]));
}

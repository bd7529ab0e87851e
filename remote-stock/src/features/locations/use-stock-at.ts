import { useAppDispatch } from '@lager/shared';
import { useEffect, useState } from 'react';
import { type LocationStock, stockAtLocationEndpoint } from './api';

export interface StockAt {
  /** Every article lying at the location, page after page (no cap), in the API's order. */
  items: LocationStock[];
  /** The stock there by article id. */
  quantities: Map<number, number>;
  loading: boolean;
  failed: boolean;
}

const EMPTY: StockAt = { items: [], quantities: new Map(), loading: false, failed: false };

/**
 * What lies at a location, all of it (the stocktake's sheet and its differences): the cursor pages
 * of `api/stock/locations/:id/stock` read one after the other until the last; again when `refresh`
 * changes.
 */
export function useStockAt(locationId: number | null, refresh?: unknown): StockAt {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<StockAt>(EMPTY);
  useEffect(() => {
    if (locationId === null) {
      setState(EMPTY);
      return;
    }
    let live = true;
    setState({ ...EMPTY, loading: true });
    (async () => {
      const items: LocationStock[] = [];
      let cursor: string | undefined;
      do {
        const page = await dispatch(
          stockAtLocationEndpoint.initiate({ id: locationId, limit: 100, cursor }, { subscribe: false }),
        ).unwrap();
        items.push(...page.items);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && live);
      if (live) {
        setState({
          items,
          quantities: new Map(items.map((item) => [item.article_id, item.quantity])),
          loading: false,
          failed: false,
        });
      }
    })().catch(() => live && setState({ ...EMPTY, failed: true }));
    return () => {
      live = false;
    };
    // `refresh`: a value that changes when the stock there changed (a page's own query of it).
  }, [dispatch, locationId, refresh]);
  return state;
}

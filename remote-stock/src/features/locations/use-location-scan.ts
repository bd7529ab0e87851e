import { useCallback, useState } from 'react';
import { normalizeCode, useListStockLocationsQuery } from './api';

export interface ScannedLocation {
  id: number;
  code: string;
}

/**
 * Quick booking's location label scan (stock-spec-2.md §1): a code that names a location of the
 * warehouse chooses it — "Lagerplatz A-03-2" stays chosen until changed — instead of an article.
 * The page keeps the list subscribed, so a scan offline still finds what was loaded online.
 */
export function useLocationScan() {
  const { data } = useListStockLocationsQuery(undefined);
  const [location, setLocation] = useState<ScannedLocation | null>(null);
  /** The location this code names, now chosen; null when it names none (then it is an article's code). */
  const scan = useCallback(
    (code: string): ScannedLocation | null => {
      const wanted = normalizeCode(code);
      const match = data?.locations.find((l) => l.code === wanted && !l.archived_at);
      if (!match) return null;
      const chosen = { id: match.id, code: match.code };
      setLocation(chosen);
      return chosen;
    },
    [data],
  );
  const clear = useCallback(() => setLocation(null), []);
  return { location, scan, clear };
}

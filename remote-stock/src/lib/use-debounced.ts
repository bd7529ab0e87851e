import { useEffect, useState } from 'react';

/** How long the article search waits after the last key (list and stocktake search). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value once it has not changed for `ms` (search as you type without a request per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

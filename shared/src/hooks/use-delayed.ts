import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs an action after one of the spec's delays (redirects, reloads, clearing a
 * message). Pending timers are dropped when the screen unmounts.
 */
export function useDelayed() {
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
      timers.current = [];
    },
    [],
  );
  return useCallback((action: () => void, ms: number) => {
    timers.current.push(window.setTimeout(action, ms));
  }, []);
}

import { useCallback, useRef, useState } from 'react';

/**
 * Runs one submit at a time. A ref (not only state) guards the start, because two
 * clicks or Enter presses can arrive before React re-renders the disabled button.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}

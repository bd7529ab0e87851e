import { isThrottled, normalizeError } from '@lager/shared';
import { useCallback, useEffect, useState } from 'react';

/** Whole seconds from now until `until` (never below 0). */
const secondsUntil = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/**
 * The wait a throttled request (429 + Retry-After) imposes, as a countdown: `left` seconds
 * (counted from the clock, so a slow tab does not drift), `ready` once it ran out (until the
 * next `watch`ed request starts).
 */
export function useRetryCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const seconds = secondsUntil(until);
      setLeft(seconds);
      if (seconds === 0) {
        setUntil(null);
        setReady(true);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  /** Wraps a request: its 429 with Retry-After starts the countdown (the failure still throws). */
  const watch = useCallback(async <R>(request: Promise<R>): Promise<R> => {
    setReady(false);
    try {
      return await request;
    } catch (error) {
      const { retryAfter } = normalizeError(error);
      if (isThrottled(error) && retryAfter) {
        const end = Date.now() + retryAfter * 1000;
        setLeft(secondsUntil(end));
        setUntil(end);
      }
      throw error;
    }
  }, []);

  return { left: until === null ? 0 : left, ready, watch };
}

import { normalizeError } from '@lager/shared';
import { useCallback, useRef } from 'react';

/**
 * One Idempotency-Key per submission (as the stock section's): a retry of the same values after a
 * lost answer sends the same key, so the server books once; an answer that arrived ends it.
 */
export function useIdempotentSubmit() {
  const pending = useRef<{ body: string; key: string } | null>(null);
  return useCallback(async <R>(payload: unknown, run: (key: string) => Promise<R>): Promise<R> => {
    const body = JSON.stringify(payload);
    if (pending.current?.body !== body) pending.current = { body, key: crypto.randomUUID() };
    try {
      const result = await run(pending.current.key);
      pending.current = null;
      return result;
    } catch (error) {
      const { status } = normalizeError(error);
      if (status !== 0 && status < 500) pending.current = null;
      throw error;
    }
  }, []);
}

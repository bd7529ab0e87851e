import { normalizeError } from '@lager/shared';
import { useCallback, useRef } from 'react';

/**
 * One Idempotency-Key per submission: the first attempt creates it; a retry of the same values
 * after a lost answer (no answer, a 5xx) sends it again, so the server books once. An answer
 * that arrived (success or refusal) ends the submission: the next one gets a new key, as do
 * changed values (the old key would be refused as a mismatch).
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

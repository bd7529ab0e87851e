import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'draft:';
const isSecret = (field: string) => field.toLowerCase().includes('password');

function withoutSecrets<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !isSecret(k))) as Partial<T>;
}

function readDraft<T extends Record<string, unknown>>(key: string | null, initial: T): T {
  if (key === null) return initial;
  try {
    const stored = JSON.parse(window.localStorage.getItem(PREFIX + key) ?? 'null') as Partial<T> | null;
    if (!stored || typeof stored !== 'object') return initial;
    const restored = { ...initial };
    for (const field of Object.keys(initial) as Array<keyof T>) {
      if (!isSecret(String(field)) && field in stored) restored[field] = stored[field] as T[keyof T];
    }
    return restored;
  } catch {
    return initial;
  }
}

/**
 * Form state that survives a reload: every field except passwords is kept in
 * localStorage under `draft:<key>` and removed by `clearDraft` (call it on submit).
 * With the key `null` it is plain state (forms of password fields only).
 */
export function useDraft<T extends Record<string, unknown>>(key: string | null, initial: T) {
  const [values, setValues] = useState<T>(() => readDraft(key, initial));

  useEffect(() => {
    if (key !== null) window.localStorage.setItem(PREFIX + key, JSON.stringify(withoutSecrets(values)));
  }, [key, values]);

  const setField = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
  }, []);

  const clearDraft = useCallback(() => {
    if (key !== null) window.localStorage.removeItem(PREFIX + key);
  }, [key]);

  /** Clears the stored draft and resets the form (passwords too). */
  const reset = useCallback(
    (next: T = initial) => {
      if (key !== null) window.localStorage.removeItem(PREFIX + key);
      setValues(next);
    },
    [key, initial],
  );

  return { values, setField, setValues, clearDraft, reset };
}

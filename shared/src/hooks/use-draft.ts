import { useCallback, useEffect, useState } from 'react';
import { sharedApi } from '../api/endpoints';

const PREFIX = 'draft:';
const ANONYMOUS = 'anon';
const isSecret = (field: string) => field.toLowerCase().includes('password');

/**
 * Drafts belong to a person: `draft:u<user id>:<form>` for a signed-in user, `draft:anon:<form>`
 * for the forms of logged-out visitors (login, register, forgot password). One user never reads
 * another's draft, even on a shared browser.
 */
export function draftStorageKey(key: string, userId: number | null | undefined): string {
  return `${PREFIX}${userId ? `u${userId}` : ANONYMOUS}:${key}`;
}

function draftKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < window.localStorage.length; i += 1) {
    const key = window.localStorage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** Logout and account deletion: every draft on this browser goes. */
export function clearAllDrafts(): void {
  for (const key of draftKeys()) window.localStorage.removeItem(key);
}

/**
 * A user is signed in: drafts of anyone else (an earlier user whose session expired, a visitor's
 * register form, drafts stored before they were per user) go. A session that ended keeps its
 * user's drafts only until the next login: the same user continues them, anyone else never sees them.
 */
export function keepOnlyDraftsOf(userId: number): void {
  const own = `${PREFIX}u${userId}:`;
  for (const key of draftKeys()) if (!key.startsWith(own)) window.localStorage.removeItem(key);
}

function withoutSecrets<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !isSecret(k))) as Partial<T>;
}

function readDraft<T extends Record<string, unknown>>(key: string | null, initial: T): T {
  if (key === null) return initial;
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Partial<T> | null;
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

/** The signed-in user's id from the cache the auth gate filled (no request of its own). */
function useDraftOwner(): number | null {
  const { data } = sharedApi.endpoints.getUser.useQueryState(undefined);
  return data?.id ?? null;
}

/**
 * Form state that survives a reload: every field except passwords is kept in localStorage
 * under the signed-in user's key (`draftStorageKey`) and removed by `clearDraft` (call it on
 * submit). With the key `null` it is plain state (forms of password fields only).
 */
export function useDraft<T extends Record<string, unknown>>(key: string | null, initial: T) {
  const owner = useDraftOwner();
  const storageKey = key === null ? null : draftStorageKey(key, owner);
  const [state, setState] = useState(() => ({ storageKey, values: readDraft(storageKey, initial) }));
  // Another person (login, logout, a session that ended): their draft, never the previous one's.
  const current = state.storageKey === storageKey ? state : { storageKey, values: readDraft(storageKey, initial) };
  if (current !== state) setState(current);
  const { values } = current;

  useEffect(() => {
    if (storageKey !== null) window.localStorage.setItem(storageKey, JSON.stringify(withoutSecrets(values)));
  }, [storageKey, values]);

  // A logout in another tab clears every draft (use-logout) before this tab follows it (useSessionSync).
  // What is typed here is written back under this user's key, so the login that follows brings it back
  // as the login page promises; another person never sees it (a login keeps only its user's drafts).
  useEffect(() => {
    if (storageKey === null) return;
    const typed = JSON.stringify(withoutSecrets(values));
    if (typed === JSON.stringify(withoutSecrets(initial))) return;
    const onStorage = (event: StorageEvent) => {
      if ((event.key === storageKey || event.key === null) && event.newValue === null) {
        window.localStorage.setItem(storageKey, typed);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKey, values, initial]);

  const setValues = useCallback(
    (next: T | ((prev: T) => T)) =>
      setState((prev) => ({
        storageKey: prev.storageKey,
        values: typeof next === 'function' ? (next as (prev: T) => T)(prev.values) : next,
      })),
    [],
  );

  const setField = useCallback(
    <K extends keyof T>(field: K, value: T[K]) => setValues((prev) => ({ ...prev, [field]: value })),
    [setValues],
  );

  /** Stores these values now (a save failed because the session ended elsewhere, which may have cleared drafts). */
  const keepDraft = useCallback(
    (kept: T) => {
      if (storageKey !== null) window.localStorage.setItem(storageKey, JSON.stringify(withoutSecrets(kept)));
    },
    [storageKey],
  );

  const clearDraft = useCallback(() => {
    if (storageKey !== null) window.localStorage.removeItem(storageKey);
  }, [storageKey]);

  /** Clears the stored draft and resets the form (passwords too). */
  const reset = useCallback(
    (next: T = initial) => {
      if (storageKey !== null) window.localStorage.removeItem(storageKey);
      setValues(next);
    },
    [storageKey, initial, setValues],
  );

  return { values, setField, setValues, keepDraft, clearDraft, reset };
}

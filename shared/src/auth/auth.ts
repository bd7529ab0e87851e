import { createContext, useContext, useMemo } from 'react';
import { sharedApi, type User } from '../api/endpoints';
import { PERMISSIONS_STORAGE_KEY } from '../constants';

export type AuthStatus = 'unknown' | 'loggedOut' | 'unverified' | 'verified';

export interface AuthState {
  status: AuthStatus;
  user?: User;
}

/** `user === null`: GET api/user answered 401, or this app ended the session (`markLoggedOut`). */
export function authStatusOf(user: User | null | undefined, failed: boolean): AuthStatus {
  if (user) return user.email_verified_at ? 'verified' : 'unverified';
  if (user === null) return 'loggedOut';
  if (failed) return 'loggedOut';
  return 'unknown';
}

const AuthHeld = createContext(false);

/**
 * Rendered by the shell's auth gate around what it shows once `GET api/user` has answered: the gate holds the
 * subscriptions to the user and (verified) the permissions, so `useAuth` and `usePermissions` below it only read
 * the cache — no subscription, hence no store dispatch, per component that mounts with the page. Without it (a
 * section on its own page, a screen test) every caller subscribes, as before.
 */
export const AuthHeldProvider = AuthHeld.Provider;

/** The login state, resolved once from `GET api/user` and shared by every section. */
export function useAuth(): AuthState {
  const gateHolds = useContext(AuthHeld);
  sharedApi.endpoints.getUser.useQuerySubscription(undefined, { skip: gateHolds });
  const { data, isError } = sharedApi.endpoints.getUser.useQueryState(undefined);
  return { status: authStatusOf(data, isError), user: data ?? undefined };
}

/**
 * After a successful logout: the cached user becomes "nobody" at once (so the guard and
 * the header switch to the logged-out state without a refetch) and the permission cache goes.
 * Dispatch and await it: `await dispatch(markLoggedOut())`.
 */
export function markLoggedOut() {
  window.localStorage.removeItem(PERMISSIONS_STORAGE_KEY);
  return sharedApi.util.upsertQueryData('getUser', undefined, null);
}

let sessionEnded = false;

/**
 * The server answered 401 to a signed-in user: the session ended elsewhere (logout in another
 * tab, expiry). The user becomes logged out like `markLoggedOut`, and `hasSessionEnded()` tells
 * the route guard to say so on the login page and to come back here afterwards. The drafts stay
 * (they are the user's own; see `keepOnlyDraftsOf`). Dispatch it.
 */
export function markSessionEnded() {
  sessionEnded = true;
  return markLoggedOut();
}

/** Whether this app start saw its session end (`markSessionEnded`); a reload starts afresh. */
export function hasSessionEnded(): boolean {
  return sessionEnded;
}

export function readCachedPermissions(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PERMISSIONS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Held by operators (GET api/user `is_operator`: a verified user in the API's OPERATOR_EMAILS), in no
 * warehouse: a section's route, link or card with `"permission": "operator"` is theirs alone (the
 * Releases section). The API checks it again on every operators' call.
 */
export const OPERATOR_PERMISSION = 'operator';

/** Permissions of the current user in the current warehouse: fresh from the API, else the cached list; `operator` for operators. */
export function usePermissions(): { permissions: string[]; isLoading: boolean } {
  const { status, user } = useAuth();
  const gateHolds = useContext(AuthHeld);
  const skip = status !== 'verified';
  sharedApi.endpoints.getUserPermissions.useQuerySubscription(undefined, { skip: skip || gateHolds });
  const state = sharedApi.endpoints.getUserPermissions.useQueryState(undefined, { skip });
  // As useQuery: a query about to start (not skipped, not in the cache yet) counts as loading.
  const isLoading = state.isLoading || (!skip && state.isUninitialized);
  const { data } = state;
  const operator = status === 'verified' && user?.is_operator === true;
  const held = data ?? readCachedPermissions();
  // The same array while the answer is the same (hooks that depend on the list do not run again).
  const permissions = useMemo(() => (operator ? [...held, OPERATOR_PERMISSION] : held), [held, operator]);
  return { permissions, isLoading: isLoading && !data };
}

/** Permission checks are any-of (spec §6). */
export function hasAnyPermission(held: readonly string[], required: readonly string[]): boolean {
  return required.some((p) => held.includes(p));
}

export function useHasAnyPermission(required: readonly string[]): boolean {
  const { permissions } = usePermissions();
  return hasAnyPermission(permissions, required);
}

import { useGetPermissionsQuery, useGetUserQuery } from '../api/api';
import type { User } from '../api/types';
import { PERMISSIONS_STORAGE_KEY } from '../constants';

export type AuthStatus = 'unknown' | 'loggedOut' | 'unverified' | 'verified';

export interface AuthState {
  status: AuthStatus;
  user?: User;
}

export function authStatusOf(user: User | undefined, failed: boolean): AuthStatus {
  if (user) return user.email_verified_at ? 'verified' : 'unverified';
  if (failed) return 'loggedOut';
  return 'unknown';
}

/** The login state, resolved once from `GET api/user` and shared by every section. */
export function useAuth(): AuthState {
  const { data, isError } = useGetUserQuery();
  return { status: authStatusOf(data, isError), user: data };
}

export function readCachedPermissions(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PERMISSIONS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** Permissions of the current user in the current warehouse: fresh from the API, else the cached list. */
export function usePermissions(): { permissions: string[]; isLoading: boolean } {
  const { status } = useAuth();
  const { data, isLoading } = useGetPermissionsQuery(undefined, { skip: status !== 'verified' });
  return { permissions: data ?? readCachedPermissions(), isLoading: isLoading && !data };
}

/** Permission checks are any-of (spec §6). */
export function hasAnyPermission(held: readonly string[], required: readonly string[]): boolean {
  return required.some((p) => held.includes(p));
}

export function useHasAnyPermission(required: readonly string[]): boolean {
  const { permissions } = usePermissions();
  return hasAnyPermission(permissions, required);
}

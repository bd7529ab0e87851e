import type { ReactNode } from 'react';
import { Loading, NoPermission } from '../ui/feedback';
import { hasAnyPermission, useAuth, usePermissions } from './auth';

/**
 * Shows its children when the user holds any one of `anyOf` (spec §6: checks are any-of),
 * else the translated no-permission message. While the login state is unknown or the
 * first permission fetch runs, a loading state instead of a flash of "no permission".
 */
export function RequirePermission({
  anyOf,
  children,
  fallback,
}: {
  anyOf: readonly string[];
  children: ReactNode;
  /** Shown instead of the no-permission message (e.g. `null` to hide a card). */
  fallback?: ReactNode;
}) {
  const { status } = useAuth();
  const { permissions, isLoading } = usePermissions();
  if (status === 'unknown' || isLoading) return <Loading />;
  if (hasAnyPermission(permissions, anyOf)) return <>{children}</>;
  return <>{fallback === undefined ? <NoPermission /> : fallback}</>;
}

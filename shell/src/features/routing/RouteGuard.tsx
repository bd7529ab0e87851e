import { hasSessionEnded, useAuth, usePermissions } from '@lager/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardRedirect } from './guard';
import { matchRoute } from './route-table';

/** Renders the page only when the guard lets the user stay; otherwise replaces the location. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { permissions, isLoading } = usePermissions();
  const { pathname, search } = useLocation();
  // The AuthGate renders nothing below it while the state is unknown.
  if (status === 'unknown') return null;
  // A page behind a permission waits for the permissions instead of redirecting too early.
  if (status === 'verified' && isLoading && matchRoute(pathname)?.permissions.length) return null;
  const target = guardRedirect(pathname, search, status, permissions, undefined, { sessionEnded: hasSessionEnded() });
  if (target !== null && target !== pathname + search) return <Navigate to={target} replace />;
  return <>{children}</>;
}

import { useAuth } from '@lager/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardRedirect } from './guard';

/** Renders the page only when the guard lets the user stay; otherwise replaces the location. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { pathname, search } = useLocation();
  // The AuthGate renders nothing below it while the state is unknown.
  if (status === 'unknown') return null;
  const target = guardRedirect(pathname, search, status);
  if (target !== null && target !== pathname + search) return <Navigate to={target} replace />;
  return <>{children}</>;
}

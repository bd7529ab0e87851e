import { Loading, NoPermission, Page } from '@lager/shared';
import type { ReactNode } from 'react';
import { NoWarehouse } from './NoWarehouse';
import { useSection } from './use-section';

interface ScreenGateProps {
  title: string;
  /** Any one of these shows the screen (spec §6). */
  required: readonly string[];
  /** Screens that act on the current warehouse cannot do anything without one. */
  needsWarehouse?: boolean;
  children: (warehouseId: number) => ReactNode;
}

/** The page frame of every admin screen: loading, no current warehouse, no permission, or the screen. */
export function ScreenGate({ title, required, needsWarehouse = true, children }: ScreenGateProps) {
  const { isLoading, warehouseId, can } = useSection();
  let body: ReactNode;
  if (isLoading) body = <Loading />;
  else if (needsWarehouse && warehouseId === null) body = <NoWarehouse />;
  else if (!can(required)) body = <NoPermission />;
  else body = children(warehouseId ?? 0);
  return <Page title={title}>{body}</Page>;
}

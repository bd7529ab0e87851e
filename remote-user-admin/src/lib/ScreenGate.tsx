import { Loading, NoPermission, Page } from '@lager/shared';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoWarehouse } from './NoWarehouse';
import { NS } from './namespace';
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

interface WarehouseScreenProps {
  /** The page title's catalogue key. */
  title: string;
  required: readonly string[];
  /** The screen, for the current warehouse. */
  screen: ComponentType<{ warehouseId: number }>;
}

/** A route of this section that shows one screen for the current warehouse behind the gate. */
export function WarehouseScreen({ title, required, screen: Screen }: WarehouseScreenProps) {
  const { t } = useTranslation(NS);
  return (
    <ScreenGate title={t(title)} required={required}>
      {(warehouseId) => <Screen warehouseId={warehouseId} />}
    </ScreenGate>
  );
}

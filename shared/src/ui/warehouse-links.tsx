import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { namedRoutes } from '../routing/routes';

/**
 * Where a user without a current warehouse picks one: "My warehouses" and "Guest warehouses"
 * (the shell's warehouse page adds "New warehouse" as `children`).
 */
export function WarehouseLinks({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="actions">
      <Link className="button" to={namedRoutes.mywarehouse()}>
        {t('links.myWarehouses')}
      </Link>
      <Link className="button secondary" to={namedRoutes.guestwarehouse()}>
        {t('links.guestWarehouses')}
      </Link>
      {children}
    </div>
  );
}

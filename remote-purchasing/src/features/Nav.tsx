import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { NS } from '../i18n';
import { usePurchasingPermissions } from '../lib/permissions';

/** The section's own links under the page title. */
export function PurchasingNav() {
  const { t } = useTranslation(NS);
  const can = usePurchasingPermissions();
  return (
    <nav className="purchasing-nav" aria-label={t('nav.label')}>
      <NavLink to="/purchasing" end>
        {t('nav.orders')}
      </NavLink>
      {can.receive && <NavLink to="/purchasing/receive">{t('nav.receive')}</NavLink>}
      <NavLink to="/purchasing/suppliers">{t('nav.suppliers')}</NavLink>
      {can.orders && <NavLink to="/purchasing/from-reorder">{t('nav.fromReorder')}</NavLink>}
    </nav>
  );
}

/** An order's status as a word with its colour. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return <span className={`purchasing-status purchasing-status-${status}`}>{t(`status.${status}`)}</span>;
}

import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { NS } from '../../i18n';
import { useStockPermissions } from '../../lib/permissions';

/** The section's own links; each appears only for who may use the page behind it. */
export function StockNav() {
  const { t } = useTranslation(NS);
  const can = useStockPermissions();
  const links = [
    { to: '/stock', label: t('nav.articles'), show: true, end: true },
    { to: '/stock/book', label: t('nav.book'), show: can.book },
    { to: '/stock/count', label: t('nav.count'), show: can.count },
    { to: '/stock/count-sessions', label: t('nav.countSessions'), show: can.countSessions },
    { to: '/stock/movements', label: t('nav.movements'), show: true },
    { to: '/stock/locations', label: t('nav.locations'), show: true },
    { to: '/stock/import', label: t('nav.import'), show: can.manage },
    { to: '/stock/reorder', label: t('nav.reorder'), show: true },
    { to: '/stock/value', label: t('nav.value'), show: can.value },
    { to: '/stock/expiry', label: t('nav.expiry'), show: true },
    { to: '/stock/trace', label: t('nav.trace'), show: true },
  ];
  return (
    <nav className="stock-nav" aria-label={t('nav.label')}>
      {links
        .filter((link) => link.show)
        .map((link) => (
          <NavLink key={link.to} to={link.to} end={link.end}>
            {link.label}
          </NavLink>
        ))}
    </nav>
  );
}

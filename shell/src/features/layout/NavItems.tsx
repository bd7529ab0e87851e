import { type AuthStatus, namedRoutes } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

interface NavItemsProps {
  status: AuthStatus;
  onLogout: () => void;
  logoutBusy: boolean;
}

/** The header links of spec §2, per login state; the desktop bar and the hamburger menu share them. */
export function NavItems({ status, onLogout, logoutBusy }: NavItemsProps) {
  const { t } = useTranslation('shell');
  const loggedIn = status === 'unverified' || status === 'verified';
  return (
    <ul className="nav-list">
      {loggedIn && (
        <li>
          <NavLink to={namedRoutes.user()}>{t('nav.user')}</NavLink>
        </li>
      )}
      {status === 'verified' && (
        <>
          <li>
            <NavLink to={namedRoutes.warehouse()}>{t('nav.warehouse')}</NavLink>
          </li>
          <li>
            <NavLink to={namedRoutes.admin()}>{t('nav.admin')}</NavLink>
          </li>
        </>
      )}
      {status === 'loggedOut' && (
        <li>
          <NavLink to={namedRoutes.login()}>{t('nav.login')}</NavLink>
        </li>
      )}
      <li>
        <NavLink to={namedRoutes.info()}>{t('nav.info')}</NavLink>
      </li>
      {loggedIn && (
        <li>
          <button type="button" className="nav-button" onClick={onLogout} disabled={logoutBusy}>
            {t('nav.logout')}
          </button>
        </li>
      )}
    </ul>
  );
}

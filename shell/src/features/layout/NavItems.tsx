import { type AuthStatus, currentLanguage, usePermissions } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { type HeaderLink, headerLinks } from './nav-links';

interface NavItemsProps {
  status: AuthStatus;
  onLogout: () => void;
  logoutBusy: boolean;
}

/** A link's text: its translation key, else its label in the current language (German as fallback). */
function useLinkLabel() {
  const { t } = useTranslation('shell');
  return (link: HeaderLink) => {
    if (link.labelKey) return t(link.labelKey);
    const labels = link.label ?? {};
    return labels[currentLanguage()] ?? labels.de ?? Object.values(labels)[0] ?? link.path;
  };
}

/**
 * The header links of spec §2 per login state, and those the manifest's sections declare;
 * the desktop bar and the hamburger menu share them.
 */
export function NavItems({ status, onLogout, logoutBusy }: NavItemsProps) {
  const { t } = useTranslation('shell');
  const labelOf = useLinkLabel();
  const { permissions, isLoading } = usePermissions();
  const loggedIn = status === 'unverified' || status === 'verified';
  // Without a cached list the links depend on the permissions still loading: they wait and appear
  // together, left of Logout (the row is right-aligned), instead of pushing in between those shown.
  const waiting = status === 'verified' && isLoading && permissions.length === 0;
  const links = status === 'unknown' || waiting ? [] : headerLinks(status, permissions);
  return (
    <ul className="nav-list">
      {links.map((link) => (
        <li key={link.path}>
          <NavLink to={link.path}>{labelOf(link)}</NavLink>
        </li>
      ))}
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

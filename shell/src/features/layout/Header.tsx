import { namedRoutes, useAuth, useIsMobile } from '@lager/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useLogout } from '../auth';
import { OfflineBar } from '../offline';
import { OutboxSenders } from '../remotes';
import { WarehouseSwitcher } from '../warehouse-switcher';
import { NavItems } from './NavItems';

const MENU_ID = 'main-menu';
const SWITCHER_ID = 'warehouse-switcher';

export function Header() {
  const { t } = useTranslation('shell');
  const { status } = useAuth();
  const isMobile = useIsMobile();
  const { logout, busy } = useLogout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const [seenKey, setSeenKey] = useState(location.key);
  const menuButton = useRef<HTMLButtonElement>(null);
  const logo = useRef<HTMLAnchorElement>(null);

  // The hamburger menu closes on every navigation (adjusting state while rendering, not in an effect).
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setMenuOpen(false);
  }

  const verified = status === 'verified';
  // Spec §2: the logo goes to / for verified users and to /user for unverified ones.
  const logoTarget = status === 'unverified' ? namedRoutes.user() : namedRoutes.home();
  const items = <NavItems status={status} onLogout={() => void logout()} logoutBusy={busy} />;

  return (
    <header className="app-header">
      <div className="header-bar">
        <Link
          ref={logo}
          to={logoTarget}
          className="logo"
          aria-label={t('nav.logo')}
          aria-controls={verified ? SWITCHER_ID : undefined}
          aria-expanded={verified ? switcherOpen : undefined}
          onClick={() => {
            if (verified) setSwitcherOpen((open) => !open);
          }}
        >
          {t('appName')}
        </Link>
        {isMobile ? (
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span> {t('nav.menu')}
          </button>
        ) : (
          <nav aria-label={t('nav.label')} className="nav-bar">
            {items}
          </nav>
        )}
      </div>
      {isMobile && (
        <nav
          id={MENU_ID}
          hidden={!menuOpen}
          aria-label={t('nav.label')}
          className="nav-menu"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setMenuOpen(false);
              menuButton.current?.focus();
            }
          }}
        >
          {items}
        </nav>
      )}
      {verified && switcherOpen && (
        <WarehouseSwitcher
          id={SWITCHER_ID}
          onClose={() => {
            setSwitcherOpen(false);
            logo.current?.focus();
          }}
        />
      )}
      <OfflineBar />
      <OutboxSenders />
    </header>
  );
}

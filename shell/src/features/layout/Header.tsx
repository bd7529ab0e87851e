import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';

export function Header() {
  const { t } = useTranslation('shell');
  return (
    <header className="app-header">
      <Link to="/" className="logo">
        {t('appName')}
      </Link>
      <nav aria-label={t('nav.label')}>
        <NavLink to="/info">{t('nav.info')}</NavLink>
      </nav>
    </header>
  );
}

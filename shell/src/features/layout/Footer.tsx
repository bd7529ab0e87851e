import { currentLanguage, isLanguage, LANGUAGES, namedRoutes, switchLanguage, useAuth } from '@lager/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { SectionVersions } from '../remotes';
import { matchRoute } from '../routing';

/** Spec §2: no forgot-password link on the pages that are already about the password. */
const NO_FORGOT_LINK = new Set(['forgotpassword', 'resetpassword']);

export function Footer() {
  const { t } = useTranslation('shell');
  const id = useId();
  const { status } = useAuth();
  const { pathname } = useLocation();
  const showForgotLink = status === 'loggedOut' && !NO_FORGOT_LINK.has(matchRoute(pathname)?.name ?? '');
  return (
    <footer className="app-footer">
      <div className="language-select">
        <label htmlFor={id}>{t('footer.language')}</label>
        <select
          id={id}
          value={currentLanguage()}
          onChange={(e) => {
            if (isLanguage(e.target.value)) switchLanguage(e.target.value);
          }}
        >
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng}>
              {t(`footer.languages.${lng}`)}
            </option>
          ))}
        </select>
      </div>
      {showForgotLink && <Link to={namedRoutes.forgotpassword()}>{t('footer.forgotPassword')}</Link>}
      <SectionVersions />
    </footer>
  );
}

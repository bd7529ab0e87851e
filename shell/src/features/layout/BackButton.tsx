import type { RouteName } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { matchRoute } from '../routing/route-table';

/** Spec §2: the top-level pages have no back button; every page below them does. */
const WITHOUT_BACK_BUTTON = new Set<RouteName>([
  'login',
  'register',
  'admin',
  'forgotpassword',
  'home',
  'dashboard',
  'user',
  'info',
  'warehouse',
  'resetpassword',
  'emailverify',
]);

export function BackButton() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  if (!route || WITHOUT_BACK_BUTTON.has(route)) return null;
  return (
    <div className="back-bar">
      <button type="button" className="secondary back-button" onClick={() => navigate(-1)}>
        <span aria-hidden="true">←</span> {t('buttons.back')}
      </button>
    </div>
  );
}

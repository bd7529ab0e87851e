import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { matchRoute } from '../routing';

/** Spec §2: the top-level pages have no back button (`topLevel` in the route table); every page below them does. */
export function BackButton() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  if (!route || route.topLevel) return null;
  return (
    <div className="back-bar">
      <button type="button" className="secondary back-button" onClick={() => navigate(-1)}>
        <span aria-hidden="true">←</span> {t('buttons.back')}
      </button>
    </div>
  );
}

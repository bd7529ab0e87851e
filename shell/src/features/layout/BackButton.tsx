import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Location, useLocation, useNavigate } from 'react-router-dom';
import { matchRoute, parentPath } from '../routing';

/**
 * Whether a step back stays in the app. The browser router numbers this tab's entries of the
 * app (`history.state.idx`, 0 for the first); without it (a memory router) the first location
 * is the one keyed `default`. A page opened directly has no earlier entry of ours: Back would
 * leave the app (to `about:blank` in a fresh tab).
 */
function hasAppHistory(location: Location): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : location.key !== 'default';
}

/**
 * Spec §2: the top-level pages have no back button (`topLevel` in the route table); every page
 * below them does. It goes back one step, or, with no earlier page of the app in this tab, up
 * to the page's parent (`/admin/user/roles/edit/4` → `/admin/user/roles`).
 */
export function BackButton() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const route = matchRoute(location.pathname);
  if (!route || route.topLevel) return null;
  const goBack = () => {
    if (hasAppHistory(location)) navigate(-1);
    else navigate(parentPath(location.pathname));
  };
  return (
    <div className="back-bar">
      <button type="button" className="secondary back-button" onClick={goBack}>
        <ArrowLeft className="icon" aria-hidden="true" focusable="false" />
        {t('buttons.back')}
      </button>
    </div>
  );
}

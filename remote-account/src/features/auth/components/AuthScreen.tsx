import { Alert, Card, loginPath, namedRoutes, Page, REASON_PARAM, SESSION_ENDED } from '@lager/shared';
import { Link, useSearchParams } from 'react-router-dom';
import { useAccountTranslation } from '../../../lib/i18n';
import { useReturnPath, withNext } from '../../../lib/return-path';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export type AuthMode = 'login' | 'register';

/** The one screen behind /, /login and /register (spec §2): the route picks the form. */
export function AuthScreen({ mode }: { mode: AuthMode }) {
  const { t } = useAccountTranslation();
  const isLogin = mode === 'login';
  // The route guard sent the user here because their session ended elsewhere (logout, expiry).
  const [params] = useSearchParams();
  const sessionEnded = isLogin && params.get(REASON_PARAM) === SESSION_ENDED;
  const next = useReturnPath();
  return (
    <Page title={t(isLogin ? 'titles.login' : 'titles.register')}>
      {sessionEnded && <Alert kind="info">{t('common:errors.sessionEnded')}</Alert>}
      <Card>{isLogin ? <LoginForm /> : <RegisterForm />}</Card>
      <p>
        {t(isLogin ? 'hints.noAccount' : 'hints.haveAccount')}{' '}
        <Link to={isLogin ? withNext(namedRoutes.register(), next) : loginPath(next)}>
          {t(isLogin ? 'buttons.toRegister' : 'buttons.toLogin')}
        </Link>
      </p>
    </Page>
  );
}

import { Card, namedRoutes, Page } from '@lager/shared';
import { Link } from 'react-router-dom';
import { useAccountTranslation } from '../../../lib/i18n';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export type AuthMode = 'login' | 'register';

/** The one screen behind /, /login and /register (spec §2): the route picks the form. */
export function AuthScreen({ mode }: { mode: AuthMode }) {
  const { t } = useAccountTranslation();
  const isLogin = mode === 'login';
  return (
    <Page title={t(isLogin ? 'titles.login' : 'titles.register')}>
      <Card>{isLogin ? <LoginForm /> : <RegisterForm />}</Card>
      <p>
        {t(isLogin ? 'hints.noAccount' : 'hints.haveAccount')}{' '}
        <Link to={isLogin ? namedRoutes.register() : namedRoutes.login()}>
          {t(isLogin ? 'buttons.toRegister' : 'buttons.toLogin')}
        </Link>
      </p>
    </Page>
  );
}

import { Alert, Card, DELAYS, Loading, namedRoutes, Page, useDelayed } from '@lager/shared';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAccountTranslation } from '../../../lib/i18n';
import { useLinkParams } from '../../../lib/link-params';
import { type ResetLink, useValidateResetTokenQuery } from '../api/password-reset-api';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /reset-password?token&email — the link from the reset mail; both parameters are required. */
export function ResetPasswordScreen() {
  const { t } = useAccountTranslation();
  const link = useLinkParams('token', 'email');
  if (!link) return <Navigate to={namedRoutes.home()} replace />;
  return (
    <Page title={t('titles.resetPassword')}>
      <Card>
        <CheckedResetForm link={link} />
      </Card>
    </Page>
  );
}

/** The token is checked on load; an invalid one sends the user to ask for a new link. */
function CheckedResetForm({ link }: { link: ResetLink }) {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const schedule = useDelayed();
  const { data, isError, isLoading } = useValidateResetTokenQuery(link);
  const invalid = isError || data?.valid === false;

  useEffect(() => {
    if (invalid) schedule(() => navigate(namedRoutes.forgotpassword()), DELAYS.invalidResetTokenRedirect);
  }, [invalid, schedule, navigate]);

  if (isLoading) return <Loading label={t('messages.checkingToken')} />;
  if (invalid) return <Alert kind="error">{t('errors.invalidResetToken')}</Alert>;
  return <ResetPasswordForm link={link} />;
}

import { Alert, browser, DELAYS, Loading, namedRoutes, Page, useDelayed } from '@lager/shared';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { VerifyEmailApiArg } from '../../../api/generated';
import { useAccountTranslation } from '../../../lib/i18n';
import { useLinkParams } from '../../../lib/link-params';
import { takeReturnPath } from '../../../lib/return-path';
import { useVerifyEmailQuery } from '../api/verification-api';

/** /email/verify/:id/:hash?expires&signature — the link from the verification mail. */
export function VerifyEmailScreen() {
  const { t } = useAccountTranslation();
  const { id = '', hash = '' } = useParams();
  const link = useLinkParams('expires', 'signature');
  if (!link) return <Navigate to={namedRoutes.home()} replace />;
  return (
    <Page title={t('titles.verifyEmail')}>
      <VerificationResult args={{ id: Number(id), hash, expires: Number(link.expires), signature: link.signature }} />
    </Page>
  );
}

function VerificationResult({ args }: { args: VerifyEmailApiArg }) {
  const { t } = useAccountTranslation();
  const { isSuccess, isError } = useVerifyEmailQuery(args);
  const schedule = useDelayed();

  useEffect(() => {
    // The reload picks up the verified state everywhere (menu, guard, permissions). It starts
    // the app on the dashboard (or where the user wanted to go before registering): reloading
    // the link itself would verify again and reload forever.
    if (isSuccess) {
      schedule(() => browser.assign(takeReturnPath() ?? namedRoutes.dashboard()), DELAYS.verifyReload);
    }
  }, [isSuccess, schedule]);

  if (isSuccess) return <Alert kind="success">{t('messages.verified')}</Alert>;
  if (isError) return <Alert kind="error">{t('errors.verificationNotificationFailed')}</Alert>;
  return <Loading label={t('messages.verifying')} />;
}

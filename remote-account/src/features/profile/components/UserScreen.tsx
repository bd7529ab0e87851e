import { Loading, namedRoutes, Page, useAuth } from '@lager/shared';
import { Navigate } from 'react-router-dom';
import { useAccountTranslation } from '../../../lib/i18n';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DeleteAccountCard } from './DeleteAccountCard';
import { DigestCard } from './DigestCard';
import { EditProfileCard } from './EditProfileCard';
import { ResendVerificationCard } from './ResendVerificationCard';

/** /user: profile, password, resend verification (unverified only), delete account. */
export function UserScreen() {
  const { t } = useAccountTranslation();
  const { status, user } = useAuth();
  if (status === 'unknown') return <Loading />;
  // The shell's guard does this too; it matters when the section runs alone.
  if (!user) return <Navigate to={namedRoutes.login()} replace />;
  return (
    <Page title={t('titles.user')}>
      <EditProfileCard user={user} />
      <ChangePasswordCard />
      {status === 'unverified' && <ResendVerificationCard email={user.email} />}
      {status === 'verified' && <DigestCard />}
      <DeleteAccountCard />
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/namespace';
import { REQUIRED } from '../../../lib/permissions';
import { ScreenGate } from '../../../lib/ScreenGate';
import { InviteUserForm } from './InviteUserForm';

/** `/admin/user/invite` (inviteuser). */
export function InviteUserPage() {
  const { t } = useTranslation(NS);
  return (
    <ScreenGate title={t('titles.inviteUser')} required={REQUIRED.inviteScreen}>
      {() => <InviteUserForm />}
    </ScreenGate>
  );
}

import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/namespace';
import { REQUIRED } from '../../../lib/permissions';
import { ScreenGate } from '../../../lib/ScreenGate';
import { RemoveUsersScreen } from './RemoveUsersScreen';

/** `/admin/user/remove` (removeuser). */
export function RemoveUsersPage() {
  const { t } = useTranslation(NS);
  return (
    <ScreenGate title={t('titles.removeUsers')} required={REQUIRED.removeScreen}>
      {(warehouseId) => <RemoveUsersScreen warehouseId={warehouseId} />}
    </ScreenGate>
  );
}

import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/namespace';
import { REQUIRED } from '../../../lib/permissions';
import { ScreenGate } from '../../../lib/ScreenGate';
import { RolesScreen } from './RolesScreen';

/** `/admin/user/roles` (userroles). */
export function RolesPage() {
  const { t } = useTranslation(NS);
  return (
    <ScreenGate title={t('titles.roles')} required={REQUIRED.rolesScreen}>
      {(warehouseId) => <RolesScreen warehouseId={warehouseId} />}
    </ScreenGate>
  );
}

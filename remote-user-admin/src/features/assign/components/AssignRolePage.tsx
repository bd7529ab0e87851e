import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/namespace';
import { REQUIRED } from '../../../lib/permissions';
import { ScreenGate } from '../../../lib/ScreenGate';
import { AssignRoleForm } from './AssignRoleForm';

/** `/admin/user/roles/assign`. */
export function AssignRolePage() {
  const { t } = useTranslation(NS);
  return (
    <ScreenGate title={t('titles.assignRole')} required={REQUIRED.assignScreen}>
      {(warehouseId) => <AssignRoleForm warehouseId={warehouseId} />}
    </ScreenGate>
  );
}

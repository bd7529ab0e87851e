import { Alert, Loading } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { NS } from '../../../lib/namespace';
import { REQUIRED } from '../../../lib/permissions';
import { ScreenGate } from '../../../lib/ScreenGate';
import { useGetRoleQuery } from '../api/roles-api';
import { RoleForm } from './RoleForm';

const EMPTY_ROLE = { name: '', description: '', permissions: [] as number[] };

/** `/admin/user/roles/new` and `/admin/user/roles/edit/:role_id`: one form for both. */
export function RoleFormPage() {
  const { t } = useTranslation(NS);
  const { role_id } = useParams();
  const roleId = role_id === undefined ? undefined : Number(role_id);
  return (
    <ScreenGate title={t(roleId === undefined ? 'titles.newRole' : 'titles.editRole')} required={REQUIRED.roleForm}>
      {() =>
        roleId === undefined ? <RoleForm draftKey="role-new" initial={EMPTY_ROLE} /> : <EditRole roleId={roleId} />
      }
    </ScreenGate>
  );
}

function EditRole({ roleId }: { roleId: number }) {
  const { t } = useTranslation(NS);
  const valid = Number.isInteger(roleId) && roleId > 0;
  const { data: role, isLoading, isError } = useGetRoleQuery(roleId, { skip: !valid });
  if (valid && isLoading) return <Loading />;
  if (!valid || isError || !role) return <Alert kind="error">{t('errors.loadRoleFailed')}</Alert>;
  return (
    <RoleForm
      key={role.id}
      roleId={role.id}
      draftKey={`role-edit:${role.id}`}
      initial={{
        name: role.name,
        description: role.description ?? '',
        permissions: role.permissions.map((p) => p.id),
      }}
    />
  );
}

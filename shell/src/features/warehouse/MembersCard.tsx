import {
  Alert,
  Card,
  OWNER_ROLE_ID,
  Skeleton,
  useListWarehouseMembersQuery,
  useListWarehouseRolesQuery,
} from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { RoleLabel } from '../warehouses';

/** Members of the current warehouse with their role as text (role 1 = owner, none = no-role label). */
export function MembersCard({ warehouseId }: { warehouseId: number }) {
  const { t } = useTranslation('shell');
  const members = useListWarehouseMembersQuery(warehouseId);
  // Role names need admin rights; without them custom roles show a neutral "member" label.
  const roles = useListWarehouseRolesQuery(warehouseId);

  const roleName = (roleId: number | null): string | null => {
    if (roleId === null) return null;
    if (roleId === OWNER_ROLE_ID) return 'owner';
    return roles.data?.find((r) => r.id === roleId)?.name ?? t('roles.member');
  };

  return (
    <Card title={t('warehouse.membersTitle')}>
      {members.isLoading && <Skeleton />}
      {members.isError && <Alert kind="error">{t('errors.membersLoadFailed')}</Alert>}
      {members.data && (
        <table className="members">
          <thead>
            <tr>
              <th scope="col">{t('labels.name')}</th>
              <th scope="col">{t('labels.email')}</th>
              <th scope="col">{t('labels.role')}</th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((m) => (
              <tr key={m.id}>
                <td>{m.name}</td>
                <td>{m.email}</td>
                <td>
                  <RoleLabel role={roleName(m.pivot.role_id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

import { Alert, Checklist, EmptyState, namedRoutes, Skeleton, useListWarehouseRolesQuery } from '@lager/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from '../../../lib/namespace';

interface RoleListProps {
  warehouseId: number;
  /** Checkboxes and select all / none need delete_role. */
  selectable: boolean;
  /** Edit links need edit_role. */
  editable: boolean;
  selected: number[];
  onChange: (selected: number[]) => void;
  /** Tells the screen the listed order, which deletion follows. */
  onOrder: (ids: number[]) => void;
}

export function RoleList({ warehouseId, selectable, editable, selected, onChange, onOrder }: RoleListProps) {
  const { t } = useTranslation(NS);
  const { data: roles, isLoading, isError } = useListWarehouseRolesQuery(warehouseId);

  useEffect(() => {
    if (roles) onOrder(roles.map((r) => r.id));
  }, [roles, onOrder]);

  if (isLoading) return <Skeleton />;
  if (isError || !roles) return <Alert kind="error">{t('errors.loadRolesFailed')}</Alert>;
  if (roles.length === 0) return <EmptyState>{t('messages.noRoles')}</EmptyState>;

  return (
    <Checklist
      legend={t('labels.roles')}
      selectable={selectable}
      selected={selected}
      onChange={onChange}
      items={roles.map((role) => ({
        id: role.id,
        label: role.description ? `${role.name} – ${role.description}` : role.name,
        extra: editable && (
          // Edit is the same control on every list (warehouses, roles, articles): an outline button.
          <Link
            className="button secondary"
            to={namedRoutes.editrole(role.id)}
            aria-label={`${t('buttons.edit')}: ${role.name}`}
          >
            {t('buttons.edit')}
          </Link>
        ),
      }))}
    />
  );
}

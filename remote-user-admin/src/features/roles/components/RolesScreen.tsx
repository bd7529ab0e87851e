import { ConfirmedSubmit, namedRoutes, useFormSubmit } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from '../../../lib/namespace';
import { REQUIRED } from '../../../lib/permissions';
import { useSection } from '../../../lib/use-section';
import { DELETE_ROLES_ERRORS } from '../api/roles-api';
import { useDeleteRolesInOrder } from '../hooks/use-delete-roles';
import { RoleList } from './RoleList';

/** The roles of the current warehouse with the controls the user's permissions allow. */
export function RolesScreen({ warehouseId }: { warehouseId: number }) {
  const { t } = useTranslation(NS);
  const { can } = useSection();
  const [selected, setSelected] = useState<number[]>([]);
  const [order, setOrder] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const deleteInOrder = useDeleteRolesInOrder(warehouseId);
  const mayDelete = can(REQUIRED.deleteControls);
  // "In order" = the order the roles are listed in, not the order they were ticked.
  const queue = order.filter((id) => selected.includes(id));
  const deletion = useFormSubmit({
    ns: NS,
    initial: {},
    send: async () => {
      const { deleted, error } = await deleteInOrder(queue);
      setSelected((prev) => prev.filter((id) => !deleted.includes(id)));
      setConfirming(false);
      if (error) throw error;
    },
    errors: DELETE_ROLES_ERRORS,
    success: 'messages.rolesDeleted',
    again: true,
  });
  const busy = deletion.busy;

  const askToDelete = () => {
    if (queue.length === 0) return deletion.fail('errors.noRoleSelected');
    setConfirming(true);
  };

  return (
    <>
      <div className="actions">
        {can(REQUIRED.newRoleButton) && (
          <Link className="button" to={namedRoutes.newrole()}>
            {t('buttons.newRole')}
          </Link>
        )}
        {can(REQUIRED.assignButton) && (
          <Link className="button" to={namedRoutes.assignrole()}>
            {t('buttons.assignRole')}
          </Link>
        )}
      </div>
      {can(REQUIRED.roleList) && (
        <RoleList
          warehouseId={warehouseId}
          selectable={mayDelete}
          editable={can(REQUIRED.editLinks)}
          selected={selected}
          onChange={setSelected}
          onOrder={setOrder}
        />
      )}
      {mayDelete && can(REQUIRED.roleList) && (
        <div className="actions">
          <button type="button" className="danger" onClick={askToDelete} disabled={busy}>
            {t('buttons.deleteSelected')}
          </button>
        </div>
      )}
      <ConfirmedSubmit
        form={deletion}
        confirming={confirming}
        title={t('dialogs.deleteRolesTitle')}
        message={t('dialogs.deleteRolesText', { count: queue.length })}
        confirmLabel={t('buttons.delete')}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

import { Alert, ConfirmDialog } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from '../../../lib/namespace';
import { REQUIRED } from '../../../lib/permissions';
import { useSection } from '../../../lib/use-section';
import { useDeleteRolesInOrder } from '../hooks/use-delete-roles';
import { RoleList } from './RoleList';

type Feedback = { kind: 'error' | 'success'; text: string } | null;

/** The roles of the current warehouse with the controls the user's permissions allow. */
export function RolesScreen({ warehouseId }: { warehouseId: number }) {
  const { t } = useTranslation(NS);
  const { can } = useSection();
  const [selected, setSelected] = useState<number[]>([]);
  const [order, setOrder] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const { run, busy } = useDeleteRolesInOrder(warehouseId);
  const mayDelete = can(REQUIRED.deleteControls);
  // "In order" = the order the roles are listed in, not the order they were ticked.
  const queue = order.filter((id) => selected.includes(id));

  const askToDelete = () => {
    if (queue.length === 0) {
      setFeedback({ kind: 'error', text: t('errors.noRoleSelected') });
      return;
    }
    setFeedback(null);
    setConfirming(true);
  };

  const confirmDelete = async () => {
    const { deleted, failed } = await run(queue);
    setSelected((prev) => prev.filter((id) => !deleted.includes(id)));
    setConfirming(false);
    setFeedback(
      failed
        ? { kind: 'error', text: t('errors.deleteRolesFailed') }
        : { kind: 'success', text: t('messages.rolesDeleted') },
    );
  };

  return (
    <>
      <div className="actions">
        {can(REQUIRED.newRoleButton) && (
          <Link className="button" to="/admin/user/roles/new">
            {t('buttons.newRole')}
          </Link>
        )}
        {can(REQUIRED.assignButton) && (
          <Link className="button" to="/admin/user/roles/assign">
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
      {feedback && <Alert kind={feedback.kind}>{feedback.text}</Alert>}
      {confirming && (
        <ConfirmDialog
          title={t('dialogs.deleteRolesTitle')}
          message={t('dialogs.deleteRolesText', { count: queue.length })}
          confirmLabel={t('buttons.delete')}
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

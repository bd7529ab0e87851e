import {
  Alert,
  Checklist,
  ConfirmDialog,
  EmptyState,
  FormFeedback,
  Skeleton,
  useAuth,
  useFormSubmit,
  useListWarehouseMembersQuery,
} from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eligibleMembers } from '../../../lib/members';
import { NS } from '../../../lib/namespace';
import { REMOVE_USERS_ERRORS, useRemoveUsersMutation } from '../api/remove-api';

/** Members of the current warehouse that may be removed (never yourself, never the owner). */
export function RemoveUsersScreen({ warehouseId }: { warehouseId: number }) {
  const { t } = useTranslation(NS);
  const { user } = useAuth();
  const members = useListWarehouseMembersQuery(warehouseId);
  const [removeUsers] = useRemoveUsersMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const users = eligibleMembers(members.data ?? [], user?.id);
  // Only ids still listed are sent (the list refreshes after every removal).
  const chosen = selected.filter((id) => users.some((u) => u.id === id));
  const removal = useFormSubmit({
    ns: NS,
    initial: {},
    send: async () => {
      try {
        await removeUsers({ user_ids: chosen }).unwrap();
        setSelected([]);
      } finally {
        setConfirming(false);
      }
    },
    errors: REMOVE_USERS_ERRORS,
    success: 'messages.usersRemoved',
    again: true,
  });

  if (members.isLoading) return <Skeleton />;
  if (members.isError || !members.data) return <Alert kind="error">{t('errors.loadUsersFailed')}</Alert>;

  return (
    <>
      {users.length === 0 ? (
        <EmptyState>{t('messages.noUsers')}</EmptyState>
      ) : (
        <>
          <Checklist
            legend={t('labels.users')}
            items={users.map((m) => ({ id: m.id, label: t('labels.userOption', { name: m.name, email: m.email }) }))}
            selected={chosen}
            onChange={setSelected}
          />
          <div className="actions">
            <button
              type="button"
              className="danger"
              disabled={chosen.length === 0 || removal.busy}
              onClick={() => setConfirming(true)}
            >
              {t('buttons.removeSelected')}
            </button>
          </div>
        </>
      )}
      {!confirming && <FormFeedback feedback={removal.feedback} />}
      {confirming && (
        <ConfirmDialog
          title={t('dialogs.removeUsersTitle')}
          message={t('dialogs.removeUsersText', { count: chosen.length })}
          confirmLabel={t('buttons.remove')}
          busy={removal.busy}
          onConfirm={() => void removal.submit()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

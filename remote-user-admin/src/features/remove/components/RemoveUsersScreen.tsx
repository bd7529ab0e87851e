import {
  Alert,
  ChecklistAction,
  ConfirmedSubmit,
  EmptyState,
  Skeleton,
  useFormSubmit,
  useListSelection,
} from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEligibleMembers } from '../../../lib/members';
import { NS } from '../../../lib/namespace';
import { REMOVE_USERS_ERRORS, useRemoveUsersMutation } from '../api/remove-api';

/** Members of the current warehouse that may be removed (never yourself, never the owner). */
export function RemoveUsersScreen({ warehouseId }: { warehouseId: number }) {
  const { t } = useTranslation(NS);
  const members = useEligibleMembers(warehouseId);
  const users = members.eligible;
  const [removeUsers] = useRemoveUsersMutation();
  // Only ids still listed are sent (the list refreshes after every removal).
  const [chosen, setSelected] = useListSelection(users);
  const [confirming, setConfirming] = useState(false);
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
        <ChecklistAction
          legend={t('labels.users')}
          items={users.map((m) => ({ id: m.id, label: t('labels.userOption', { name: m.name, email: m.email }) }))}
          selected={chosen}
          onChange={setSelected}
          actionLabel={t('buttons.removeSelected')}
          onAction={() => setConfirming(true)}
          busy={removal.busy}
        />
      )}
      <ConfirmedSubmit
        form={removal}
        confirming={confirming}
        title={t('dialogs.removeUsersTitle')}
        message={t('dialogs.removeUsersText', { count: chosen.length })}
        confirmLabel={t('buttons.remove')}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

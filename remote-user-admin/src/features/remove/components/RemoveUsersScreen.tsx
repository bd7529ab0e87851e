import {
  Alert,
  Checklist,
  ConfirmDialog,
  EmptyState,
  Loading,
  useAuth,
  useGetWarehouseUsersQuery,
} from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eligibleMembers } from '../../../lib/members';
import { NS } from '../../../lib/namespace';
import { useUserAdminRemoveUsersMutation } from '../api/remove-api';

type Feedback = { kind: 'error' | 'success'; text: string } | null;

/** Members of the current warehouse that may be removed (never yourself, never the owner). */
export function RemoveUsersScreen({ warehouseId }: { warehouseId: number }) {
  const { t } = useTranslation(NS);
  const { user } = useAuth();
  const members = useGetWarehouseUsersQuery(warehouseId);
  const [removeUsers, { isLoading: pending }] = useUserAdminRemoveUsersMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  if (members.isLoading) return <Loading />;
  if (members.isError || !members.data) return <Alert kind="error">{t('errors.loadUsersFailed')}</Alert>;
  const users = eligibleMembers(members.data, user?.id);
  // Only ids still listed are sent (the list refreshes after every removal).
  const chosen = selected.filter((id) => users.some((u) => u.id === id));

  const remove = async () => {
    try {
      await removeUsers(chosen).unwrap();
      setSelected([]);
      setFeedback({ kind: 'success', text: t('messages.usersRemoved') });
    } catch (err) {
      console.error('Removing users failed', err);
      setFeedback({ kind: 'error', text: t('errors.removeUsersFailed') });
    } finally {
      setConfirming(false);
    }
  };

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
              disabled={chosen.length === 0 || pending}
              onClick={() => {
                setFeedback(null);
                setConfirming(true);
              }}
            >
              {t('buttons.removeSelected')}
            </button>
          </div>
        </>
      )}
      {feedback && <Alert kind={feedback.kind}>{feedback.text}</Alert>}
      {confirming && (
        <ConfirmDialog
          title={t('dialogs.removeUsersTitle')}
          message={t('dialogs.removeUsersText', { count: chosen.length })}
          confirmLabel={t('buttons.remove')}
          busy={pending}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

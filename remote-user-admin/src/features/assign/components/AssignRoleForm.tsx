import { Alert, allFilled, isApiError, Loading, SelectField, useAuth, useGetWarehouseUsersQuery } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eligibleMembers } from '../../../lib/members';
import { NS } from '../../../lib/namespace';
import { useUserAdminRolesQuery } from '../../../lib/roles-query';
import { serverMessage } from '../../../lib/server-text';
import { useUserAdminAssignRoleMutation } from '../api/assign-api';

type Feedback = { kind: 'error' | 'success'; text: string } | null;

/** Gives a member of the current warehouse another role (never yourself, never the owner role). */
export function AssignRoleForm({ warehouseId }: { warehouseId: number }) {
  const { t } = useTranslation(NS);
  const { user } = useAuth();
  const members = useGetWarehouseUsersQuery(warehouseId);
  const roles = useUserAdminRolesQuery(warehouseId);
  const [assignRole, { isLoading: pending }] = useUserAdminAssignRoleMutation();
  const [userId, setUserId] = useState('');
  const [roleId, setRoleId] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);

  if (members.isLoading || roles.isLoading) return <Loading />;
  if (members.isError || roles.isError || !members.data || !roles.data) {
    return <Alert kind="error">{t('errors.loadOptionsFailed')}</Alert>;
  }
  const users = eligibleMembers(members.data, user?.id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!allFilled(userId, roleId)) {
      setFeedback({ kind: 'error', text: t('common:errors.fillAllFields') });
      return;
    }
    setFeedback(null);
    try {
      await assignRole({ user_id: Number(userId), warehouse_id: warehouseId, new_role_id: Number(roleId) }).unwrap();
      setFeedback({ kind: 'success', text: t('messages.roleAssigned') });
    } catch (err) {
      console.error('Assigning the role failed', err);
      const text = isApiError(err) ? serverMessage(err) : undefined;
      setFeedback({ kind: 'error', text: text ?? t('errors.assignRoleFailed') });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {users.length === 0 && <Alert kind="info">{t('messages.noAssignableUsers')}</Alert>}
      <SelectField
        label={t('labels.user')}
        value={userId}
        onChange={(e) => setUserId(e.target.value)}
        options={users.map((m) => ({ value: m.id, label: t('labels.userOption', { name: m.name, email: m.email }) }))}
      />
      <SelectField
        label={t('labels.role')}
        value={roleId}
        onChange={(e) => setRoleId(e.target.value)}
        options={roles.data.map((r) => ({ value: r.id, label: r.name }))}
      />
      {feedback && <Alert kind={feedback.kind}>{feedback.text}</Alert>}
      <div className="actions">
        <button type="submit" disabled={pending} aria-busy={pending}>
          {t('buttons.assign')}
        </button>
      </div>
    </form>
  );
}

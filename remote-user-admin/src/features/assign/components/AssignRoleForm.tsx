import {
  Alert,
  allFilled,
  FormActions,
  Loading,
  SelectField,
  useFormSubmit,
  useListWarehouseRolesQuery,
} from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { useEligibleMembers } from '../../../lib/members';
import { NS } from '../../../lib/namespace';
import { ASSIGN_ROLE_ERRORS, useAssignUserRoleMutation } from '../api/assign-api';

/** Gives a member of the current warehouse another role (never yourself, never the owner role). */
export function AssignRoleForm({ warehouseId }: { warehouseId: number }) {
  const { t } = useTranslation(NS);
  const members = useEligibleMembers(warehouseId);
  const roles = useListWarehouseRolesQuery(warehouseId);
  const [assignRole] = useAssignUserRoleMutation();
  const form = useFormSubmit({
    ns: NS,
    initial: { user_id: '', role_id: '' },
    validate: (v) => (allFilled(v.user_id, v.role_id) ? undefined : 'common:errors.fillAllFields'),
    send: (v) =>
      assignRole({ user_id: Number(v.user_id), warehouse_id: warehouseId, new_role_id: Number(v.role_id) }).unwrap(),
    errors: ASSIGN_ROLE_ERRORS,
    success: 'messages.roleAssigned',
    // Another member can get a role next; the choice stays on screen.
    again: true,
    keepValues: true,
  });

  if (members.isLoading || roles.isLoading) return <Loading />;
  if (members.isError || roles.isError || !members.data || !roles.data) {
    return <Alert kind="error">{t('errors.loadOptionsFailed')}</Alert>;
  }
  const users = members.eligible;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      {users.length === 0 && <Alert kind="info">{t('messages.noAssignableUsers')}</Alert>}
      <SelectField
        label={t('labels.user')}
        {...form.field('user_id')}
        options={users.map((m) => ({ value: m.id, label: t('labels.userOption', { name: m.name, email: m.email }) }))}
      />
      <SelectField
        label={t('labels.role')}
        {...form.field('role_id')}
        options={roles.data.map((r) => ({ value: r.id, label: r.name }))}
      />
      <FormActions form={form} submitLabel={t('buttons.assign')} />
    </form>
  );
}

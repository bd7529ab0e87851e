import { Alert, Checklist, FormFeedback, isBlank, Loading, TextField, useFormSubmit } from '@lager/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/namespace';
import {
  type RoleInput,
  SAVE_ROLE_ERRORS,
  useUserAdminCreateRoleMutation,
  useUserAdminPermissionsQuery,
  useUserAdminUpdateRoleMutation,
} from '../api/roles-api';

interface RoleFormProps {
  /** Absent for a new role. */
  roleId?: number;
  draftKey: string;
  /** A stored draft wins over these values, so unsaved edits survive a reload. */
  initial: RoleInput;
}

export function RoleForm({ roleId, draftKey, initial }: RoleFormProps) {
  const { t } = useTranslation(NS);
  const permissions = useUserAdminPermissionsQuery();
  const [createRole] = useUserAdminCreateRoleMutation();
  const [updateRole] = useUserAdminUpdateRoleMutation();
  const form = useFormSubmit({
    ns: NS,
    initial,
    draftKey,
    // The button stays disabled until then (spec §2); a submit by Enter is refused the same way.
    validate: (v) => (isComplete(v) ? undefined : 'common:errors.fillAllFields'),
    send: (v) => {
      const input = { name: v.name.trim(), description: v.description.trim(), permissions: v.permissions };
      return roleId === undefined ? createRole(input).unwrap() : updateRole({ id: roleId, ...input }).unwrap();
    },
    errors: SAVE_ROLE_ERRORS,
    after: { ms: 0, to: '/admin/user/roles' },
  });
  const { values, setField, clearDraft } = form;
  const pristine = sameRole(values, initial);

  // Runs after useDraft stores the values: only real edits are kept, so an untouched
  // edit form never shadows later changes made on the server.
  useEffect(() => {
    if (pristine) clearDraft();
  }, [pristine, values, clearDraft]);

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <TextField
        label={t('labels.roleName')}
        value={values.name}
        onChange={(e) => setField('name', e.target.value)}
        required
      />
      <TextField
        label={t('labels.description')}
        value={values.description}
        onChange={(e) => setField('description', e.target.value)}
      />
      {permissions.isLoading && <Loading />}
      {permissions.isError && <Alert kind="error">{t('errors.loadPermissionsFailed')}</Alert>}
      {permissions.data && (
        <Checklist
          legend={t('labels.permissions')}
          items={permissions.data.map((p) => ({
            id: p.id,
            label: t(`permissions.${p.name}`, { defaultValue: p.description }),
          }))}
          selected={values.permissions}
          onChange={(ids) => setField('permissions', ids)}
        />
      )}
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        <button type="submit" disabled={!isComplete(values) || form.busy || form.done} aria-busy={form.busy}>
          {t('buttons.saveRole')}
        </button>
      </div>
    </form>
  );
}

const isComplete = (v: RoleInput) => !isBlank(v.name) && v.permissions.length > 0;

function sameRole(a: RoleInput, b: RoleInput): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.permissions.length === b.permissions.length &&
    a.permissions.every((id) => b.permissions.includes(id))
  );
}

import { Alert, Checklist, hasFieldError, isApiError, isBlank, Loading, TextField, useDraft } from '@lager/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NS } from '../../../lib/namespace';
import {
  type RoleInput,
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
  const navigate = useNavigate();
  const { values, setField, clearDraft } = useDraft(draftKey, initial);
  const permissions = useUserAdminPermissionsQuery();
  const [createRole, createState] = useUserAdminCreateRoleMutation();
  const [updateRole, updateState] = useUserAdminUpdateRoleMutation();
  const [error, setError] = useState<string>();
  const pending = createState.isLoading || updateState.isLoading;
  const complete = !isBlank(values.name) && values.permissions.length > 0;
  const pristine = sameRole(values, initial);

  // Runs after useDraft stores the values: only real edits are kept, so an untouched
  // edit form never shadows later changes made on the server.
  useEffect(() => {
    if (pristine) clearDraft();
  }, [pristine, values, clearDraft]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || pending) return;
    setError(undefined);
    const input = { name: values.name.trim(), description: values.description.trim(), permissions: values.permissions };
    try {
      if (roleId === undefined) await createRole(input).unwrap();
      else await updateRole({ id: roleId, ...input }).unwrap();
      clearDraft();
      navigate('/admin/user/roles');
    } catch (err) {
      console.error('Saving the role failed', err);
      const nameTaken = isApiError(err) && err.status === 422 && hasFieldError(err, 'name');
      setError(t(nameTaken ? 'errors.roleNameTaken' : 'errors.saveRoleFailed'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
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
      <Alert kind="error">{error}</Alert>
      <div className="actions">
        <button type="submit" disabled={!complete || pending} aria-busy={pending}>
          {t('buttons.saveRole')}
        </button>
      </div>
    </form>
  );
}

function sameRole(a: RoleInput, b: RoleInput): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.permissions.length === b.permissions.length &&
    a.permissions.every((id) => b.permissions.includes(id))
  );
}

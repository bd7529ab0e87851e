import {
  Alert,
  Checklist,
  FormActions,
  isBlank,
  LIMITS,
  Loading,
  namedRoutes,
  PERMISSION_GROUPS,
  type PermissionGroup,
  TextField,
  tooLong,
  useFormSubmit,
} from '@lager/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '../../../api/generated';
import { NS } from '../../../lib/namespace';
import {
  SAVE_ROLE_ERRORS,
  useCreateRoleMutation,
  useListPermissionsQuery,
  useUpdateRoleMutation,
} from '../api/roles-api';

/** The form's state (a type alias: useDraft needs an index-compatible record). */
export type RoleFormValues = { name: string; description: string; permissions: number[] };

interface RoleFormProps {
  /** Absent for a new role. */
  roleId?: number;
  draftKey: string;
  /** A stored draft wins over these values, so unsaved edits survive a reload. */
  initial: RoleFormValues;
}

export function RoleForm({ roleId, draftKey, initial }: RoleFormProps) {
  const { t } = useTranslation(NS);
  const permissions = useListPermissionsQuery();
  const [createRole] = useCreateRoleMutation();
  const [updateRole] = useUpdateRoleMutation();
  const form = useFormSubmit({
    ns: NS,
    initial,
    draftKey,
    // The button stays disabled until then (spec §2); a submit by Enter is refused the same way.
    // Then the API's length limits, on the field.
    validate: (v) =>
      isComplete(v)
        ? tooLong(v, { name: LIMITS.roleNameMax, description: LIMITS.roleDescriptionMax })
        : 'common:errors.fillAllFields',
    send: (v) => {
      const input = { name: v.name.trim(), description: v.description.trim(), permissions: v.permissions };
      return roleId === undefined ? createRole(input).unwrap() : updateRole({ roleId, body: input }).unwrap();
    },
    errors: SAVE_ROLE_ERRORS,
    after: { ms: 0, to: namedRoutes.userroles() },
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
      <TextField label={t('labels.roleName')} {...form.field('name')} required />
      <TextField label={t('labels.description')} {...form.field('description')} />
      {permissions.isLoading && <Loading />}
      {permissions.isError && <Alert kind="error">{t('errors.loadPermissionsFailed')}</Alert>}
      {permissions.data && (
        <fieldset className="permission-groups">
          <legend>{t('labels.permissions')}</legend>
          {groupPermissions(permissions.data).map(({ group, items }) => {
            const ids = items.map((p) => p.id);
            return (
              <Checklist
                key={group}
                legend={t(`permissionGroups.${group}`)}
                items={items.map((p) => ({
                  id: p.id,
                  label: t(`permissions.${p.name}`, { defaultValue: p.description }),
                }))}
                selected={values.permissions.filter((id) => ids.includes(id))}
                // Select all/none and each tick act on this group; the other group's choice stays.
                onChange={(chosen) =>
                  setField('permissions', [...values.permissions.filter((id) => !ids.includes(id)), ...chosen])
                }
              />
            );
          })}
        </fieldset>
      )}
      <FormActions form={form} submitLabel={t('buttons.saveRole')} disabled={!isComplete(values)} />
    </form>
  );
}

/**
 * The permissions in the groups of stock-spec.md ("Benutzer und Rollen", "Bestand"), each in
 * the contract's order; a name the contract does not know joins the first group.
 */
function groupPermissions(list: Permission[]): { group: PermissionGroup; items: Permission[] }[] {
  const groups = Object.entries(PERMISSION_GROUPS) as [PermissionGroup, readonly string[]][];
  const rank = (p: Permission) => groups.flatMap(([, names]) => names).indexOf(p.name);
  return groups
    .map(([group, names], index) => ({
      group,
      items: list
        .filter((p) => names.includes(p.name) || (index === 0 && rank(p) === -1))
        .sort((a, b) => (rank(a) === -1 ? 1 : rank(b) === -1 ? -1 : rank(a) - rank(b))),
    }))
    .filter(({ items }) => items.length > 0);
}

const isComplete = (v: RoleFormValues) => !isBlank(v.name) && v.permissions.length > 0;

function sameRole(a: RoleFormValues, b: RoleFormValues): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.permissions.length === b.permissions.length &&
    a.permissions.every((id) => b.permissions.includes(id))
  );
}

import {
  Alert,
  allFilled,
  DELAYS,
  EmptyState,
  FormActions,
  isEmail,
  LIMITS,
  Loading,
  namedRoutes,
  SelectField,
  TextField,
  tooLong,
  useFormSubmit,
  useListRolesQuery,
} from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from '../../../lib/namespace';
import { INVITE_ERRORS, useSendInvitationMutation } from '../api/invite-api';

type InviteValues = { email: string; role_id: string };

/** Spec §5: both fields, then a valid e-mail; then the API's length limit, on the e-mail. */
const inviteError = (v: InviteValues) => {
  if (!allFilled(v.email, v.role_id)) return 'common:errors.fillAllFields';
  if (!isEmail(v.email)) return 'common:errors.invalidEmail';
  return tooLong(v, { email: LIMITS.emailMax });
};

export function InviteUserForm() {
  const { t } = useTranslation(NS);
  // Without an id the server lists the roles of the current warehouse (spec §7).
  const roles = useListRolesQuery();
  const [sendInvitation] = useSendInvitationMutation();
  const form = useFormSubmit({
    ns: NS,
    initial: { email: '', role_id: '' } as InviteValues,
    draftKey: 'invite-user',
    validate: inviteError,
    send: (v) => sendInvitation({ email: v.email.trim(), role_id: Number(v.role_id) }).unwrap(),
    errors: INVITE_ERRORS,
    success: 'messages.invitationSent',
    keepValues: true,
    after: { ms: DELAYS.inviteReload, reload: true },
  });

  // Every invitation gives a role: without one there is nothing to choose, so say what comes first.
  if (roles.data && roles.data.length === 0) {
    return (
      <EmptyState
        action={
          <Link className="button" to={namedRoutes.newrole()}>
            {t('buttons.createFirstRole')}
          </Link>
        }
      >
        <p>{t('hints.noRolesForInvite')}</p>
      </EmptyState>
    );
  }

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <TextField label={t('labels.email')} type="email" autoComplete="off" {...form.field('email')} />
      <SelectField
        label={t('labels.role')}
        {...form.field('role_id')}
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        disabled={roles.isLoading}
      />
      {roles.isLoading && <Loading />}
      {roles.isError && <Alert kind="error">{t('errors.loadRolesFailed')}</Alert>}
      <FormActions form={form} submitLabel={t('buttons.sendInvitation')} />
    </form>
  );
}

import {
  Alert,
  allFilled,
  browser,
  DELAYS,
  isEmail,
  Loading,
  SelectField,
  TextField,
  useDelayed,
  useDraft,
} from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/namespace';
import { useUserAdminRolesQuery } from '../../../lib/roles-query';
import { useUserAdminSendInvitationMutation } from '../api/invite-api';
import { inviteErrorKey } from '../invite-errors';

const EMPTY = { email: '', role_id: '' };
type Feedback = { kind: 'error' | 'success'; text: string } | null;

export function InviteUserForm() {
  const { t } = useTranslation(NS);
  const { values, setField, clearDraft } = useDraft('invite-user', EMPTY);
  // Without an id the server lists the roles of the current warehouse (spec §7).
  const roles = useUserAdminRolesQuery(undefined);
  const [sendInvitation, { isLoading }] = useUserAdminSendInvitationMutation();
  const [sent, setSent] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const schedule = useDelayed();
  const busy = isLoading || sent;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!allFilled(values.email, values.role_id)) {
      setFeedback({ kind: 'error', text: t('common:errors.fillAllFields') });
      return;
    }
    if (!isEmail(values.email)) {
      setFeedback({ kind: 'error', text: t('common:errors.invalidEmail') });
      return;
    }
    setFeedback(null);
    try {
      await sendInvitation({ email: values.email.trim(), role_id: Number(values.role_id) }).unwrap();
      clearDraft();
      setSent(true);
      setFeedback({ kind: 'success', text: t('messages.invitationSent') });
      schedule(() => browser.reload(), DELAYS.inviteReload);
    } catch (err) {
      console.error('Sending the invitation failed', err);
      setFeedback({ kind: 'error', text: t(inviteErrorKey(err)) });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={t('labels.email')}
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={(e) => setField('email', e.target.value)}
      />
      <SelectField
        label={t('labels.role')}
        value={values.role_id}
        onChange={(e) => setField('role_id', e.target.value)}
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        disabled={roles.isLoading}
      />
      {roles.isLoading && <Loading />}
      {roles.isError && <Alert kind="error">{t('errors.loadRolesFailed')}</Alert>}
      {feedback && <Alert kind={feedback.kind}>{feedback.text}</Alert>}
      <div className="actions">
        <button type="submit" disabled={busy} aria-busy={isLoading}>
          {t('buttons.sendInvitation')}
        </button>
      </div>
    </form>
  );
}

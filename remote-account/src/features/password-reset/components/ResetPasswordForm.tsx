import { Alert, allFilled, DELAYS, TextField, useDelayed } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAccountTranslation } from '../../../lib/i18n';
import { newPasswordError } from '../../../lib/password-rules';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { type ResetTokenArgs, useAccountResetPasswordMutation } from '../api/password-reset-api';

const EMPTY = { password: '', password_confirmation: '' };

/** Only password fields, so there is no draft: passwords are never stored. */
export function ResetPasswordForm({ link }: { link: ResetTokenArgs }) {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [resetPassword] = useAccountResetPasswordMutation();
  const { busy, run } = useSingleFlight();
  const schedule = useDelayed();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (done) return;
    const invalid = allFilled(values.password, values.password_confirmation)
      ? newPasswordError(values.password, values.password_confirmation)
      : 'common:errors.fillAllFields';
    if (invalid) {
      setError(t(invalid));
      return;
    }
    void run(async () => {
      setError(undefined);
      try {
        await resetPassword({ ...link, ...values }).unwrap();
        setValues(EMPTY);
        setDone(true);
        schedule(() => navigate('/login'), DELAYS.resetRedirect);
      } catch {
        setError(t('errors.passwordResetFailed'));
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="field-hint">{t('hints.resetFor', { email: link.email })}</p>
      <TextField
        label={t('labels.newPassword')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => setValues((prev) => ({ ...prev, password: e.target.value }))}
      />
      <TextField
        label={t('labels.newPasswordConfirmation')}
        type="password"
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={(e) => setValues((prev) => ({ ...prev, password_confirmation: e.target.value }))}
      />
      <Alert kind="error">{error}</Alert>
      <Alert kind="success">{done && t('messages.passwordReset')}</Alert>
      <div className="actions">
        <button type="submit" disabled={busy || done} aria-busy={busy}>
          {t('buttons.resetPassword')}
        </button>
      </div>
    </form>
  );
}

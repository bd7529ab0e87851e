import { Alert, allFilled, browser, Card, DELAYS, normalizeError, TextField, useDelayed } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useAccountTranslation } from '../../../lib/i18n';
import { newPasswordError } from '../../../lib/password-rules';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { type PasswordChange, useAccountChangePasswordMutation } from '../api/profile-api';
import { passwordChangeFailureKey } from './profile-rules';

const EMPTY: PasswordChange = { current_password: '', password: '', password_confirmation: '' };

/** Only password fields, so there is no draft: passwords are never stored. */
export function ChangePasswordCard() {
  const { t } = useAccountTranslation();
  const [values, setValues] = useState(EMPTY);
  const [change] = useAccountChangePasswordMutation();
  const { busy, run } = useSingleFlight();
  const schedule = useDelayed();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (done) return;
    const invalid = allFilled(values.current_password, values.password, values.password_confirmation)
      ? newPasswordError(values.password, values.password_confirmation)
      : 'common:errors.fillAllFields';
    if (invalid) {
      setError(t(invalid));
      return;
    }
    void run(async () => {
      setError(undefined);
      try {
        await change(values).unwrap();
        setValues(EMPTY);
        setDone(true);
        schedule(() => browser.reload(), DELAYS.passwordReload);
      } catch (err) {
        setError(t(passwordChangeFailureKey(normalizeError(err))));
      }
    });
  };

  const field = (name: keyof PasswordChange, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setValues((prev) => ({ ...prev, [name]: e.target.value }))}
    />
  );

  return (
    <Card title={t('titles.changePassword')}>
      <form onSubmit={submit} noValidate>
        {field('current_password', t('labels.currentPassword'), 'current-password')}
        {field('password', t('labels.newPassword'), 'new-password')}
        {field('password_confirmation', t('labels.newPasswordConfirmation'), 'new-password')}
        <Alert kind="error">{error}</Alert>
        <Alert kind="success">{done && t('messages.passwordUpdated')}</Alert>
        <div className="actions">
          <button type="submit" disabled={busy || done} aria-busy={busy}>
            {t('buttons.changePassword')}
          </button>
        </div>
      </form>
    </Card>
  );
}

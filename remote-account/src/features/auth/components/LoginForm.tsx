import { Alert, allFilled, browser, DELAYS, TextField, useDelayed, useDraft } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAccountTranslation } from '../../../lib/i18n';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAccountLoginMutation } from '../api/auth-api';

const EMPTY = { email: '', password: '' };

export function LoginForm() {
  const { t } = useAccountTranslation();
  const { values, setField, reset } = useDraft('account-login', EMPTY);
  const [login] = useAccountLoginMutation();
  const { busy, run } = useSingleFlight();
  const schedule = useDelayed();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (done) return;
    const email = values.email.trim();
    if (!allFilled(email, values.password)) {
      setError(t('common:errors.fillAllFields'));
      return;
    }
    void run(async () => {
      setError(undefined);
      try {
        await login({ email, password: values.password }).unwrap();
        reset();
        setDone(true);
        // Spec §4: a full reload starts the app with the new session.
        schedule(() => browser.reload(), DELAYS.loginReload);
      } catch {
        setError(t('errors.loginFailed'));
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('labels.email')}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => setField('email', e.target.value)}
      />
      <TextField
        label={t('labels.password')}
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setField('password', e.target.value)}
      />
      <Alert kind="error">{error}</Alert>
      <Alert kind="success">{done && t('messages.loginSuccess')}</Alert>
      <div className="actions">
        <button type="submit" disabled={busy || done} aria-busy={busy}>
          {t('buttons.login')}
        </button>
        <Link to="/forgotpassword">{t('buttons.forgotPassword')}</Link>
      </div>
    </form>
  );
}

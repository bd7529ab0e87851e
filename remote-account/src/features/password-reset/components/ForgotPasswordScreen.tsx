import { Alert, Card, DELAYS, isEmail, Page, TextField, useDelayed, useDraft } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAccountTranslation } from '../../../lib/i18n';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAccountForgotPasswordMutation } from '../api/password-reset-api';

const EMPTY = { email: '' };

export function ForgotPasswordScreen() {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const { values, setField, reset } = useDraft('account-forgot-password', EMPTY);
  const [requestLink] = useAccountForgotPasswordMutation();
  const { busy, run } = useSingleFlight();
  const schedule = useDelayed();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (done) return;
    const email = values.email.trim();
    if (!isEmail(email)) {
      setError(t('common:errors.invalidEmail'));
      return;
    }
    void run(async () => {
      setError(undefined);
      try {
        await requestLink(email).unwrap();
        reset();
        setDone(true);
        schedule(() => navigate('/login'), DELAYS.forgotPasswordRedirect);
      } catch {
        setError(t('errors.resetFailed'));
      }
    });
  };

  return (
    <Page title={t('titles.forgotPassword')}>
      <Card>
        <form onSubmit={submit} noValidate>
          <p>{t('hints.forgotPassword')}</p>
          <TextField
            label={t('labels.email')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => setField('email', e.target.value)}
          />
          <Alert kind="error">{error}</Alert>
          <Alert kind="success">{done && t('messages.resetLinkSent')}</Alert>
          <div className="actions">
            <button type="submit" disabled={busy || done} aria-busy={busy}>
              {t('buttons.sendResetLink')}
            </button>
          </div>
        </form>
      </Card>
    </Page>
  );
}

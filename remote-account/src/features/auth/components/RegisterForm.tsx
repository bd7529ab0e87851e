import { Alert, DELAYS, normalizeError, TextField, useDelayed, useDraft } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAccountTranslation } from '../../../lib/i18n';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAccountRegisterMutation, useLazyAccountCheckEmailQuery } from '../api/auth-api';
import { EMPTY_REGISTRATION, type RegisterValues, registerFailureKey, registrationError } from './register-rules';
import { TermsDialog } from './TermsDialog';

type Stage = 'form' | 'checking' | 'terms' | 'registering' | 'done';

const PROGRESS: Partial<Record<Stage, string>> = {
  checking: 'messages.checkingEmail',
  registering: 'messages.registering',
};

/** Spec §4: valid form → e-mail availability check → terms popup → register → /login. */
export function RegisterForm() {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const { values, setField, reset } = useDraft<RegisterValues>('account-register', EMPTY_REGISTRATION);
  const [checkEmail] = useLazyAccountCheckEmailQuery();
  const [register] = useAccountRegisterMutation();
  const { busy, run } = useSingleFlight();
  const schedule = useDelayed();
  const [stage, setStage] = useState<Stage>('form');
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (stage !== 'form') return;
    const invalid = registrationError(values);
    if (invalid) {
      setError(t(invalid));
      return;
    }
    void run(async () => {
      setError(undefined);
      setStage('checking');
      try {
        const { available } = await checkEmail(values.email.trim()).unwrap();
        if (available) return setStage('terms');
        setError(t('errors.email_unique'));
      } catch {
        setError(t('errors.errorOccurred'));
      }
      setStage('form');
    });
  };

  const declineTerms = () => {
    setStage('form');
    setError(t('errors.termsNotAccepted'));
  };

  const acceptTerms = () =>
    run(async () => {
      setStage('registering');
      try {
        await register({
          name: values.name.trim(),
          email: values.email.trim(),
          password: values.password,
          password_confirmation: values.password_confirmation,
          accept_terms: true,
        }).unwrap();
        reset();
        setStage('done');
        schedule(() => navigate('/login'), DELAYS.registrationRedirect);
      } catch (err) {
        setError(t(registerFailureKey(normalizeError(err))));
        setStage('form');
      }
    });

  const field = (name: keyof RegisterValues, label: string, type: string, autoComplete: string) => (
    <TextField
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setField(name, e.target.value)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      {field('name', t('labels.name'), 'text', 'name')}
      {field('email', t('labels.email'), 'email', 'email')}
      {field('password', t('labels.password'), 'password', 'new-password')}
      {field('password_confirmation', t('labels.passwordConfirmation'), 'password', 'new-password')}
      <Alert kind="error">{error}</Alert>
      <Alert kind="info">{PROGRESS[stage] && t(PROGRESS[stage])}</Alert>
      <Alert kind="success">{stage === 'done' && t('messages.registrationSuccess')}</Alert>
      <div className="actions">
        <button type="submit" disabled={busy || stage !== 'form'} aria-busy={busy}>
          {t('buttons.register')}
        </button>
      </div>
      {stage === 'terms' && <TermsDialog onAccept={acceptTerms} onDecline={declineTerms} />}
    </form>
  );
}

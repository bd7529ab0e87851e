import { DELAYS, FormActions, FormFailure, isThrottled, loginPath, TextField, useFormSubmit } from '@lager/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { rememberReturnPath, useReturnPath } from '../../../lib/return-path';
import { REGISTER_ERRORS, useLazyCheckEmailQuery, useRegisterMutation } from '../api/auth-api';
import { EMPTY_REGISTRATION, type RegisterValues, registrationError } from './register-rules';
import { TermsDialog } from './TermsDialog';

type TermsAnswer = { accept: () => void; decline: () => void };

/** Router state of the redirect to /login after registering (LoginForm shows the success message). */
const REGISTERED = { registered: true } as const;

/** Spec §4: valid form → e-mail availability check → terms popup → register → /login. */
export function RegisterForm() {
  const { t } = useAccountTranslation();
  const [checkEmail] = useLazyCheckEmailQuery();
  const [register] = useRegisterMutation();
  const [terms, setTerms] = useState<TermsAnswer | null>(null);
  const navigate = useNavigate();
  const next = useReturnPath();

  /** The popup as a step of the submit: Accept goes on, Decline ends it with termsNotAccepted. */
  const askForTerms = () =>
    new Promise<void>((resolve, reject) =>
      setTerms({
        accept: () => {
          setTerms(null);
          resolve();
        },
        decline: () => {
          setTerms(null);
          reject(new FormFailure('errors.termsNotAccepted'));
        },
      }),
    );

  const form = useFormSubmit({
    ns: ACCOUNT_TEXTS,
    initial: EMPTY_REGISTRATION,
    draftKey: 'account-register',
    validate: registrationError,
    send: async (v: RegisterValues, progress) => {
      const email = v.email.trim();
      progress('messages.checkingEmail');
      const check = await checkEmail(email)
        .unwrap()
        .catch((error: unknown) => {
          // Too many checks: say how long to wait (the form's throttle message), not "error occurred".
          if (isThrottled(error)) throw error;
          throw new FormFailure('errors.errorOccurred');
        });
      if (!check.available) throw new FormFailure('errors.email_unique');
      progress(null);
      await askForTerms();
      progress('messages.registering');
      const { name, password, password_confirmation } = v;
      return register({ name: name.trim(), email, password, password_confirmation, accept_terms: true }).unwrap();
    },
    errors: REGISTER_ERRORS,
    success: 'messages.registrationSuccess',
    // The login page repeats the success message: the user reads it where they log in next.
    // `next` goes on to the login and, kept, to the tab the verification mail's link opens.
    after: {
      ms: DELAYS.registrationRedirect,
      run: () => {
        rememberReturnPath(next);
        navigate(loginPath(next), { state: REGISTERED });
      },
    },
  });

  const field = (name: keyof RegisterValues, label: string, type: string, autoComplete: string) => (
    <TextField label={label} type={type} autoComplete={autoComplete} {...form.field(name)} />
  );

  return (
    <form onSubmit={form.onSubmit} noValidate>
      {field('name', t('labels.name'), 'text', 'name')}
      {field('email', t('labels.email'), 'email', 'email')}
      {field('password', t('labels.password'), 'password', 'new-password')}
      {field('password_confirmation', t('labels.passwordConfirmation'), 'password', 'new-password')}
      <FormActions form={form} submitLabel={t('buttons.register')} />
      {terms && <TermsDialog onAccept={terms.accept} onDecline={terms.decline} />}
    </form>
  );
}

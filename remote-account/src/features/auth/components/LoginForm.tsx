import {
  Alert,
  allFilled,
  announceSession,
  DELAYS,
  FormActions,
  namedRoutes,
  TextField,
  useFormSubmit,
} from '@lager/shared';
import { Link, useLocation } from 'react-router-dom';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { useReturnPath, withNext } from '../../../lib/return-path';
import { LOGIN_ERRORS, useLoginMutation } from '../api/auth-api';
import { RetryCountdown } from './RetryCountdown';
import { useRetryCountdown } from './use-retry-countdown';

export function LoginForm() {
  const { t } = useAccountTranslation();
  const [login] = useLoginMutation();
  const next = useReturnPath();
  const retry = useRetryCountdown();
  // Arrived from a successful registration (RegisterForm's redirect): the message stays readable here.
  const registered = (useLocation().state as { registered?: boolean } | null)?.registered === true;
  const form = useFormSubmit({
    ns: ACCOUNT_TEXTS,
    initial: { email: '', password: '' },
    draftKey: 'account-login',
    validate: (v) => (allFilled(v.email, v.password) ? undefined : 'common:errors.fillAllFields'),
    // A throttled try (429) counts down to the next allowed one; the submit waits for it.
    send: async (v) => {
      const result = await retry.watch(login({ email: v.email.trim(), password: v.password }).unwrap());
      // The new session is every tab's: the others start anew with it (the shell's useSessionSync).
      announceSession({ type: 'login', userId: result.user.id });
      return result;
    },
    errors: LOGIN_ERRORS,
    success: 'messages.loginSuccess',
    // Spec §4: a full reload starts the app with the new session (the guard then follows `next`).
    after: { ms: DELAYS.loginReload, reload: true },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      {registered && !form.feedback && <Alert kind="success">{t('messages.registrationSuccess')}</Alert>}
      <TextField label={t('labels.email')} type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label={t('labels.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <RetryCountdown left={retry.left} ready={retry.ready} />
      {/* Once the wait is over, its message no longer holds. */}
      <FormActions
        form={retry.ready ? { ...form, feedback: null } : form}
        submitLabel={t('buttons.login')}
        disabled={retry.left > 0}
      >
        <Link to={withNext(namedRoutes.forgotpassword(), next)}>{t('buttons.forgotPassword')}</Link>
      </FormActions>
    </form>
  );
}

import { DELAYS, FormFeedback, TextField, useFormSubmit } from '@lager/shared';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { passwordFormError } from '../../../lib/password-rules';
import { RESET_PASSWORD_ERRORS, type ResetLink, useResetPasswordMutation } from '../api/password-reset-api';

/** Only password fields, so there is no draft: passwords are never stored. */
export function ResetPasswordForm({ link }: { link: ResetLink }) {
  const { t } = useAccountTranslation();
  const [resetPassword] = useResetPasswordMutation();
  const form = useFormSubmit({
    ns: ACCOUNT_TEXTS,
    initial: { password: '', password_confirmation: '' },
    validate: passwordFormError,
    send: (v) => resetPassword({ ...link, ...v }).unwrap(),
    errors: RESET_PASSWORD_ERRORS,
    success: 'messages.passwordReset',
    after: { ms: DELAYS.resetRedirect, to: '/login' },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <p className="field-hint">{t('hints.resetFor', { email: link.email })}</p>
      <TextField
        label={t('labels.newPassword')}
        type="password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(e) => form.setField('password', e.target.value)}
      />
      <TextField
        label={t('labels.newPasswordConfirmation')}
        type="password"
        autoComplete="new-password"
        value={form.values.password_confirmation}
        onChange={(e) => form.setField('password_confirmation', e.target.value)}
      />
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        <button type="submit" disabled={form.busy || form.done} aria-busy={form.busy}>
          {t('buttons.resetPassword')}
        </button>
      </div>
    </form>
  );
}

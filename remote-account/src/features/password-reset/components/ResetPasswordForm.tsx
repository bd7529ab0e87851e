import { DELAYS, FormActions, namedRoutes, TextField, useFormSubmit } from '@lager/shared';
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
    after: { ms: DELAYS.resetRedirect, to: namedRoutes.login() },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <p className="field-hint">{t('hints.resetFor', { email: link.email })}</p>
      <TextField
        label={t('labels.newPassword')}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <TextField
        label={t('labels.newPasswordConfirmation')}
        type="password"
        autoComplete="new-password"
        {...form.field('password_confirmation')}
      />
      <FormActions form={form} submitLabel={t('buttons.resetPassword')} />
    </form>
  );
}

import { DELAYS, FormActions, loginPath, TextField, useFormSubmit } from '@lager/shared';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { passwordFormError } from '../../../lib/password-rules';
import { takeReturnPath } from '../../../lib/return-path';
import { RESET_PASSWORD_ERRORS, type ResetLink, useResetPasswordMutation } from '../api/password-reset-api';

/** Only password fields, so there is no draft: passwords are never stored. */
export function ResetPasswordForm({ link }: { link: ResetLink }) {
  const { t } = useAccountTranslation();
  const [resetPassword] = useResetPasswordMutation();
  const navigate = useNavigate();
  const form = useFormSubmit({
    ns: ACCOUNT_TEXTS,
    initial: { password: '', password_confirmation: '' },
    validate: passwordFormError,
    send: (v) => resetPassword({ ...link, ...v }).unwrap(),
    errors: RESET_PASSWORD_ERRORS,
    success: 'messages.passwordReset',
    // To the login, and from there where the user wanted to go before asking for the link.
    after: { ms: DELAYS.resetRedirect, run: () => navigate(loginPath(takeReturnPath())) },
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

import { Card, DELAYS, FormActions, TextField, useFormSubmit } from '@lager/shared';
import type { UpdatePasswordApiArg } from '../../../api/generated';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { passwordFormError } from '../../../lib/password-rules';
import { PASSWORD_CHANGE_ERRORS, useUpdatePasswordMutation } from '../api/profile-api';

const EMPTY: UpdatePasswordApiArg = { current_password: '', password: '', password_confirmation: '' };

/** Only password fields, so there is no draft: passwords are never stored. */
export function ChangePasswordCard() {
  const { t } = useAccountTranslation();
  const [change] = useUpdatePasswordMutation();
  const form = useFormSubmit({
    ns: ACCOUNT_TEXTS,
    initial: EMPTY,
    validate: passwordFormError,
    send: (v) => change(v).unwrap(),
    errors: PASSWORD_CHANGE_ERRORS,
    success: 'messages.passwordUpdated',
    after: { ms: DELAYS.passwordReload, reload: true },
  });

  const field = (name: keyof UpdatePasswordApiArg, label: string, autoComplete: string) => (
    <TextField label={label} type="password" autoComplete={autoComplete} {...form.field(name)} />
  );

  return (
    <Card title={t('titles.changePassword')}>
      <form onSubmit={form.onSubmit} noValidate>
        {field('current_password', t('labels.currentPassword'), 'current-password')}
        {field('password', t('labels.newPassword'), 'new-password')}
        {field('password_confirmation', t('labels.newPasswordConfirmation'), 'new-password')}
        <FormActions form={form} submitLabel={t('buttons.changePassword')} />
      </form>
    </Card>
  );
}

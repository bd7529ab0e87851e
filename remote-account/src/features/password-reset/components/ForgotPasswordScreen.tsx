import { Card, DELAYS, FormActions, isEmail, loginPath, Page, TextField, useFormSubmit } from '@lager/shared';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { rememberReturnPath, useReturnPath } from '../../../lib/return-path';
import { FORGOT_PASSWORD_ERRORS, useForgotPasswordMutation } from '../api/password-reset-api';

export function ForgotPasswordScreen() {
  const { t } = useAccountTranslation();
  const [requestLink] = useForgotPasswordMutation();
  const next = useReturnPath();
  const form = useFormSubmit({
    ns: ACCOUNT_TEXTS,
    initial: { email: '' },
    draftKey: 'account-forgot-password',
    validate: (v) => (isEmail(v.email) ? undefined : 'common:errors.invalidEmail'),
    send: (v) => requestLink({ email: v.email.trim() }).unwrap(),
    errors: FORGOT_PASSWORD_ERRORS,
    success: 'messages.resetLinkSent',
    // `next` goes back to the login and, kept, to the tab the reset mail's link opens.
    after: { ms: DELAYS.forgotPasswordRedirect, run: () => rememberReturnPath(next), to: loginPath(next) },
  });

  return (
    <Page title={t('titles.forgotPassword')}>
      <Card>
        <form onSubmit={form.onSubmit} noValidate>
          <p>{t('hints.forgotPassword')}</p>
          <TextField label={t('labels.email')} type="email" autoComplete="email" {...form.field('email')} />
          <FormActions form={form} submitLabel={t('buttons.sendResetLink')} />
        </form>
      </Card>
    </Page>
  );
}
